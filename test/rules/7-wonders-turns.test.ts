// 7 Wonders: a turn at the table. Everyone picks a card at once and keeps it face down; then builds it, uses it
// for the next wonder stage or discards it for 3 coins; the hands pass on (left in Ages I and III, right in
// Age II); on the 6th turn the last card of each hand goes to the discard pile. Chaining builds a card for free
// by name, and a city never holds two structures of the same name.

import { evaluate } from '../../engine/index.js';
import { describe, expect, it } from 'vitest';
import type { ZoneView } from '../../engine/index.js';
import {
  actsFor, choose, coins, discardAny, ev, ids, othersDiscard, play, plans, plays, table,
} from './sw.js';

const sorted = (xs: string[]) => [...xs].sort();

describe('7 Wonders: passing the hands', () => {
  const HANDS: Record<number, Record<number, string[]>> = {
    1: { 0: ['lumber-yard-3', 'stone-pit-3', 'clay-pool-3'], 1: ['ore-vein-3', 'loom-3', 'press-3'], 2: ['glassworks-3', 'altar-3', 'theater-3'], 3: ['baths-3', 'stockade-3', 'barracks-3'] },
    2: { 0: ['sawmill-3', 'quarry-3', 'brickyard-3'], 1: ['foundry-3', 'loom-age2-3', 'press-age2-3'], 2: ['glassworks-age2-3', 'vineyard-3', 'school-3'], 3: ['walls-3', 'temple-3', 'statue-3'] },
    3: { 0: ['gardens-3', 'palace-3', 'pantheon-3'], 1: ['senate-3', 'town-hall-3', 'academy-3'], 2: ['lodge-3', 'observatory-3', 'study-3'], 3: ['university-3', 'arsenal-3', 'fortifications-3'] },
  };
  for (const age of [1, 2, 3] as const) {
    const dir = age === 2 ? 'right (the previous seat)' : 'left (the next seat)';
    it(`Age ${age}: once everyone has played, each hand goes to the ${dir}`, () => {
      const m = table({ players: 4, age, hands: HANDS[age] });
      // everyone discards the first card of their hand
      for (let p = 0; p < 4; p++) choose(m, p, HANDS[age]![p]![0]!, 'discard');
      for (let p = 0; p < 4; p++) {
        const to = age === 2 ? (p + 3) % 4 : (p + 1) % 4;
        expect(sorted(ids(m, 'hand', to)), `seat ${p + 1}'s hand now at seat ${to + 1}`).toEqual(sorted(HANDS[age]![p]!.slice(1)));
      }
      expect(sorted(ids(m, 'discard'))).toEqual(sorted([0, 1, 2, 3].map((p) => HANDS[age]![p]![0]!)));
    });
  }

  it('a card picked stays face down (the others see a count) and nothing moves until the last player has picked', () => {
    const m = table({ players: 3, hands: { 0: ['altar-3', 'theater-3'], 1: ['press-3', 'loom-3'], 2: ['baths-3', 'stockade-3'] } });
    play(m, 0, 'altar-3', 'build');
    const staged = (seat: number, viewer: number) => (m.view(viewer).zones.staged as ZoneView[])[seat]!;
    expect(staged(0, 0).cards!.map((c) => c!.id)).toEqual(['altar-3']);
    expect(staged(0, 1)).toEqual({ count: 1 }); // the others see a card, not which
    expect(ids(m, 'city', 0)).toEqual([]);
    expect(ids(m, 'hand', 1)).toEqual(['press-3', 'loom-3']); // no hand has moved yet
    expect(m.seatsToAct()).toEqual([1, 2]);
    choose(m, 1, 'press-3', 'discard');
    choose(m, 2, 'stockade-3', 'discard');
    expect(ids(m, 'city', 0)).toEqual(['altar-3']);
  });
});

