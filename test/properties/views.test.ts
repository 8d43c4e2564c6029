// Property: views never leak. After every action of random legal play, for every seat: the view shows a
// card only where the rules let that seat see it (own hand/staged/discards, the Master's received cards,
// public zones) or when the card is revealed; roles only their own, revealed ones, or all after the end.
// The rendered log agrees with the `seen` masks (a hidden card reads 'a card'), and the masks themselves
// agree with an independent reading of the rules.

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { State } from '../../engine/model.js';
import { renderLog, view } from '../../engine/view.js';
import { babelBuilders } from '../helpers/game.js';
import {
  checkOracleCoversZones,
  maskProblems,
  picksArb,
  playRandom,
  playersArb,
  renderedEntryProblems,
  seedArb,
  viewProblems,
} from './support.js';

describe('views never leak (Babel Builders)', () => {
  const g = babelBuilders();

  it('the visibility oracle knows every zone of the ruleset', () => {
    expect(() => checkOracleCoversZones(g)).not.toThrow();
  });

  it('zones, roles and prompts in every view after every action show only what the seat may see', () => {
    fc.assert(
      fc.property(playersArb, seedArb, picksArb, (players, seed, picks) => {
        const check = (s: State, when: string) => {
          for (let p = 0; p < s.n; p++) {
            const problems = viewProblems(s, g, p, view(s, g, p));
            if (problems.length) throw new Error(`${when}, seat ${p}:\n${problems.join('\n')}`);
          }
        };
        playRandom(g, players, seed, picks, {
          atStart: (s) => check(s, 'after setup'),
          after: (s, a) => check(s, `after ${JSON.stringify(a.action)}`),
        });
      }),
      { numRuns: 60 },
    );
  });

  it('log lines name a card only to seats in its seen mask, and the masks follow the rules', () => {
    fc.assert(
      fc.property(playersArb, seedArb, picksArb, (players, seed, picks) => {
        let checkedTo = 0;
        const checkEntries = (s: State, when: string) => {
          const fresh = s.log!.slice(checkedTo);
          checkedTo = s.log!.length;
          for (const e of fresh) {
            for (let p = 0; p < s.n; p++) {
              const problems = renderedEntryProblems(s, g, e, p);
              if (problems.length) throw new Error(`${when}, entry ${JSON.stringify(e)}:\n${problems.join('\n')}`);
            }
          }
        };
        const r = playRandom(g, players, seed, picks, {
          log: true,
          pre: true,
          atStart: (s) => checkEntries(s, 'setup'),
          after: (s, a) => {
            checkEntries(s, `after ${JSON.stringify(a.action)}`);
            const problems = maskProblems(a.pre!, s, g, a);
            if (problems.length) throw new Error(`after ${JSON.stringify(a.action)}:\n${problems.join('\n')}`);
          },
        });
        // the view's log is exactly the per-entry renderings (so the per-entry checks cover what is shown)
        for (let p = 0; p < r.s.n; p++) {
          expect(view(r.s, g, p).log).toEqual(r.s.log!.flatMap((e) => renderLog([e], r.s, g, p)));
        }
      }),
      { numRuns: 80 },
    );
  });

  it('setup moves: initial hands are dealt face down to their owners only', () => {
    fc.assert(
      fc.property(playersArb, seedArb, (players, seed) => {
        const r = playRandom(g, players, seed, [0], { log: true, stopAfter: 0 });
        const s = r.s;
        for (const e of s.log!) {
          for (let p = 0; p < s.n; p++) {
            const problems = renderedEntryProblems(s, g, e, p);
            if (problems.length) throw new Error(problems.join('\n'));
          }
        }
        // a seat's rendered setup log never names a card now in another seat's hand
        for (let p = 0; p < s.n; p++) {
          const lines = view(s, g, p).log;
          for (let q = 0; q < s.n; q++) {
            if (q === p) continue;
            for (const line of lines) {
              if (!line.endsWith(`→ hand of Player ${q + 1}`)) continue;
              expect(line.replace(/: [^:]*$/, ''), `seat ${p} reads ${line}`).toMatch(/^(\d+ × )?a card$/);
            }
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});
