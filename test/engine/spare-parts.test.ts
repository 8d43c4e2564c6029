// The flow keeps the frames of finished step lists for the next lists (flow/frames.ts), and a batch playout of
// random seats lends an answered decision's object and option list to the next one and writes each choice in
// one list (flow/decision.ts `spareDecision`). Those parts pass between games: a frame one game dropped is the
// next frame of another. Games must play as they would with every part new.
import { describe, expect, it } from 'vitest';
import { playout, nextPrompt } from '../../engine/sim/playout.js';
import { stateHash } from '../../engine/replay.js';
import { cloneState } from '../../engine/state.js';
import { newGame, resolve } from '../../engine/flow.js';
import { randomChoice } from '../../engine/bots/random.js';
import { botStreams } from '../../engine/bots/index.js';
import { botPrompt } from '../../engine/bots/options.js';
import { loadGame, rulesetPath } from '../helpers/game.js';
import type { Game, State } from '../../engine/model.js';

// (not Babel On!: random play there never ends, so each game would run to the step limit)
const FILES = [['babel-builders.yaml', 5], ['7-wonders.yaml', 3], ['bable.yaml', 3]] as const;

/** One random decision of a game, as the random bot takes it (new lists every time: nothing lent); false once
 *  the game has ended. */
function step(s: State, g: Game, rngs: Uint32Array[]): boolean {
  if (s.ended) return false;
  const p = nextPrompt(s);
  if (!p) return false;
  resolve(s, g, p, randomChoice(botPrompt(s, g, p), rngs[p.player]!));
  return true;
}

function alone(g: Game, players: number, seed: string): { hash: string; actions: number } {
  const s = newGame(g, { players, seed });
  const rngs = botStreams(seed, players);
  while (step(s, g, rngs));
  return { hash: stateHash(s), actions: s.actions };
}

describe('parts the flow keeps for the next decision', () => {
  for (const [file, players] of FILES) {
    it(`${file}: three games played turn about end as each played alone`, () => {
      const g = loadGame(rulesetPath(file));
      const seeds = ['spare:a', 'spare:b', 'spare:c'];
      const games = seeds.map((seed) => ({ s: newGame(g, { players, seed }), rngs: botStreams(seed, players) }));
      // a copy taken early plays on last: its frames are its own, whatever the others dropped meanwhile
      for (let k = 0; k < 7; k++) step(games[0]!.s, g, games[0]!.rngs);
      const copy = { s: cloneState(games[0]!.s), rngs: games[0]!.rngs.map((r) => r.slice()) };
      let moved = true;
      while (moved) {
        moved = false;
        // uneven turns, so that the games are at different depths of their flows when they trade frames
        for (let i = 0; i < games.length; i++) for (let k = 0; k <= i; k++) if (step(games[i]!.s, g, games[i]!.rngs)) moved = true;
      }
      while (step(copy.s, g, copy.rngs));
      for (let i = 0; i < games.length; i++) {
        const want = alone(g, players, seeds[i]!);
        expect(games[i]!.s.ended?.truncated).toBe(false);
        expect({ hash: stateHash(games[i]!.s), actions: games[i]!.s.actions }).toEqual(want);
      }
      expect({ hash: stateHash(copy.s), actions: copy.s.actions }).toEqual(alone(g, players, seeds[0]!));
    });

    it(`${file}: a random playout that lends its decisions plays the game a recorded one plays`, () => {
      const g = loadGame(rulesetPath(file));
      let last: State | undefined;
      for (let i = 0; i < 6; i++) {
        const seed = `lend:${i}`;
        // recorded: every choice is a list of its own and no decision is lent
        const kept = playout(g, { players, seed, bot: 'random', record: true });
        const lent = playout(g, { players, seed, bot: 'random', reuse: last });
        expect(lent.ending).toBe(kept.ending);
        expect(lent.actions).toBe(kept.actions);
        expect(stateHash(lent.state)).toBe(stateHash(kept.state));
        // the same game as one played decision by decision with new lists throughout
        expect(stateHash(lent.state)).toBe(alone(g, players, seed).hash);
        last = lent.state;
      }
    });
  }
});
