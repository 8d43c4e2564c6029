// The ISMCTS trees' keys (engine/bots/ismcts-tree.ts, TreeKeys): two actions share a branch of a seat's tree
// exactly when that seat cannot tell them apart. Checked on Babel Builders hands (the seats choose the card they
// hand to the Master at once, each hand seen by its owner only):
//  - the mover knows a card it chooses by what it is, wherever it lies;
//  - another seat knows nothing of a choice made inside a simultaneous step but who made it;
//  - outside one, a seat knows a card it cannot see by its place only: a copy that redeals the hidden cards
//    (determinize.ts) gives it the same keys, while the owner's keys follow the cards;
//  - a choice of several values is known as the set of them, and other values by their text.

import { describe, expect, it } from 'vitest';
import type { Game, OpenPrompt, State } from '../../engine/model.js';
import * as flow from '../../engine/flow.js';
import { seedRng } from '../../engine/rng.js';
import { determinize } from '../../engine/bots/determinize.js';
import { botChoice, botStreams } from '../../engine/bots/index.js';
import { TreeKeys } from '../../engine/bots/ismcts-tree.js';
import { nextPrompt } from '../../engine/sim/playout.js';
import { cloneState } from '../../engine/state.js';
import { loadGame, rulesetPath } from '../helpers/game.js';

const g: Game = loadGame(rulesetPath('babel-builders.yaml'));

/** A 5-player game played at random to a turn where the seats but the Master choose a card of their hands. */
function aTurn(seed: string): State {
  for (let n = 0; n < 20; n++) {
    const s = flow.newGame(g, { players: 5, seed: `${seed}:${n}`, log: false });
    const rngs = botStreams(`${seed}:${n}`, 5);
    for (let k = 0; k < 5000 && !s.ended; k++) {
      const th = s.simultaneous?.threads ?? [];
      // seats 0, 1 and 2 among those choosing (the Master does not)
      if (k > 8 && [0, 1, 2].every((q) => th.some((t) => t.player === q)) && th.every((t) => t.prompt && g.promptSteps[t.prompt.key]!.prompt.kind.cards)) return s;
      const p = nextPrompt(s)!;
      flow.resolve(s, g, p, botChoice('random', s, g, p, rngs[p.player]!));
    }
  }
  throw new Error('no such turn');
}

const promptOf = (s: State, seat: number): OpenPrompt => s.simultaneous!.threads.find((t) => t.player === seat)!.prompt!;
const handOf = (s: State, seat: number): number[] => {
  const p = promptOf(s, seat);
  const z = s.loc[p.options[0] as number]!;
  return [...s.zones[z]!];
};
/** The same position with the simultaneous step set aside: as a decision taken in the open would be known. */
const inTheOpen = (s: State): State => Object.assign(cloneState(s), { simultaneous: null });

describe('the ISMCTS trees\' keys', () => {
  it('the mover knows its cards by what they are; the others know only who chose, inside a simultaneous step', () => {
    const s = aTurn('keys:1');
    const tk = new TreeKeys(s.players);
    const p = promptOf(s, 0);
    const hand = handOf(s, 0);
    expect(hand.length).toBeGreaterThan(2);
    expect(g.promptSteps[p.key]!.prompt.kind.cards).toBe(true);
    const own = hand.map((e) => tk.choice(s, g, p, [e], 0));
    const defs = hand.map((e) => g.entityDef[e]!);
    for (let i = 0; i < hand.length; i++) {
      for (let j = 0; j < hand.length; j++) expect(own[i] === own[j], `cards ${i} and ${j}`).toBe(defs[i] === defs[j]);
    }
    expect(tk.choice(s, g, p, [hand[0]!], 0), 'asked again').toBe(own[0]);
    // seats 1 and 2 see one key for whatever seat 0 chose; what seat 0 sees of seat 1's choice is another
    const seen = new Set(hand.flatMap((e) => [tk.observed(s, g, p, [e], 1), tk.observed(s, g, p, [e], 2)]));
    expect(seen.size).toBe(1);
    expect(own).not.toContain([...seen][0]);
    expect(tk.observed(s, g, promptOf(s, 1), [handOf(s, 1)[0]!], 0)).not.toBe([...seen][0]);
  });

  it('outside one, a card another seat cannot see is known by its place: the same keys in a copy that redeals it', () => {
    const real = aTurn('keys:2');
    const p = promptOf(real, 0);
    const z = real.loc[p.options[0] as number]!; // seat 0's hand
    const s = inTheOpen(real);
    const tk = new TreeKeys(s.players);
    const hand = [...s.zones[z]!];
    const bySeat1 = hand.map((e) => tk.observed(s, g, p, [e], 1));
    expect(new Set(bySeat1).size, 'each position its own key').toBe(hand.length);
    let redealt = 0;
    for (let k = 0; k < 8; k++) {
      const d = inTheOpen(determinize(real, g, 1, seedRng(k, 'keys')));
      const copyHand = [...d.zones[z]!];
      expect(copyHand.map((e) => tk.observed(d, g, p, [e], 1)), 'seat 1 cannot tell the copy apart').toEqual(bySeat1);
      copyHand.forEach((e, i) => {
        if (g.entityDef[e] === g.entityDef[hand[i]!]) return;
        redealt++;
        expect(tk.choice(d, g, p, [e], 0), 'the owner can').not.toBe(tk.choice(s, g, p, [hand[i]!], 0));
      });
    }
    expect(redealt, 'the copies redealt seat 0\'s hand').toBeGreaterThan(5);
  });

  it('a choice of several values is known as the set of them; other values by their text; roots apart', () => {
    const s = aTurn('keys:3');
    const tk = new TreeKeys(s.players);
    const p = promptOf(s, 0);
    const [a, b, c] = handOf(s, 0);
    expect(tk.choice(s, g, p, [a, b], 0)).toBe(tk.choice(s, g, p, [b, a], 0));
    expect(tk.choice(s, g, p, [a, b], 0)).not.toBe(tk.choice(s, g, p, [a], 0));
    if (g.entityDef[b!] !== g.entityDef[c!]) expect(tk.choice(s, g, p, [a, b], 0)).not.toBe(tk.choice(s, g, p, [a, c], 0));
    // a prompt of other values (its step need not offer cards): the same text, the same key; another seat's or
    // another step's prompt, another key
    const other = g.promptSteps.findIndex((st) => !st.prompt.kind.cards);
    expect(other).toBeGreaterThanOrEqual(0);
    const q = { ...p, key: other } as OpenPrompt;
    const build = tk.choice(s, g, q, ['A3'], 0);
    expect(tk.choice(s, g, q, ['A3'], 0)).toBe(build);
    expect(tk.choice(s, g, q, ['B3'], 0)).not.toBe(build);
    expect(tk.choice(s, g, { ...q, player: 1 }, ['A3'], 0)).not.toBe(build);
    expect(tk.choice(s, g, { ...q, key: g.promptSteps.findIndex((st, i) => i !== other && !st.prompt.kind.cards) }, ['A3'], 0)).not.toBe(build);
    expect(tk.choice(s, g, q, [{ n: 1 }], 0)).toBe(tk.choice(s, g, q, [{ n: 1 }], 0));
    const roots = [0, 1, 2].map((i) => tk.rootKey(i));
    expect(new Set(roots).size).toBe(3);
    for (const r of roots) expect([build, tk.observed(s, g, p, [a], 1), tk.choice(s, g, p, [a], 0)]).not.toContain(r);
  });
});
