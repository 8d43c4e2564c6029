// The `ahead` bot (engine/bots/ahead.ts): each option played on the same copies, every later decision as greedy
// would, judged by the objective a step later.
//  - it is registered and written `ahead` or `ahead:N` (copies);
//  - one `ahead` seat among greedy plays a whole 7 Wonders game, every choice among the options offered, and the
//    same seed gives the same game, choice by choice;
//  - a seat deciding later in a simultaneous step decides the same whatever an earlier seat committed (it plans on
//    copies of what it sees: the other seats' committed choices are hidden from it);
//  - the same position decided twice with the same stream gives the same choice, among the options offered.

import { describe, expect, it } from 'vitest';
import type { Choice, Game, State } from '../../engine/model.js';
import { choices, newGame, resolve } from '../../engine/flow.js';
import { cloneState } from '../../engine/state.js';
import { seedRng } from '../../engine/rng.js';
import { aheadChoice, AHEAD_DEFAULT_COPIES } from '../../engine/bots/ahead.js';
import { botChoice, botNames, botStreams, parseBot, resolveBot } from '../../engine/bots/index.js';
import { nextPrompt } from '../../engine/sim/playout.js';
import { sameValue } from '../../engine/expr/value.js';
import { loadGame, rulesetPath } from '../helpers/game.js';
import { committed } from '../helpers/step.js';

const sevenWonders = loadGame(rulesetPath('7-wonders.yaml'));

/** A 3-player 7 Wonders game with `ahead:1` in seat 0 and greedy in the others: every decision taken. */
function playGame(g: Game, seed: string): { s: State; taken: { player: number; choice: Choice }[] } {
  const s = newGame(g, { players: 3, seed, log: false });
  const rngs = botStreams(seed, 3);
  const seats = ['ahead:1', 'greedy', 'greedy'];
  const taken: { player: number; choice: Choice }[] = [];
  for (let k = 0; k < 2000 && !s.ended; k++) {
    const p = nextPrompt(s)!;
    const choice = botChoice(seats[p.player]!, s, g, p, rngs[p.player]!);
    expect(choice.length).toBeGreaterThanOrEqual(p.min);
    expect(choice.length).toBeLessThanOrEqual(p.max);
    for (const x of choice) expect(p.options.some((o) => sameValue(o, x)), 'a choice among the options offered').toBe(true);
    taken.push({ player: p.player, choice });
    resolve(s, g, p, choice);
  }
  return { s, taken };
}

/** Plays random decisions until a simultaneous step has every seat deciding (the `skip`-th such step). */
function atSimultaneousStep(g: Game, seed: string, skip: number): State {
  const s = newGame(g, { players: 3, seed, log: false });
  const rngs = botStreams(seed, 3);
  let seen = 0;
  for (let k = 0; k < 3000 && !s.ended; k++) {
    if (s.simultaneous && s.simultaneous.threads.every((t) => t.prompt) && seen++ >= skip) return s;
    const p = nextPrompt(s)!;
    resolve(s, g, p, botChoice('random', s, g, p, rngs[p.player]!));
  }
  throw new Error('no such step');
}

describe('the ahead bot', () => {
  it('is written ahead or ahead:N, N copies', () => {
    expect(parseBot(' Ahead ')).toBe('ahead');
    expect(parseBot('ahead:12')).toBe('ahead:12');
    expect(botNames()).toContain('ahead');
    expect(parseBot('ahead:0')).toBeNull();
    expect(resolveBot('ahead').budget).toBe(AHEAD_DEFAULT_COPIES);
    expect(resolveBot('ahead:5')).toMatchObject({ entry: { name: 'ahead', atTable: false }, budget: 5 });
  });

  it('plays a whole 7 Wonders game among greedy seats, legally; the same seed gives the same game', () => {
    const g = sevenWonders;
    const a = playGame(g, 'ahead:game');
    expect(a.s.ended).not.toBeNull();
    expect(a.s.ended!.truncated).toBeFalsy();
    const mine = a.taken.filter((x) => x.player === 0);
    expect(mine.length).toBeGreaterThanOrEqual(18); // 6 turns in each of 3 Ages, and the payments
    const b = playGame(g, 'ahead:game');
    expect(b.taken).toEqual(a.taken);
    expect(b.s.vars).toEqual(a.s.vars);
  });


  it('a later seat decides the same whatever an earlier seat committed in the step (7 Wonders)', () => {
    const g = sevenWonders;
    let compared = 0;
    for (let i = 0; i < 6 && compared < 3; i++) {
      const s = atSimultaneousStep(g, `ahead:later:${i}`, i);
      const opts = choices(s.simultaneous!.threads.find((t) => t.player === 0)!.prompt!);
      if (opts.length < 2) continue;
      const a = committed(s, g, 0, opts[0]!);
      const b = committed(s, g, 0, opts[opts.length - 1]!);
      if (!a || !b) continue;
      const pa = a.simultaneous!.threads.find((t) => t.player === 1)!.prompt!;
      const pb = b.simultaneous!.threads.find((t) => t.player === 1)!.prompt!;
      expect(aheadChoice(b, g, pb, seedRng(i, 'later'), 2)).toEqual(aheadChoice(a, g, pa, seedRng(i, 'later'), 2));
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(2);
  });

  it('decides from the view and its stream only: the same position and stream give the same choice', () => {
    const g = sevenWonders;
    const choicesSeen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const s = atSimultaneousStep(g, `ahead:same:${i}`, 2 * i);
      const p = s.simultaneous!.threads.find((t) => t.player === 2)!.prompt!;
      const x = aheadChoice(s, g, p, seedRng(i, 'same'), 2);
      expect(aheadChoice(cloneState(s), g, p, seedRng(i, 'same'), 2)).toEqual(x);
      expect(p.options.some((o) => sameValue(o, x[0]))).toBe(true);
      choicesSeen.add(JSON.stringify(x));
    }
    expect(choicesSeen.size).toBeGreaterThan(1);
  });
});
