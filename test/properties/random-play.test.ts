// Property: random legal play (uniform among legalActions of the lowest active seat, the choices drawn by
// fast-check) from any seed at any table size always reaches a real ending within a bound, never throws,
// and the engine counts exactly the decisions that had at least two legal choices.

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { babelBuilders } from '../helpers/game.js';
import { MAX_ACTIONS, picksArb, playRandom, playersArb, seedArb } from './support.js';

describe('random legal play (Babel Builders)', () => {
  const g = babelBuilders();

  it('always ends, untruncated, within the bound; s.actions counts the real decisions', () => {
    fc.assert(
      fc.property(playersArb, seedArb, picksArb, (players, seed, picks) => {
        let singles = 0;
        let before = 0;
        const r = playRandom(g, players, seed, picks, {
          atStart: (s) => { expect(s.actions).toBe(0); },
          after: (s, a) => {
            if (a.choices < 2) singles++;
            // the counter moves by one for a decision with a real choice, by zero for a forced one
            expect(s.actions).toBe(before + (a.choices >= 2 ? 1 : 0));
            before = s.actions;
          },
        });
        expect(r.s.ended, 'game did not end').not.toBeNull();
        expect(r.s.ended!.truncated, `truncated: ${r.s.ended!.message}`).toBe(false);
        expect(r.applied).toBeLessThanOrEqual(MAX_ACTIONS);
        expect(r.s.ended!.ending).not.toBeNull();
        expect(g.endingIds.has(r.s.ended!.ending!)).toBe(true);
        expect(r.s.ended!.winner).toBe(g.endingIds.get(r.s.ended!.ending!)!.winner);
        expect(r.s.actions).toBe(r.multi);
        // single-choice decisions are auto-resolved by the engine, so a client never sees one
        expect(singles).toBe(0);
      }),
      { numRuns: 400 },
    );
  });

  it('stays within a bound with 10 players and always the first / last legal action', () => {
    for (const players of [5, 10]) {
      for (const picks of [[0], [999_999]]) {
        for (let seed = 0; seed < 5; seed++) {
          const r = playRandom(g, players, seed, picks);
          expect(r.s.ended?.truncated).toBe(false);
          expect(r.s.actions).toBe(r.multi);
        }
      }
    }
  });
});
