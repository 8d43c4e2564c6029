// Batch simulation plays each game in the state of the one before (`reuse`: no columns made per game). A game
// played so must be the game a new state plays: the same decisions, the same ending, the same final state; and
// a copy taken of the earlier game (which shares its zone lists) must not feel the new game being set up.
import { describe, expect, it } from 'vitest';
import { playout } from '../../engine/sim/playout.js';
import { stateHash } from '../../engine/replay.js';
import { cloneState } from '../../engine/state.js';
import { newGame, resolve } from '../../engine/flow.js';
import { nextPrompt } from '../../engine/sim/playout.js';
import { loadGame, rulesetPath } from '../helpers/game.js';
import type { State } from '../../engine/model.js';

const played = (r: ReturnType<typeof playout>) => ({ actions: r.actions, ending: r.ending, outcome: r.outcome, hash: stateHash(r.state) });

describe('a game played in the state of an earlier one', () => {
  for (const [file, counts] of [['babel-builders.yaml', [5, 10, 6, 5]], ['7-wonders.yaml', [3, 5]], ['bable.yaml', [2, 4]]] as const) {
    it(`plays as a new state does: ${file}, player counts ${counts.join(', ')} in turn`, () => {
      const g = loadGame(rulesetPath(file));
      let last: State | undefined;
      for (let i = 0; i < 12; i++) {
        const players = counts[i % counts.length]!;
        const fresh = played(playout(g, { players, seed: `reuse:${i}`, bot: 'random' }));
        const r = playout(g, { players, seed: `reuse:${i}`, bot: 'random', reuse: last });
        expect(played(r)).toEqual(fresh);
        // a state of another player count is not reused: a new one is made
        if (last && last.players !== players) expect(r.state).not.toBe(last);
        if (last && last.players === players) expect(r.state).toBe(last);
        last = r.state;
      }
    });
  }

  it('leaves a copy of the earlier game as it was, and the next new game as it would be', () => {
    const g = loadGame(rulesetPath('babel-builders.yaml'));
    const s = newGame(g, { players: 5, seed: 'copy' });
    // play a few decisions, take a copy (it shares the zone lists), play on, then set up a new game in `s`
    for (let k = 0; k < 6; k++) {
      const p = nextPrompt(s)!;
      resolve(s, g, p, p.options.slice(0, p.min));
    }
    const copy = cloneState(s);
    const before = stateHash(copy);
    const p = nextPrompt(s)!;
    resolve(s, g, p, p.options.slice(0, p.min));
    const again = newGame(g, { players: 5, seed: 'other', reuse: s });
    expect(again).toBe(s);
    expect(stateHash(copy)).toBe(before);
    expect(stateHash(again)).toBe(stateHash(newGame(g, { players: 5, seed: 'other' })));
    // the copy plays on as the game it was copied from would
    const q = nextPrompt(copy)!;
    resolve(copy, g, q, q.options.slice(0, q.min));
    expect(copy.ended === null || copy.ended.truncated === false).toBe(true);
  });
});
