// 7 Wonders: the wonders' powers, each side. Olympia A builds a structure for free once per Age; Halikarnassus
// builds a card of the discard pile for free at the end of the turn (A: stage 2; B: every stage); Babylon B
// plays the 7th card of each Age; Olympia B copies a neighbour's guild at the end; Rhodos's stages carry
// shields, Ephesos's coins, Babylon's a science symbol of the owner's choice; Gizah B has four stages.

import { describe, expect, it } from 'vitest';
import type { ZoneView } from '../../engine/index.js';
import {
  actsFor, cardOptions, choose, coins, discardAny, discardToEndOfAge, ev, getVar, ids, othersDiscard, pickFromDiscard, play, plays, score, table,
} from './sw.js';

describe('7 Wonders: Olympia A — a structure for free, once per Age', () => {
  const olympia = () => table({
    players: 3, wonders: ['olympia', 'gizah', 'rhodos'], stages: { 0: 2 }, coins: { 0: 0 },
    hands: { 0: ['palace-3', 'pantheon-3', 'gardens-3'], 1: ['senate-3', 'town-hall-3', 'academy-3'], 2: ['lodge-3', 'observatory-3', 'study-3'] },
    age: 3,
  });

  it("any structure of the hand, whatever it costs and with no coins, once; not again in the same Age", () => {
    const m = olympia();
    expect(plays(m, 0).filter((p) => p.act === 'free').map((p) => p.label)).toEqual([
      'Build Palace for free (wonder)', 'Build Pantheon for free (wonder)', 'Build Gardens for free (wonder)',
    ]);
    choose(m, 0, 'palace-3', 'free');
    expect(m.decision(0)).toBeNull(); // nothing to pay
    othersDiscard(m);
    expect(ids(m, 'city', 0)).toEqual(['palace-3']);
    expect(coins(m, 0)).toBe(0);
    // next turn (seat 3's old hand): no free build left this Age
    expect(plays(m, 0).some((p) => p.act === 'free')).toBe(false);
  });

  it('the free build comes back with the next Age', () => {
    const m = table({
      players: 3, wonders: ['olympia', 'gizah', 'rhodos'], stages: { 0: 2 },
      hands: { 0: ['altar-3', 'theater-3'], 1: ['loom-3', 'press-3'], 2: ['baths-3', 'stockade-3'] },
    });
    choose(m, 0, 'theater-3', 'free');
    othersDiscard(m);
    expect(ev(m, 'age')).toBe(2);
    expect(plays(m, 0).filter((p) => p.act === 'free').length).toBe(7);
  });

  it('not before the second stage is built; from the next turn once it is', () => {
    const m = table({
      players: 3, wonders: ['olympia', 'gizah', 'rhodos'], stages: { 0: 1 },
      hands: { 0: ['altar-3', 'theater-3', 'baths-3'], 1: ['loom-3', 'press-3', 'clay-pool-3'], 2: ['stockade-3', 'barracks-3', 'glassworks-3'] },
    });
    expect(plays(m, 0).some((p) => p.act === 'free')).toBe(false);
    expect(actsFor(m, 0, 'altar-3')).toEqual(['build', 'discard']); // stage 2 (2 stone): Gizah sells only one
  });

  it('Olympia A stage 2 built this turn: the free build is there the next turn', () => {
    const m = table({
      players: 3, wonders: ['olympia', 'gizah', 'rhodos'], stages: { 0: 1 }, coins: { 0: 4 }, cities: { 2: ['stone-pit-3'] },
      hands: { 0: ['altar-3', 'theater-3', 'baths-3'], 1: ['loom-3', 'press-3', 'clay-pool-3'], 2: ['stockade-3', 'barracks-3', 'glassworks-3'] },
    });
    play(m, 0, 'altar-3', 'wonder', [2, 2]);
    othersDiscard(m);
    expect(ids(m, 'built', 0)).toEqual(['olympia-a-1', 'olympia-a-2']);
    expect(plays(m, 0).filter((p) => p.act === 'free').map((p) => p.card).sort()).toEqual(['barracks-3', 'glassworks-3']);
  });
});

