// `babelkit validate` and `babelkit simulate` on Babel On! through the real binary.

import { describe, expect, it } from 'vitest';
import { babelkit } from './run.js';

const BO = 'rulesets/babel-on.yaml';

describe('babelkit on Babel On!', () => {
  it('validate exits 0', () => {
    const r = babelkit('validate', BO);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('rulesets/babel-on.yaml: ok (Babel On!');
  });

  it('simulate --bot greedy --json: every game ends with a nation winning; wins are reported per nation (seat)', () => {
    const r = babelkit('simulate', BO, '--players', '2', '--games', '6', '--seed', '3', '--bot', 'greedy', '--json');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({ ruleset: 'babel-on', games: 6, players: 2, truncated: 0 });
    expect(Object.keys(j.wins)).toEqual(['red', 'blue', 'green', 'yellow', 'white', 'black']);
    expect(j.wins.red + j.wins.blue).toBe(6);
    expect(j.endings['perfect-tower'] + j.endings['last-standing']).toBe(6);
  });

  it('simulate --bot random --json: games stopped by the step limit are reported as truncated, with the reason', () => {
    const r = babelkit('simulate', BO, '--players', '3', '--games', '2', '--seed', '3', '--bot', 'random', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
    expect(sum(j.wins)).toBe(2);
    expect(j.truncated).toBe(sum(j.truncations));
    for (const why of Object.keys(j.truncations)) expect(why).toMatch(/^stopped after 40000 steps/);
  });

  it('an unknown option value is rejected clearly', () => {
    const r = babelkit('simulate', BO, '--players', '2', '--games', '1', '--seed', '1', '--option', 'supportNeded=false');
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/supportNeded/);
  });
});
