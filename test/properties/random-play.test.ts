// Property: random legal play (uniform among legalActions of the lowest active seat, the choices drawn by
// fast-check) from any seed at any table size always reaches a real ending within a bound, never throws,
// and the engine counts exactly the decisions that had at least two legal choices. A decision with a single
// legal choice is taken by the engine at once outside simultaneous steps (so no client sees one there),
// unless its step sets `prompt.alwaysAsk` (Babel Builders: round/swap-take and round/swap-give, where how
// many choices the Master has is the Master's secret); inside a simultaneous step it stays open and must be
// answered like any other (answering at once would single out the seat that had no choice). Such answers
// are applied actions that s.actions does not count.

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { State } from '../../engine/model.js';
import { activePlayers, choiceCount, promptOf } from '../../engine/flow.js';
import { babelBuilders } from '../helpers/game.js';
import { MAX_ACTIONS, picksArb, playRandom, playersArb, seedArb } from './support.js';

describe('random legal play (Babel Builders)', () => {
  const g = babelBuilders();

  const alwaysAskKey = (key: number) => g.promptSteps[key]!.prompt.alwaysAsk === true;
  const alwaysAskPaths = new Set(Object.values(g.promptSteps).filter((d) => d.prompt.alwaysAsk).map((d) => d.path));

  /**
   * Open decisions with a single legal choice outside a simultaneous step whose step does not set
   * `alwaysAsk` (a client must never see one).
   */
  function lonelyOutsideSimultaneous(s: State): string[] {
    if (s.simultaneous !== null) return [];
    return activePlayers(s)
      .filter((p) => choiceCount(promptOf(s, p)!) < 2 && !alwaysAskKey(promptOf(s, p)!.key))
      .map((p) => `seat ${p} has a one-choice decision open outside a simultaneous step (${JSON.stringify(promptOf(s, p))})`);
  }

  it('the ruleset asks exactly the swap decisions even when they are forced', () => {
    // a change of the ruleset must update this test
    expect([...alwaysAskPaths].sort()).toEqual(['round/swap-give', 'round/swap-take']);
  });

  it('always ends, untruncated, within the bound; s.actions counts the real decisions', () => {
    let singlesInside = 0; // over all runs: one-choice decisions answered inside simultaneous steps
    const singlesAsked = new Map<string, number>(); // over all runs: one-choice `alwaysAsk` decisions answered outside them
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
              else if (alwaysAskPaths.has(a.action.step)) singlesAsked.set(a.action.step, (singlesAsked.get(a.action.step) ?? 0) + 1);
              else singlesOutside++;
            }
            // the counter moves by one for a decision with a real choice, by zero for a forced one
            expect(s.actions).toBe(before + (a.choices >= 2 ? 1 : 0));
            before = s.actions;
            // outside simultaneous steps single-choice decisions are still taken by the engine at once,
            // unless their step says `alwaysAsk`
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
        // a client sees (and answers) a one-choice decision only inside a simultaneous step or at an
        // `alwaysAsk` step
        expect(singlesOutside).toBe(0);
      }),
      { numRuns: 400 },
    );
    // the new behaviour is exercised: forced decisions inside simultaneous steps are asked, not auto-taken,
    // and so is a forced take of a single received Divine Punishment card
    expect(singlesInside).toBeGreaterThan(0);
    expect(singlesAsked.get('round/swap-take') ?? 0).toBeGreaterThan(0);
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