describe('7 Wonders: Halikarnassus — a card of the discard pile, for free, at the end of the turn', () => {
  const halikarnassus = (side: 'A' | 'B') => table({
    players: 3, age: 2, wonders: ['halikarnassus', 'gizah', 'rhodos'], side: [side, 'A', 'A'], stages: { 0: side === 'A' ? 1 : 0 },
    cities: { 0: ['foundry-3', 'ore-vein-3', 'lumber-yard-4'] },
    discard: ['tavern-4', 'lumber-yard-3', 'altar-3'],
    hands: { 0: ['school-3', 'press-age2-3', 'statue-3'], 1: ['courthouse-3', 'walls-3', 'vineyard-3'], 2: ['library-3', 'loom-age2-3', 'glassworks-age2-3'] },
  });

  for (const side of ['A', 'B'] as const) {
    it(`${side} (stage ${side === 'A' ? 2 : 1}): after everyone has played, among the discarded cards (this turn's too), not a name the city holds`, () => {
      const m = halikarnassus(side);
      play(m, 0, 'school-3', 'wonder'); // 3 ore (A) / 2 ore (B): Foundry and Ore Vein
      choose(m, 1, 'courthouse-3', 'discard');
      expect(m.decision(0)).toBeNull();
      choose(m, 2, 'library-3', 'discard');
      expect(ids(m, 'built', 0)).toEqual(side === 'A' ? ['halikarnassus-a-1', 'halikarnassus-a-2'] : ['halikarnassus-b-1']);
      // the turn is not over: Halikarnassus looks through the pile (the Lumber Yard is a name it holds)
      expect(m.seatsToAct()).toEqual([0]);
      expect(cardOptions(m, 0)).toEqual(['tavern-4', 'altar-3', 'courthouse-3', 'library-3']);
      expect((m.view(0).zones.discard as ZoneView).cards!.length).toBe(5); // it sees the pile
      expect((m.view(1).zones.discard as ZoneView).cards).toBeUndefined(); // the others do not
      expect(ids(m, 'hand', 0).sort()).toEqual(['press-age2-3', 'statue-3']); // the hands have not passed yet
      pickFromDiscard(m, 0, 'tavern-4');
      expect(ids(m, 'city', 0)).toEqual(['foundry-3', 'ore-vein-3', 'lumber-yard-4', 'tavern-4']);
      expect(ids(m, 'discard')).toEqual(['lumber-yard-3', 'altar-3', 'courthouse-3', 'library-3']);
      expect(coins(m, 0)).toBe(3 + 5); // the Tavern's coins, as if built
      // then the hands pass (to the right in Age II: seat 2's comes to seat 1)
      expect(ids(m, 'hand', 0).sort()).toEqual(['vineyard-3', 'walls-3']);
      expect((m.view(0).zones.discard as ZoneView).cards).toBeUndefined();
    });
  }

  it('B: every stage builds from the discard pile (stage 2, 3 clay, and stage 3)', () => {
    const m = table({
      players: 3, age: 3, wonders: ['halikarnassus', 'gizah', 'rhodos'], side: ['B', 'A', 'A'], stages: { 0: 1 },
      cities: { 0: ['brickyard-3', 'clay-pool-3', 'glassworks-3', 'press-3'] },
      discard: ['altar-3', 'theater-3'],
      hands: { 0: ['gardens-3', 'palace-3', 'senate-3'] },
    });
    play(m, 0, 'palace-3', 'wonder');
    othersDiscard(m);
    expect(m.seatsToAct()).toEqual([0]);
    expect(cardOptions(m, 0).slice(0, 2)).toEqual(['altar-3', 'theater-3']);
    pickFromDiscard(m, 0, 'theater-3');
    play(m, 0, ids(m, 'hand', 0)[0]!, 'wonder'); // stage 3: glass, papyrus, loom (the board's)
    othersDiscard(m);
    expect(cardOptions(m, 0)).toContain('altar-3');
    pickFromDiscard(m, 0, 'altar-3');
    expect(ids(m, 'city', 0).slice(-2)).toEqual(['theater-3', 'altar-3']);
    expect(score(m, 0, 'wonder')).toBe(2 + 1);
  });

  it('a pile with nothing it may build (only a name its city holds) asks nothing, and the game goes on', () => {
    const m = table({
      players: 3, age: 2, wonders: ['halikarnassus', 'gizah', 'rhodos'], stages: { 0: 1 }, cities: { 0: ['foundry-3', 'ore-vein-3'] },
      discard: ['foundry-4'],
      hands: { 0: ['school-3', 'statue-3', 'temple-3'], 1: ['loom-age2-3', 'walls-3', 'vineyard-3'], 2: ['press-age2-3', 'library-3', 'glassworks-age2-3'] },
    });
    play(m, 0, 'school-3', 'wonder');
    play(m, 1, 'loom-age2-3', 'build');
    play(m, 2, 'press-age2-3', 'build');
    expect(ids(m, 'built', 0)).toEqual(['halikarnassus-a-1', 'halikarnassus-a-2']);
    expect(m.seatsToAct()).toEqual([0, 1, 2]);
    expect(m.view(0).prompt!.step).toBe('ages/turns/choose/play');
    expect(ids(m, 'discard')).toEqual(['foundry-4']);
  });

  it("a stage built on the 6th turn: the hands' last cards, discarded that turn, are in the pile too (not Babylon B's 7th card)", () => {
    // the rulebook: "If players discard cards this turn (as in the case of the 6th turn of an age), the player
    // can also choose from among them."
    const m = table({
      players: 4, age: 2, wonders: ['halikarnassus', 'gizah', 'rhodos', 'babylon'], side: ['A', 'A', 'A', 'B'], stages: { 0: 1, 3: 2 },
      cities: { 0: ['foundry-3', 'ore-vein-3'] }, discard: ['altar-3'],
      hands: { 0: ['school-3', 'press-age2-3'], 1: ['courthouse-3', 'walls-3'], 2: ['library-3', 'loom-age2-3'], 3: ['statue-3', 'temple-3'] },
    });
    play(m, 0, 'school-3', 'wonder');
    othersDiscard(m);
    expect(m.seatsToAct()).toEqual([0]);
    // this turn's discards (Courthouse, Library, Statue) and the last cards of seats 1 to 3 (Press, Walls, Loom);
    // Babylon B keeps its Temple to play it
    expect(cardOptions(m, 0).sort()).toEqual(['altar-3', 'courthouse-3', 'library-3', 'loom-age2-3', 'press-age2-3', 'statue-3', 'walls-3']);
    pickFromDiscard(m, 0, 'walls-3');
    expect(ids(m, 'city', 0)).toContain('walls-3');
    // then Babylon plays its 7th card, and the Age ends
    expect(m.seatsToAct()).toEqual([3]);
    expect(ids(m, 'hand', 3)).toEqual(['temple-3']);
    choose(m, 3, 'temple-3', 'discard');
    expect(ev(m, 'age')).toBe(3);
    expect(ids(m, 'discard').sort()).toEqual(['altar-3', 'courthouse-3', 'library-3', 'loom-age2-3', 'press-age2-3', 'statue-3', 'temple-3']);
  });
});

