// Bable setup and the starting player (rulebook "Setup" and "Gameplay"), checked on fresh games the way a
// player checks the table: what lies in each supply and hand, what the others can see of it, how the idea
// decks are built, and who starts.

import { describe, expect, it } from 'vitest';
import type { Game, State } from '../../engine/model.js';
import { act, activePlayers, cardsIn, count, getVar, start, stepOf, view } from '../helpers/game.js';
import { bable, bableAdvanced } from './bable-setup.js';

const SEEDS = [1, 2, 3, 7, 42, 'abc'];
const COMMANDS = ['build', 'draw', 'give', 'reveal'];
// Rulebook: "Deck 1 — At 2/3/4/5 players: 6/7/8/9 Word cards, 7/6/5/5 Building cards"; decks 2–4 fixed.
const DECK1: Record<number, { words: number; buildings: number }> = {
  2: { words: 6, buildings: 7 }, 3: { words: 7, buildings: 6 }, 4: { words: 8, buildings: 5 }, 5: { words: 9, buildings: 5 },
};
const UPPER = { L2: { words: 5, buildings: 2 }, L3: { words: 3, buildings: 1 }, L4: { words: 2, buildings: 0 } };

const field = (g: Game, id: string, f: string) => g.cards.find((c) => c.id === id)!.fields[f];
const typeOf = (g: Game, id: string) => g.cards.find((c) => c.id === id)!.type;
const seats = (n: number) => Array.from({ length: n }, (_, p) => p);

describe('Bable setup', () => {
  for (const n of [2, 3, 4, 5]) {
    it(`${n} players: 3 resources face up in each supply, seen by everyone; the rest a face-down deck`, () => {
      const g = bable();
      const s = start(g, n, 5);
      for (const p of seats(n)) {
        const mine = cardsIn(s, g, 'resources', p);
        expect(mine).toHaveLength(3);
        for (const id of mine) expect(typeOf(g, id)).toBe('resource');
        // another seat reads the very cards
        const other = (p + 1) % n;
        expect(((view(s, g, other).zones.resources as any[])[p].cards as any[]).map((c) => c.id)).toEqual(mine);
      }
      expect(count(s, g, 'resourceDeck')).toBe(36 - 3 * n);
      expect((view(s, g, 0).zones as any).resourceDeck).toEqual({ count: 36 - 3 * n });
    });

    it(`${n} players: each hand holds the player's 4 starting words with one replaced by a dealt word card of the same symbol`, () => {
      const g = bable();
      for (const seed of SEEDS) {
        const s = start(g, n, seed);
        const discard = cardsIn(s, g, 'wordDiscard');
        expect(discard).toHaveLength(n);
        for (const p of seats(n)) {
          const hand = cardsIn(s, g, 'hand', p);
          // one card per command symbol
          expect(hand.map((id) => field(g, id, 'command')).sort()).toEqual(COMMANDS);
          const dealt = hand.filter((id) => field(g, id, 'colour') === 0);
          const own = hand.filter((id) => field(g, id, 'colour') === p + 1);
          expect(dealt).toHaveLength(1);
          expect(own).toHaveLength(3);
          // the starting card of the dealt card's symbol went to the discard, face down
          expect(discard).toContain(`start${p + 1}-${field(g, dealt[0]!, 'command')}`);
          // the others see only that 4 cards are held; the owner sees them
          expect((view(s, g, (p + 1) % n).zones.hand as any[])[p]).toEqual({ count: 4 });
          expect(((view(s, g, p).zones.hand as any[])[p].cards as any[]).map((c) => c.id)).toEqual(hand);
        }
        expect((view(s, g, 0).zones as any).wordDiscard).toEqual({ count: n });
        // the starting words of the colours nobody plays stay in the box
        const box = cardsIn(s, g, 'box');
        for (let colour = n + 1; colour <= 5; colour++) for (const c of COMMANDS) expect(box).toContain(`start${colour}-${c}`);
      }
    });

    it(`${n} players: one building card face down in each supply — its owner may look, the others see a card back`, () => {
      const g = bable();
      const s = start(g, n, 11);
      for (const p of seats(n)) {
        const down = cardsIn(s, g, 'buildingsDown', p);
        expect(down).toHaveLength(1);
        expect(typeOf(g, down[0]!)).toBe('building');
        expect(count(s, g, 'buildingsUp', p)).toBe(0);
        expect(((view(s, g, p).zones.buildingsDown as any[])[p].cards as any[])[0].id).toBe(down[0]);
        expect((view(s, g, (p + 1) % n).zones.buildingsDown as any[])[p]).toEqual({ count: 1 });
      }
    });

    it(`${n} players: the four idea decks hold ${DECK1[n]!.words}+${DECK1[n]!.buildings}, 5+2, 3+1 and 2+0 word and building cards; the tower is empty`, () => {
      const g = bable();
      for (const seed of SEEDS) {
        const s = start(g, n, seed);
        const kinds = (l: string) => {
          const ids = cardsIn(s, g, 'ideas', undefined, l);
          return { words: ids.filter((id) => typeOf(g, id) === 'word').length, buildings: ids.filter((id) => typeOf(g, id) === 'building').length };
        };
        expect(kinds('L1')).toEqual(DECK1[n]);
        for (const [l, k] of Object.entries(UPPER)) expect(kinds(l)).toEqual(k);
        // idea decks hold only the 25 word cards (never a starting word) and the 16 buildings
        for (const l of ['L1', 'L2', 'L3', 'L4']) for (const id of cardsIn(s, g, 'ideas', undefined, l)) if (typeOf(g, id) === 'word') expect(field(g, id, 'colour')).toBe(0);
        // what is left over stays out of the game, unseen
        const wordsUsed = n + DECK1[n]!.words + 5 + 3 + 2;
        const buildingsUsed = n + DECK1[n]!.buildings + 2 + 1;
        expect(count(s, g, 'wordPile')).toBe(25 - wordsUsed);
        expect(count(s, g, 'buildingPile')).toBe(16 - buildingsUsed);
        for (const l of ['L1', 'L2', 'L3', 'L4']) expect(count(s, g, 'tower', undefined, l)).toBe(0);
        expect((view(s, g, 0).zones as any).ideas.L1).toEqual({ count: DECK1[n]!.words + DECK1[n]!.buildings });
      }
    });
  }

  it('the idea decks are shuffled: deck 1 does not always hold the same cards in the same order', () => {
    const g = bable();
    const orders = new Set(SEEDS.map((seed) => cardsIn(start(g, 3, seed), g, 'ideas', undefined, 'L1').join(',')));
    expect(orders.size).toBe(SEEDS.length);
  });

  it('the basic game keeps the Confusion cards in the box; the advanced game shuffles all 9 into their deck', () => {
    const basic = bable();
    const s1 = start(basic, 4, 3);
    expect(count(s1, basic, 'confusionDeck')).toBe(0);
    expect(cardsIn(s1, basic, 'box').filter((id) => typeOf(basic, id) === 'confusion')).toHaveLength(9);
    const adv = bableAdvanced();
    const s2 = start(adv, 4, 3);
    expect(count(s2, adv, 'confusionDeck')).toBe(9);
    expect((view(s2, adv, 0).zones as any).confusionDeck).toEqual({ count: 9 });
  });
});