describe('7 Wonders: the three actions', () => {
  it('build a structure: it goes into the city; a coin cost goes to the bank; a resource cost is paid by the city', () => {
    // seat 1 (Gizah A: stone) builds Baths (1 stone) with its own stone; seat 2 builds Timber Yard (1 coin)
    const m = table({
      players: 3, wonders: ['gizah', 'babylon', 'ephesos'],
      hands: { 0: ['baths-3', 'altar-3'], 1: ['timber-yard-3', 'loom-3'], 2: ['theater-3', 'press-3'] },
    });
    expect(plays(m, 0).find((p) => p.card === 'baths-3' && p.act === 'build')!.label).toBe('Build Baths');
    play(m, 0, 'baths-3', 'build');
    play(m, 1, 'timber-yard-3', 'build');
    discardAny(m, 2);
    expect(ids(m, 'city', 0)).toEqual(['baths-3']);
    expect(ids(m, 'city', 1)).toEqual(['timber-yard-3']);
    expect([coins(m, 0), coins(m, 1)]).toEqual([3, 2]);
    expect(ev(m, "score(player(1), 'civilian')")).toBe(3);
  });

  it('a build the city pays alone (resources it produces, coins to the bank) asks no payment question; its coins are paid', () => {
    const m = table({ players: 3, wonders: ['gizah', 'babylon', 'ephesos'], hands: { 0: ['baths-3', 'altar-3'], 1: ['timber-yard-3', 'loom-3'], 2: ['theater-3', 'press-3'] } });
    choose(m, 0, 'baths-3', 'build');
    expect(plans(m, 0)).toEqual([]);
    expect(m.decision(0)).toBeNull(); // done choosing: Gizah's own stone pays for Baths
    choose(m, 1, 'timber-yard-3', 'build');
    expect(plans(m, 1)).toEqual([]);
    expect(m.decision(1)).toBeNull();
    choose(m, 2, 'theater-3', 'build');
    expect(evaluate(m.game, m.state, 'coins[player(2)]')).toBe(2); // Timber Yard's coin went to the bank
  });

  it('a structure its city cannot pay for is not offered: no resource at home or for sale, or too few coins', () => {
    // Palace needs one of each of the 7 resources; Clay Pit costs 1 coin and seat 1 has none
    const m = table({
      players: 3, wonders: ['gizah', 'babylon', 'ephesos'], coins: { 0: 0 },
      hands: { 0: ['palace-3', 'clay-pit-3', 'altar-3'], 1: ['loom-3', 'press-3', 'theater-3'], 2: ['baths-3', 'stockade-3', 'glassworks-3'] },
    });
    expect(actsFor(m, 0, 'palace-3')).toEqual(['discard']); // the next stage (2 stone) cannot be paid either
    expect(actsFor(m, 0, 'clay-pit-3')).toEqual(['discard']);
    expect(actsFor(m, 0, 'altar-3')).toEqual(['build', 'discard']);
  });

  it('build a wonder stage: the card is tucked under the board face down, the next stage is built and its cost paid', () => {
    // Gizah A stage 1 costs 2 stone: the board gives 1, a Stone Pit the other
    const m = table({
      players: 3, wonders: ['gizah', 'babylon', 'ephesos'], cities: { 0: ['stone-pit-3'] },
      hands: { 0: ['altar-3', 'theater-3'], 1: ['loom-3', 'press-3'], 2: ['baths-3', 'stockade-3'] },
    });
    expect(plays(m, 0).filter((p) => p.act === 'wonder').map((p) => p.label)).toEqual(['Build a wonder stage with Altar', 'Build a wonder stage with Theater']);
    play(m, 0, 'altar-3', 'wonder');
    othersDiscard(m);
    expect(ids(m, 'built', 0)).toEqual(['gizah-a-1']);
    expect(ids(m, 'stages', 0)).toEqual(['gizah-a-2', 'gizah-a-3']);
    expect(ids(m, 'tucked', 0)).toEqual(['altar-3']);
    expect(ids(m, 'city', 0)).toEqual(['stone-pit-3']);
    expect(ids(m, 'discard')).not.toContain('altar-3');
    expect((m.view(1).zones.tucked as ZoneView[])[0]).toEqual({ count: 1 }); // face down to the others
    expect(coins(m, 0)).toBe(3);
    expect(ev(m, "score(player(1), 'wonder')")).toBe(3);
  });

  it('stages are built in order, and not once the last one is built', () => {
    const m = table({
      players: 3, wonders: ['gizah', 'babylon', 'ephesos'], stages: { 0: 2 }, cities: { 0: ['quarry-3', 'stone-pit-3', 'timber-yard-3'] },
      hands: { 0: ['altar-3', 'theater-3', 'baths-3'], 1: ['loom-3', 'press-3', 'clay-pool-3'], 2: ['stockade-3', 'barracks-3', 'glassworks-3'] },
    });
    // Gizah A stage 3: 4 stone = board 1 + Quarry 2 + Stone Pit 1 (the Timber Yard is not needed)
    play(m, 0, 'altar-3', 'wonder');
    othersDiscard(m);
    expect(ids(m, 'built', 0)).toEqual(['gizah-a-1', 'gizah-a-2', 'gizah-a-3']);
    expect(plays(m, 0).some((p) => p.act === 'wonder')).toBe(false);
    expect(ev(m, "score(player(1), 'wonder')")).toBe(3 + 5 + 7);
  });

  it('discard a card for 3 coins: it goes to the discard pile, face down', () => {
    const m = table({ players: 3, hands: { 0: ['altar-3', 'theater-3'], 1: ['loom-3', 'press-3'], 2: ['baths-3', 'stockade-3'] } });
    expect(plays(m, 0).find((p) => p.card === 'altar-3' && p.act === 'discard')!.label).toBe('Discard Altar for 3 coins');
    choose(m, 0, 'altar-3', 'discard');
    othersDiscard(m);
    expect(coins(m, 0)).toBe(6);
    expect(ids(m, 'discard')).toContain('altar-3');
    expect((m.view(0).zones.discard as ZoneView).cards).toBeUndefined(); // nobody looks through the pile
  });
});