describe('7 Wonders: Babylon B — the 7th card', () => {
  const sixth = (stages: number) => table({
    players: 3, wonders: ['babylon', 'gizah', 'rhodos'], side: ['B', 'A', 'A'], stages: { 0: stages },
    cities: { 0: ['lumber-yard-3', 'lumber-yard-4', 'glassworks-3'] },
    hands: { 0: ['altar-3', 'theater-3'], 1: ['loom-3', 'press-3'], 2: ['baths-3', 'stockade-3'] },
  });

  it('with stage 2 built, the last card of the hand is played (built here) instead of discarded', () => {
    const m = sixth(2);
    play(m, 0, 'altar-3', 'build');
    othersDiscard(m);
    // the others' last cards wait; Babylon alone plays again, with its 7th card
    expect(ev(m, 'age')).toBe(1);
    expect(m.seatsToAct()).toEqual([0]);
    expect(plays(m, 0).map((p) => p.act)).toEqual(['build', 'discard']); // stage 3 (3 clay + papyrus) unaffordable
    play(m, 0, 'theater-3', 'build');
    expect(ev(m, 'age')).toBe(2);
    expect(ids(m, 'city', 0)).toEqual(['lumber-yard-3', 'lumber-yard-4', 'glassworks-3', 'altar-3', 'theater-3']);
    expect(ids(m, 'discard').sort()).toEqual(['baths-3', 'loom-3', 'press-3', 'stockade-3']);
  });

  it('the 7th card may also be discarded for 3 coins or used for a stage', () => {
    const m = sixth(2);
    discardAny(m, 0);
    othersDiscard(m);
    expect(m.seatsToAct()).toEqual([0]);
    choose(m, 0, 'theater-3', 'discard');
    expect(coins(m, 0)).toBe(3 + 3 + 3);
  });

  it('stage 2 built on the 6th turn already plays that Age\'s 7th card', () => {
    const m = sixth(1);
    play(m, 0, 'altar-3', 'wonder'); // 2 wood + glass, its own
    othersDiscard(m);
    expect(ids(m, 'built', 0)).toEqual(['babylon-b-1', 'babylon-b-2']);
    expect(m.seatsToAct()).toEqual([0]);
    expect(ids(m, 'hand', 0)).toEqual(['theater-3']);
  });

  it('without it (stage 1 only), the last card is discarded like everyone\'s', () => {
    const m = sixth(1);
    play(m, 0, 'altar-3', 'build');
    othersDiscard(m);
    expect(ev(m, 'age')).toBe(2);
    expect(ids(m, 'discard')).toContain('theater-3');
  });

  it('Babylon A has no such power', () => {
    const m = table({
      players: 3, wonders: ['babylon', 'gizah', 'rhodos'], stages: { 0: 3 },
      hands: { 0: ['altar-3', 'theater-3'], 1: ['loom-3', 'press-3'], 2: ['baths-3', 'stockade-3'] },
    });
    play(m, 0, 'altar-3', 'build');
    othersDiscard(m);
    expect(ev(m, 'age')).toBe(2);
  });
});

