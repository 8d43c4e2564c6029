// The command line on Bable: both rulesets validate; simulate runs for every table size with both bots
// and reports the cooperative outcome (builders or none), never a truncated game.

import { describe, expect, it } from 'vitest';
import { babelkit } from './run.js';

describe('babelkit on Bable', () => {
  it('validates the basic game and the advanced variant', () => {
    const r = babelkit('validate', 'rulesets/bable.yaml', 'rulesets/variants/bable-advanced.yaml');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/bable\.yaml: ok/);
    expect(r.stdout).toMatch(/bable-advanced\.yaml: ok/);
  });

  for (const file of ['rulesets/bable.yaml', 'rulesets/variants/bable-advanced.yaml']) {
    for (const bot of ['random', 'greedy']) {
      it(`simulate ${file} --bot ${bot}: 2–5 players, no truncated game`, () => {
        // one run for every table size: one report each
        const r = babelkit('simulate', file, '--players', '2-5', '--games', '4', '--seed', '5', '--bot', bot, '--json');
        expect(r.code, r.stderr).toBe(0);
        const reps = JSON.parse(r.stdout) as { players: number; truncated: number; wins: Record<string, number>; endings: Record<string, number> }[];
        expect(reps.map((rep) => rep.players)).toEqual([2, 3, 4, 5]);
        for (const rep of reps) {
          expect(rep.truncated).toBe(0);
          expect(rep.wins.builders! + rep.wins.none!).toBe(4);
          expect(rep.endings['tower-complete']! + rep.endings['tower-fell']!).toBe(4);
        }
      });
    }
  }
});
