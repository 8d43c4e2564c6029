// `babelkit ladder`: the bots against each other, as a designer reads it.
//  - Babel On! with random and greedy, 10 games a pair: a 2×2 matrix; each cell's edge is its rate minus the same
//    seat's rate with the column's bot everywhere (the diagonal of that column), greedy among random clearly
//    stronger; the first seat's advantage is seat 1's rate minus an average seat's; the text shows the JSON's
//    figures.
//  - Bots given stronger first: the warning says the later one does not clearly beat the earlier.
//  - Bad arguments get a clear message.

import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { babelkit } from './run.js';
import { text } from '../../cli/ladder.js';
import { loadGame, ROOT } from '../helpers/game.js';

const BO = 'rulesets/babel-on.yaml';

describe('babelkit ladder', () => {
  it('prints the matchup matrix with intervals and the first seat\'s advantage (text and JSON)', () => {
    const r = babelkit('ladder', BO, '--players', '2', '--games', '10', '--seed', '1', '--bots', 'random,greedy', '--json');
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.bots).toEqual(['random', 'greedy']);
    expect(j.cells).toHaveLength(2);
    for (let a = 0; a < 2; a++) {
      for (let b = 0; b < 2; b++) {
        const c = j.cells[a][b];
        expect([c.strong, c.weak]).toEqual([j.bots[a], j.bots[b]]);
        expect(c.games).toBe(10);
        expect(c.rate).toBeCloseTo(c.wins / 10, 12);
        expect(c.low).toBeLessThanOrEqual(c.rate);
        expect(c.high).toBeGreaterThanOrEqual(c.rate);
        // the baseline is the same seat in the column's own games: the diagonal cell of that column
        expect(c.baseline.wins).toBe(j.cells[b][b].wins);
        expect(c.edge.value).toBeCloseTo(c.rate - c.baseline.rate, 12);
      }
    }
    expect(j.cells[1][0].verdict).toBe('stronger'); // one greedy seat among random
    expect(j.inversions).toEqual([]);
    for (const f of j.firstSeat) expect(f.advantage.value).toBeCloseTo(f.rate - f.share, 12);
    // the text the command prints for that report (the same function, without playing the games again)
    const t = { stdout: text(j, loadGame(resolve(ROOT, BO)), j.seconds) };
    expect(t.stdout).toMatch(/Babel On! — ladder, 2 players, 10 games a pair, seed 1/);
    const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
    const g = j.cells[1][0];
    expect(t.stdout).toContain(`greedy    ${pct(g.rate)} (${pct(g.low)}–${pct(g.high)}) +${(100 * g.edge.value).toFixed(1)} ▲`);
    expect(t.stdout).toMatch(/First seat's advantage \(every seat the same bot\)/);
    expect(t.stdout).toContain(`greedy    seat 1 wins ${pct(j.firstSeat[1].rate)}`);
    expect(t.stdout).not.toMatch(/Warnings/);
  }, 300_000);

  it('warns where a bot meant to be stronger does not clearly beat a weaker one', () => {
    const t = babelkit('ladder', BO, '--players', '2', '--games', '4', '--seed', '1', '--bots', 'greedy,random');
    expect(t.stdout).toMatch(/Warnings\n {2}! random does not clearly beat greedy: one random seat among greedy wins −\d+\.\d points/);
  }, 300_000);

  it('rejects bad arguments with a clear message', () => {
    const e = (...a: string[]) => babelkit('ladder', BO, '--players', '2', '--games', '2', '--seed', '1', ...a).stderr;
    expect(e('--bots', 'random')).toMatch(/--bots needs at least two bots/);
    expect(e('--bots', 'random,clever')).toMatch(/--bots: 'clever' is not a bot/);
    expect(e('--bots', 'greedy,greedy')).toMatch(/names a bot twice/);
    expect(babelkit('ladder', BO, '--games', '2', '--seed', '1').stderr).toMatch(/--players is required/);
  });
});