describe('7 Wonders: Rhodos, Ephesos and Gizah — shields, coins, points', () => {
  it('Rhodos A stage 2: 2 shields count in the conflicts at the end of the Age', () => {
    const m = table({
      players: 3, wonders: ['rhodos', 'gizah', 'ephesos'], stages: { 0: 2 }, cities: { 1: ['stockade-3'], 2: ['barracks-3'] },
      hands: { 0: ['altar-3', 'theater-3'], 1: ['loom-3', 'press-3'], 2: ['baths-3', 'glassworks-3'] },
    });
    expect(ev(m, 'shields(player(1))')).toBe(2);
    discardToEndOfAge(m);
    expect([getVar(m, 'victories', 0), getVar(m, 'defeats', 0)]).toEqual([2, 0]);
    expect(getVar(m, 'defeats', 1)).toBe(1);
    expect(getVar(m, 'defeats', 2)).toBe(1);
  });

  it('Rhodos B: stage 1 gives 1 shield, 3 coins, 3 points; stage 2 1 shield, 4 coins, 4 points', () => {
    const m = table({
      players: 3, age: 2, wonders: ['rhodos', 'gizah', 'ephesos'], side: ['B', 'A', 'A'], coins: { 0: 0 },
      cities: { 0: ['quarry-3', 'stone-pit-3', 'foundry-3', 'ore-vein-3'] },
      hands: { 0: ['school-3', 'statue-3', 'walls-3'] },
    });
    play(m, 0, 'school-3', 'wonder');
    othersDiscard(m);
    expect([coins(m, 0), ev(m, 'shields(player(1))'), score(m, 0, 'wonder')]).toEqual([3, 1, 3]);
    play(m, 0, ids(m, 'hand', 0)[0]!, 'wonder'); // 4 ore: the board, Foundry, Ore Vein
    othersDiscard(m);
    expect([coins(m, 0), ev(m, 'shields(player(1))'), score(m, 0, 'wonder')]).toEqual([7, 2, 7]);
    expect(ids(m, 'stages', 0)).toEqual([]);
  });

  it('Ephesos A stage 2: 9 coins, once, when built', () => {
    const m = table({
      players: 3, wonders: ['ephesos', 'gizah', 'rhodos'], stages: { 0: 1 }, cities: { 0: ['lumber-yard-3', 'timber-yard-3'] },
      hands: { 0: ['altar-3', 'theater-3', 'baths-3'] },
    });
    play(m, 0, 'altar-3', 'wonder');
    othersDiscard(m);
    expect(coins(m, 0)).toBe(3 + 9);
    discardAny(m, 0);
    othersDiscard(m);
    expect(coins(m, 0)).toBe(3 + 9 + 3); // only the discard's 3 more
  });

  it('Ephesos B: each stage 4 coins when built, and 2, 3 and 5 points', () => {
    const m = table({
      players: 3, age: 2, wonders: ['ephesos', 'gizah', 'rhodos'], side: ['B', 'A', 'A'], coins: { 0: 0 },
      cities: { 0: ['quarry-3', 'sawmill-3', 'glassworks-3', 'loom-3'] },
      hands: { 0: ['school-3', 'statue-3', 'walls-3', 'temple-3'] },
    });
    for (let k = 1; k <= 3; k++) {
      play(m, 0, ids(m, 'hand', 0)[0]!, 'wonder');
      othersDiscard(m);
      expect(coins(m, 0)).toBe(4 * k);
    }
    expect(score(m, 0, 'wonder')).toBe(2 + 3 + 5);
  });

  it('Gizah B: four stages (2 wood; 3 stone; 3 clay; 4 stone and papyrus) for 3, 5, 5 and 7 points', () => {
    const m = table({
      players: 3, age: 3, wonders: ['gizah', 'babylon', 'rhodos'], side: ['B', 'A', 'A'],
      cities: { 0: ['sawmill-3', 'quarry-3', 'stone-pit-3', 'brickyard-3', 'clay-pool-3', 'press-3'] },
      hands: { 0: ['gardens-3', 'palace-3', 'senate-3', 'town-hall-3', 'academy-3'] },
    });
    const points = [3, 8, 13, 20];
    for (let k = 0; k < 4; k++) {
      play(m, 0, ids(m, 'hand', 0)[0]!, 'wonder');
      othersDiscard(m);
      expect(score(m, 0, 'wonder')).toBe(points[k]);
    }
    expect(ids(m, 'built', 0)).toEqual(['gizah-b-1', 'gizah-b-2', 'gizah-b-3', 'gizah-b-4']);
    expect(plays(m, 0).some((p) => p.act === 'wonder')).toBe(false);
  });
});