describe('7 Wonders: the 6th turn and the end of an Age', () => {
  it('with 2 cards left each player plays one; the last card of each hand goes to the discard pile, then the next Age is dealt', () => {
    const m = table({
      players: 3, wonders: ['gizah', 'babylon', 'ephesos'],
      hands: { 0: ['altar-3', 'theater-3'], 1: ['loom-3', 'press-3'], 2: ['baths-3', 'stockade-3'] },
    });
    play(m, 0, 'altar-3', 'build');
    play(m, 1, 'loom-3', 'build');
    play(m, 2, 'baths-3', 'build', [2, 0]); // Ephesos buys Gizah's stone, its left neighbour
    expect(sorted(ids(m, 'discard'))).toEqual(sorted(['theater-3', 'press-3', 'stockade-3']));
    expect(ev(m, 'age')).toBe(2);
    for (let p = 0; p < 3; p++) expect(ids(m, 'hand', p).length).toBe(7);
    expect(ids(m, 'city', 0)).toEqual(['altar-3']);
    expect(ids(m, 'city', 2)).toEqual(['baths-3']);
    expect([coins(m, 0), coins(m, 1), coins(m, 2)]).toEqual([3 + 2, 3, 3 - 2]); // the last cards give no coins
  });
});

describe('7 Wonders: chaining and duplicates', () => {
  it('a city holding the named structure builds the card for free: no resources, no coins', () => {
    const m = table({
      players: 3, age: 2, wonders: ['alexandria', 'babylon', 'ephesos'], coins: { 0: 0 }, cities: { 0: ['baths-3', 'theater-3'] },
      hands: { 0: ['aqueduct-3', 'statue-3', 'temple-3'], 1: ['loom-age2-3', 'press-age2-3', 'school-3'], 2: ['walls-3', 'sawmill-3', 'quarry-3'] },
    });
    // Aqueduct (3 stone) by Baths; Statue (wood + 2 ore) by Theater; Temple needs an Altar, which it lacks
    expect(plays(m, 0).filter((p) => p.act === 'chain').map((p) => [p.card, p.label])).toEqual([
      ['aqueduct-3', 'Build Aqueduct by chaining (free)'],
      ['statue-3', 'Build Statue by chaining (free)'],
    ]);
    expect(actsFor(m, 0, 'temple-3')).toEqual(['discard']);
    choose(m, 0, 'aqueduct-3', 'chain');
    expect(m.decision(0)).toBeNull(); // no payment to decide
    othersDiscard(m);
    expect(ids(m, 'city', 0)).toEqual(['baths-3', 'theater-3', 'aqueduct-3']);
    expect(coins(m, 0)).toBe(0);
  });

  for (const [parent, child] of [['east-trading-post-3', 'forum-3'], ['west-trading-post-3', 'forum-3'], ['marketplace-3', 'caravansery-3']] as const) {
    it(`${child.replace(/-\d$/, '')} chains from ${parent.replace(/-\d$/, '')}`, () => {
      const m = table({
        players: 3, age: 2, wonders: ['alexandria', 'ephesos', 'halikarnassus'], cities: { 0: [parent] },
        hands: { 0: [child, 'school-3'], 1: ['loom-age2-3', 'press-age2-3'], 2: ['walls-3', 'sawmill-3'] },
      });
      expect(actsFor(m, 0, child)).toEqual(['chain', 'discard']);
    });
  }

  it('every chain of the card lists builds the card for free, with no coins and nothing produced', () => {
    const chains: [string, string][] = [
      ['baths-3', 'aqueduct-3'], ['scriptorium-3', 'courthouse-3'], ['theater-3', 'statue-3'], ['altar-3', 'temple-3'],
      ['apothecary-3', 'dispensary-3'], ['workshop-3', 'laboratory-3'], ['scriptorium-4', 'library-3'], ['workshop-7', 'archery-range-3'],
      ['apothecary-5', 'stables-3'], ['dispensary-4', 'arena-3'], ['forum-6', 'haven-3'], ['caravansery-5', 'lighthouse-3'],
      ['statue-7', 'gardens-3'], ['temple-6', 'pantheon-3'], ['library-6', 'senate-3'], ['school-7', 'academy-3'],
      ['dispensary-3', 'lodge-3'], ['laboratory-5', 'observatory-3'], ['school-3', 'study-3'], ['library-3', 'university-3'],
      ['training-ground-4', 'circus-4'], ['walls-3', 'fortifications-3'], ['laboratory-3', 'siege-workshop-3'],
    ];
    for (const [parent, child] of chains) {
      const age = child.startsWith('aqueduct') || ['courthouse', 'statue', 'temple', 'dispensary', 'laboratory', 'library', 'archery', 'stables'].some((k) => child.startsWith(k)) ? 2 : 3;
      const m = table({
        players: 3, age, wonders: ['alexandria', 'ephesos', 'halikarnassus'], coins: { 0: 0 },
        cities: { 0: [parent] }, hands: { 0: [child, age === 2 ? 'press-age2-3' : 'palace-3'] },
      });
      expect(actsFor(m, 0, child), `${parent} → ${child}`).toEqual(['chain', 'discard']);
      choose(m, 0, child, 'chain');
      othersDiscard(m);
      expect(ids(m, 'city', 0)).toEqual([parent, child]);
      // (a Lighthouse still gives its coins: a coin for each yellow card, itself and the Caravansery)
      expect(coins(m, 0)).toBe(child === 'lighthouse-3' ? 2 : 0);
    }
  });

  it("chaining reads only the player's own city: a neighbour holding the named structure does not count", () => {
    const m = table({
      players: 3, age: 2, wonders: ['alexandria', 'ephesos', 'halikarnassus'], cities: { 0: ['baths-3'] },
      hands: { 0: ['aqueduct-3', 'press-age2-3'], 1: ['aqueduct-7', 'loom-age2-3'], 2: ['statue-3', 'glassworks-age2-3'] },
    });
    expect(actsFor(m, 0, 'aqueduct-3')).toEqual(['chain', 'discard']);
    expect(actsFor(m, 1, 'aqueduct-7')).toEqual(['discard']); // 3 stone: Alexandria and Halikarnassus sell none
  });

  it('a city never builds a second structure of the same name (but may use the card for a stage or discard it)', () => {
    const m = table({
      players: 3, wonders: ['olympia', 'babylon', 'ephesos'], stages: { 0: 2 }, cities: { 0: ['lumber-yard-3', 'stone-pit-3'] },
      hands: { 0: ['lumber-yard-4', 'altar-3'], 1: ['loom-3', 'press-3'], 2: ['baths-3', 'stockade-3'] },
    });
    // Olympia A's free build is not offered for it either; its stage 3 (2 ore) cannot be paid: no ore anywhere
    expect(actsFor(m, 0, 'lumber-yard-4')).toEqual(['discard']);
    expect(actsFor(m, 0, 'altar-3')).toEqual(['build', 'free', 'discard']);
  });
});