/** The current player reveals twice (always possible), ending their turn. */
function revealTwice(s: State, g: Game, p: number): void {
  for (let k = 0; k < 2; k++) {
    act(s, g, p, 'reveal');
    if (stepOf(s, g, p) === 'turn/actions/reveal-own') act(s, g, p, cardsIn(s, g, 'hand', p)[0]!);
  }
}

describe('Bable: the starting player', () => {
  // Rulebook: "The player who most recently spoke a language that's not their native tongue, is the
  // starting player." The ruleset cannot ask, so (a ruling) a random player starts.
  for (const n of [2, 4, 5]) {
    it(`${n} players: a random player starts, is named in the log and is the only one asked`, () => {
      const g = bable();
      const starters = new Set<number>();
      for (let seed = 1; seed <= 30; seed++) {
        const s = start(g, n, seed);
        const c = getVar(s, g, 'current') as number;
        starters.add(c);
        expect(activePlayers(s)).toEqual([c]);
        expect(stepOf(s, g, c)).toBe('turn/actions/choose');
        expect(view(s, g, (c + 1) % n).log).toContain(`Player ${c + 1} starts.`);
      }
      expect([...starters].sort()).toEqual(seats(n));
    });
  }

  it('play continues clockwise from the starting player, round the table', () => {
    const g = bable();
    const n = 4;
    const s = start(g, n, 9);
    const first = getVar(s, g, 'current') as number;
    const order: number[] = [];
    for (let k = 0; k < n + 1; k++) {
      const p = getVar(s, g, 'current') as number;
      order.push(p);
      revealTwice(s, g, p);
    }
    expect(order).toEqual([0, 1, 2, 3, 4].map((k) => (first + k) % n));
    expect(s.ended).toBeNull();
  });
});
