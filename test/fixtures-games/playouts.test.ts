// The three card-game fixtures validate with no warning and play to the end with random and greedy bots at their
// smallest and largest player counts, none truncated: 20 games each here, 200 each with `npm run sim:card-games`.

import { describe, expect, it } from 'vitest';
import { playout } from '../../engine/sim/playout.js';
import { diagnosticsOf, fixture } from './support.js';

const GAMES: [string, number, number, string[]][] = [
  ['hanabi', 2, 5, ['perfect', 'lastRound', 'storm']],
  ['dominion', 2, 4, ['final']],
  ['citadels', 4, 7, ['final']],
];

describe('the card-game fixtures', () => {
  for (const [name, min, max, endings] of GAMES) {
    it(`${name} loads with no error and no warning`, () => {
      expect(diagnosticsOf(name)).toEqual([]);
    });
    for (const players of [min, max]) {
      for (const bot of ['random', 'greedy'] as const) {
        it(`${name}: 20 games at ${players} players with ${bot} bots, every one played to an ending`, () => {
          const g = fixture(name);
          const seen = new Map<string, number>();
          for (let seed = 0; seed < 20; seed++) {
            const r = playout(g, { players, seed, bot });
            expect(r.truncated, `seed ${seed}`).toBe(false);
            expect(endings).toContain(r.ending);
            seen.set(r.ending!, (seen.get(r.ending!) ?? 0) + 1);
          }
          expect([...seen.values()].reduce((a, b) => a + b, 0)).toBe(20);
        });
      }
    }
  }
});
