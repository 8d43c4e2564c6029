// Property: random legal play (uniform among legalActions of the lowest active seat, the choices drawn by
// fast-check) from any seed at any table size always reaches a real ending within a bound, never throws,
// and the engine counts exactly the decisions that had at least two legal choices. A decision with a single
// legal choice is taken by the engine at once outside simultaneous steps (so no client sees one there), but
// inside a simultaneous step it stays open and must be answered like any other (answering at once would
// single out the seat that had no choice); such answers are applied actions that s.actions does not count.

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { State } from '../../engine/model.js';
import { activePlayers, choiceCount, promptOf } from '../../engine/flow.js';
import { babelBuilders } from '../helpers/game.js';
import { MAX_ACTIONS, picksArb, playRandom, playersArb, seedArb } from './support.js';

describe('random legal play (Babel Builders)', () => {
  const g = babelBuilders();

  /** Open decisions with a single legal choice outside a simultaneous step (a client must never see one). */
  function lonelyOutsideSimultaneous(s: State): string[] {
    if (s.par !== null) return [];
    return activePlayers(s).filter((p) => choiceCount(promptOf(s, p)!) < 2).map((p) => `seat ${p} has a one-choice decision open outside a simultaneous step (${JSON.stringify(promptOf(s, p))})`);
  }

  it('always ends, untruncated, within the bound; s.actions counts the real decisions', () => {
    let singlesInside = 0; // over all runs: one-choice decisions answered inside simultaneous steps
    fc.assert(
      fc.property(playersArb, seedArb, picksArb, (players, seed, picks) => {
        let singles = 0;
        let singlesOutside = 0;
        let before = 0;
        const r = playRandom(g, players, seed, picks, {
          atStart: (s) => {
            expect(s.actions).toBe(0);
            expect(lonelyOutsideSimultaneous(s)).toEqual([]);
          },
          after: (s, a) => {
            if (a.choices < 2) {
              singles++;
              if (a.simultaneous) singlesInside++;
              else singlesOutside++;
            }
            // the counter moves by one for a decision with a real choice, by zero for a forced one
            expect(s.actions).toBe(before + (a.choices >= 2 ? 1 : 0));
            before = s.actions;
            // outside simultaneous steps single-choice decisions are still taken by the engine at once
            expect(lonelyOutsideSimultaneous(s)).toEqual([]);
          },
        });
        expect(r.s.ended, 'game did not end').not.toBeNull();
        expect(r.s.ended!.truncated, `truncated: ${r.s.ended!.message}`).toBe(false);
        expect(r.applied).toBeLessThanOrEqual(MAX_ACTIONS);
        expect(r.s.ended!.ending).not.toBeNull();
        expect(g.endingIds.has(r.s.ended!.ending!)).toBe(true);
        expect(r.s.ended!.winner).toBe(g.endingIds.get(r.s.ended!.ending!)!.winner);
        // s.actions = the applied actions that had at least two legal choices; the others were forced
        expect(r.s.actions).toBe(r.multi);
        expect(r.applied).toBe(r.multi + singles);
        // a client sees (and answers) a one-choice decision only inside a simultaneous step
        expect(singlesOutside).toBe(0);
      }),
      { numRuns: 400 },
    );
    // the new behaviour is exercised: forced decisions inside simultaneous steps are asked, not auto-taken
    expect(singlesInside).toBeGreaterThan(0);
  });

  it('also ends for fixed pick sequences (always the first option, always a far index) at 5 and 10 players', () => {
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
