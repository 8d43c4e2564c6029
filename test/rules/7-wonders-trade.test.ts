// 7 Wonders: commerce. A missing resource is bought from a direct neighbour at 2 coins a unit, paid to its
// owner, who cannot refuse and still uses it; through a trading card (East/West Trading Post, Marketplace,
// Olympia B's first stage) at 1. The buyer chooses whom to buy from, among the plans no other beats for both neighbours; the coins change hands when
// the turn is played, so coins earned by selling are spent from the next turn on. Resources of the Forum, the
// Caravansery and Alexandria's stages are not for sale; their owner uses them.
//
// The table: seat 1 in the middle, its left neighbour is seat 2 (the next seat), its right one seat 3.

import { describe, expect, it } from 'vitest';
import { actsFor, allCoins, choose, coins, ids, othersDiscard, pay, play, plans, table, type Table } from './sw.js';

/** Seat 1 Ephesos (papyrus), seat 2 Gizah (stone) on its left, seat 3 Rhodos (ore) on its right. */
const TRIO = (t: Partial<Table> = {}) => table({ players: 3, wonders: ['ephesos', 'gizah', 'rhodos'], ...t } as Table);

describe('7 Wonders: buying from a neighbour at 2 coins', () => {
  it("from the left: Baths' stone comes from Gizah's board; 2 coins go to the left neighbour once the turn is played", () => {
    const m = TRIO({ hands: { 0: ['baths-3', 'altar-3'], 1: ['theater-3', 'loom-3'], 2: ['press-3', 'glassworks-3'] } });
    choose(m, 0, 'baths-3', 'build');
    expect(plans(m, 0)).toEqual([{ pay: [2, 0], total: 2, label: 'Pay 2 to the left' }]);
    pay(m, 0, [2, 0]);
    expect(allCoins(m)).toEqual([3, 3, 3]); // nothing changes hands before everyone has played
    othersDiscard(m);
    expect(ids(m, 'city', 0)).toEqual(['baths-3']);
    expect(allCoins(m)).toEqual([1, 3 + 2 + 3, 3 + 3]);
  });

  it("from the right: Barracks' ore comes from Rhodos's board, 2 coins to the right neighbour", () => {
    const m = TRIO({ hands: { 0: ['barracks-3', 'altar-3'], 1: ['theater-3', 'loom-3'], 2: ['press-3', 'glassworks-3'] } });
    choose(m, 0, 'barracks-3', 'build');
    expect(plans(m, 0)).toEqual([{ pay: [0, 2], total: 2, label: 'Pay 2 to the right' }]);
    pay(m, 0, [0, 2]);
    choose(m, 1, 'theater-3', 'build');
    pay(m, 1, [0, 0]);
    choose(m, 2, 'press-3', 'build');
    pay(m, 2, [0, 0]);
    expect(allCoins(m)).toEqual([1, 3, 5]);
  });

  it('both neighbours sell it: the buyer chooses whom to pay; from both sides in one turn', () => {
    // Aqueduct needs 3 stone: the left sells 1 (board), the right 2 (a Quarry); seat 1 has none
    const m = TRIO({
      age: 2, coins: { 0: 6 }, cities: { 1: ['stone-pit-3'], 2: ['quarry-3'] },
      hands: { 0: ['aqueduct-3', 'school-3'], 1: ['loom-age2-3', 'press-age2-3'], 2: ['glassworks-age2-3', 'vineyard-3'] },
    });
    choose(m, 0, 'aqueduct-3', 'build');
    expect(plans(m, 0).map((p) => [p.pay, p.label])).toEqual([
      [[2, 4], 'Pay 2 to the left and 4 to the right'],
      [[4, 2], 'Pay 4 to the left and 2 to the right'],
    ]);
    pay(m, 0, [4, 2]);
    othersDiscard(m);
    expect(allCoins(m)).toEqual([0, 3 + 4 + 3, 3 + 2 + 3]);
  });

  it('the owner cannot refuse and still uses the resource that turn: Gizah sells its stone and builds Baths with it', () => {
    const m = TRIO({ hands: { 0: ['baths-3', 'altar-3'], 1: ['baths-7', 'loom-3'], 2: ['press-3', 'glassworks-3'] } });
    play(m, 0, 'baths-3', 'build', [2, 0]);
    play(m, 1, 'baths-7', 'build', [0, 0]);
    othersDiscard(m);
    expect(ids(m, 'city', 0)).toEqual(['baths-3']);
    expect(ids(m, 'city', 1)).toEqual(['baths-7']);
    expect(coins(m, 1)).toBe(5);
  });

  it('a card producing one of two resources gives one of them to each buyer and to its owner, each turn', () => {
    // seat 2's Clay Pit (ore or clay): seat 1 buys ore for its Barracks while seat 2 uses clay for its Guard Tower
    const m = table({
      players: 3, wonders: ['ephesos', 'alexandria', 'halikarnassus'], cities: { 1: ['clay-pit-3'] },
      hands: { 0: ['barracks-3', 'altar-3'], 1: ['guard-tower-3', 'loom-3'], 2: ['press-3', 'glassworks-3'] },
    });
    play(m, 0, 'barracks-3', 'build', [2, 0]);
    play(m, 1, 'guard-tower-3', 'build', [0, 0]);
    othersDiscard(m);
    expect(ids(m, 'city', 0)).toEqual(['barracks-3']);
    expect(ids(m, 'city', 1)).toEqual(['clay-pit-3', 'guard-tower-3']);
    // but one unit a turn: two ore from a single Clay Pit cannot be bought
    const m2 = table({
      players: 3, age: 2, wonders: ['ephesos', 'alexandria', 'halikarnassus'], coins: { 0: 9 }, cities: { 0: ['lumber-yard-3'], 1: ['clay-pit-3'] },
      hands: { 0: ['statue-3', 'school-3'] },
    });
    expect(actsFor(m2, 0, 'statue-3')).toEqual(['discard']); // wood + 2 ore
  });

  it('only direct neighbours sell: in a 4-player game the player across the table does not', () => {
    const m = table({
      players: 4, wonders: ['ephesos', 'alexandria', 'gizah', 'halikarnassus'],
      hands: { 0: ['baths-3', 'altar-3'] },
    });
    expect(actsFor(m, 0, 'baths-3')).toEqual(['discard']); // Gizah (stone) sits opposite seat 1
  });

  it('coins earned by selling are spent from the next turn on, not in the turn they are earned', () => {
    // Gizah has no coins: it cannot buy Rhodos's ore for its Barracks this turn, even though Ephesos pays it 2
    const m = TRIO({
      coins: { 1: 0 },
      hands: { 0: ['baths-3', 'barracks-5', 'altar-3'], 1: ['barracks-3', 'theater-3', 'loom-3'], 2: ['stockade-3', 'press-3', 'glassworks-3'] },
    });
    expect(actsFor(m, 1, 'barracks-3')).toEqual(['discard']);
    play(m, 0, 'baths-3', 'build', [2, 0]);
    play(m, 1, 'theater-3', 'build');
    choose(m, 2, 'glassworks-3', 'discard');
    expect(allCoins(m)).toEqual([1, 2, 6]);
    // next turn, with seat 1's old hand: the 2 coins buy Rhodos's ore
    expect(ids(m, 'hand', 1).sort()).toEqual(['altar-3', 'barracks-5']);
    expect(actsFor(m, 1, 'barracks-5')).toEqual(['build', 'discard']);
    play(m, 1, 'barracks-5', 'build', [2, 0]);
    expect(coins(m, 1)).toBe(2);
  });

  it('a purchase within the coins held: 2 units at 2 need 4 coins', () => {
    const m = TRIO({ age: 2, coins: { 0: 3 }, cities: { 1: ['quarry-3'] }, hands: { 0: ['walls-3', 'school-3'] } });
    // Walls: 3 stone, all on the left (board + Quarry): 6 coins
    expect(actsFor(m, 0, 'walls-3')).toEqual(['discard']);
    const m2 = TRIO({ age: 2, coins: { 0: 6 }, cities: { 1: ['quarry-3'] }, hands: { 0: ['walls-3', 'school-3'] } });
    expect(actsFor(m2, 0, 'walls-3')).toContain('build');
  });

  it('a wonder stage buys resources the same way', () => {
    // Ephesos A stage 1: 2 stone, both bought: Gizah's board on the left, a Stone Pit on the right
    const m = TRIO({ coins: { 0: 4 }, cities: { 2: ['stone-pit-3'] }, hands: { 0: ['altar-3', 'theater-3'], 1: ['loom-3', 'press-3'], 2: ['glassworks-3', 'stockade-3'] } });
    play(m, 0, 'altar-3', 'wonder', [2, 2]);
    othersDiscard(m);
    expect(ids(m, 'built', 0)).toEqual(['ephesos-a-1']);
    expect(allCoins(m)).toEqual([0, 3 + 2 + 3, 3 + 2 + 3]);
  });
});

describe('7 Wonders: trading cards', () => {
  // stone on both sides: Gizah's board on the left, a Stone Pit on the right; glass on both sides too
  const both = (city0: string[], wonders: Table['wonders'] = ['ephesos', 'gizah', 'rhodos'], extra: Partial<Table> = {}) => table({
    players: 3, wonders, cities: { 0: city0, 1: ['glassworks-3'], 2: ['stone-pit-3', 'glassworks-6'] },
    hands: { 0: ['baths-3', 'workshop-3', 'altar-3'], 1: ['loom-3', 'press-3', 'theater-3'], 2: ['stockade-3', 'barracks-3', 'clay-pool-3'] },
    ...extra,
  });
  const plansOf = (m: ReturnType<typeof table>, card: string) => {
    choose(m, 0, card, 'build');
    return plans(m, 0).map((p) => p.pay);
  };

  it('without one, every unit costs 2 on either side', () => {
    expect(plansOf(both([]), 'baths-3')).toEqual([[0, 2], [2, 0]]);
    expect(plansOf(both([]), 'workshop-3')).toEqual([[0, 2], [2, 0]]);
  });

  it('East Trading Post: raw materials from the right neighbour at 1; the left still 2, goods still 2', () => {
    expect(plansOf(both(['east-trading-post-3']), 'baths-3')).toEqual([[0, 1], [2, 0]]);
    expect(plansOf(both(['east-trading-post-3']), 'workshop-3')).toEqual([[0, 2], [2, 0]]);
  });

  it('West Trading Post: raw materials from the left neighbour at 1', () => {
    expect(plansOf(both(['west-trading-post-3']), 'baths-3')).toEqual([[1, 0], [0, 2]]);
    expect(plansOf(both(['west-trading-post-3']), 'workshop-3')).toEqual([[0, 2], [2, 0]]);
  });

  it('the buyer may pay the pricier neighbour: every plan no other beats for both neighbours is offered', () => {
    // the rules let a buyer choose whom to buy from: the stone for 1 on the right (East Trading Post) or for 2 on
    // the left; paying 2 to the left is not beaten by paying 1 to the right (the left gets more), so it is offered
    const m = both(['east-trading-post-3']);
    choose(m, 0, 'baths-3', 'build');
    expect(plans(m, 0).map((p) => [p.pay, p.label])).toEqual([[[0, 1], 'Pay 1 to the right'], [[2, 0], 'Pay 2 to the left']]);
    pay(m, 0, [2, 0]);
    othersDiscard(m);
    expect(ids(m, 'city', 0)).toEqual(['east-trading-post-3', 'baths-3']);
    expect(allCoins(m)).toEqual([1, 3 + 2 + 3, 3 + 3]);
  });

  it('both trading posts: raw materials at 1 from either side', () => {
    expect(plansOf(both(['east-trading-post-3', 'west-trading-post-3']), 'baths-3')).toEqual([[0, 1], [1, 0]]);
  });

  it('Marketplace: manufactured goods from both neighbours at 1; raw materials still 2', () => {
    expect(plansOf(both(['marketplace-3']), 'workshop-3')).toEqual([[0, 1], [1, 0]]);
    expect(plansOf(both(['marketplace-3']), 'baths-3')).toEqual([[0, 2], [2, 0]]);
  });

  it('Olympia B stage 1: raw materials from both neighbours at 1, once the stage is built', () => {
    const olympia = (stages: number) => both([], ['olympia', 'gizah', 'rhodos'], { side: ['B', 'A', 'A'], stages: { 0: stages } });
    expect(plansOf(olympia(0), 'baths-3')).toEqual([[0, 2], [2, 0]]);
    expect(plansOf(olympia(1), 'baths-3')).toEqual([[0, 1], [1, 0]]);
    expect(plansOf(olympia(1), 'workshop-3')).toEqual([[0, 2], [2, 0]]);
  });

  it("a trading card helps only its owner: the neighbours still pay 2 for the owner's resources", () => {
    // seat 2 (Gizah) buys seat 1's papyrus, seat 3 (Rhodos) too; seat 1 holds both trading posts and a Marketplace
    const m = table({
      players: 3, wonders: ['ephesos', 'gizah', 'rhodos'], cities: { 0: ['east-trading-post-3', 'west-trading-post-3', 'marketplace-3', 'stone-pit-3'] },
      hands: { 0: ['altar-3', 'theater-3'], 1: ['scriptorium-3', 'loom-3'], 2: ['scriptorium-4', 'press-3'] },
    });
    choose(m, 1, 'scriptorium-3', 'build');
    expect(plans(m, 1).map((p) => p.pay)).toEqual([[0, 2]]); // seat 1 is seat 2's right neighbour
    choose(m, 2, 'scriptorium-4', 'build');
    expect(plans(m, 2).map((p) => p.pay)).toEqual([[2, 0]]); // and seat 3's left one
  });

  it('several cheapest plans: each neighbour paid at most what another plan pays it, none dominated', () => {
    // Town Hall: 2 stone, ore, glass; Gizah has ore (Ore Vein) and one stone (its board)
    const m = table({
      players: 3, age: 3, coins: { 0: 9 }, wonders: ['gizah', 'alexandria', 'babylon'],
      cities: { 0: ['west-trading-post-3', 'ore-vein-3'], 1: ['stone-pit-3'], 2: ['stone-pit-5', 'glassworks-3'] },
      hands: { 0: ['town-hall-3', 'senate-3'] },
    });
    // Gizah has 1 stone of 2: the second from the left at 1 (West Trading Post) or the right at 2; glass from the
    // left (Alexandria's board) or the right (Glassworks) at 2
    choose(m, 0, 'town-hall-3', 'build');
    expect(plans(m, 0).map((p) => [p.pay, p.label])).toEqual([
      [[1, 2], 'Pay 1 to the left and 2 to the right'],
      [[3, 0], 'Pay 3 to the left'],
      [[0, 4], 'Pay 4 to the right'],
    ]);
  });

  it('the discount buys more within the same coins: 3 stone for 3 coins through a trading post', () => {
    const m = table({
      players: 3, age: 2, coins: { 0: 3 }, wonders: ['ephesos', 'gizah', 'rhodos'], cities: { 0: ['west-trading-post-3'], 1: ['quarry-3'] },
      hands: { 0: ['walls-3', 'school-3'] },
    });
    choose(m, 0, 'walls-3', 'build');
    expect(plans(m, 0).map((p) => p.pay)).toEqual([[3, 0]]);
  });
});

describe('7 Wonders: resources not for sale', () => {
  it('Forum: its goods are not for sale to the neighbours; its owner uses them', () => {
    // Temple: wood, clay, glass. Seat 1 has wood and clay; the only glass around is seat 2's Forum
    const m = table({
      players: 3, age: 2, wonders: ['ephesos', 'gizah', 'rhodos'],
      cities: { 0: ['lumber-yard-3', 'clay-pool-3'], 1: ['forum-3', 'lumber-yard-4', 'clay-pool-5'] },
      hands: { 0: ['temple-3', 'school-3'], 1: ['temple-6', 'press-age2-3'], 2: ['walls-3', 'loom-age2-3'] },
    });
    expect(actsFor(m, 0, 'temple-3')).toEqual(['discard']);
    choose(m, 1, 'temple-6', 'build');
    expect(plans(m, 1)).toEqual([]); // it pays alone: no payment question
    expect(m.decision(1)).toBeNull();
  });

  it('Caravansery: its raw materials are not for sale; its owner uses them', () => {
    // Stables: wood, ore, clay. Seat 1 has wood and ore; the only clay around is seat 2's Caravansery
    const m = table({
      players: 3, age: 2, wonders: ['ephesos', 'gizah', 'alexandria'],
      cities: { 0: ['lumber-yard-3', 'ore-vein-3'], 1: ['caravansery-3', 'lumber-yard-4', 'ore-vein-4'] },
      hands: { 0: ['stables-3', 'school-3'], 1: ['stables-5', 'press-age2-3'], 2: ['walls-3', 'loom-age2-3'] },
    });
    expect(actsFor(m, 0, 'stables-3')).toEqual(['discard']);
    choose(m, 1, 'stables-5', 'build');
    expect(plans(m, 1)).toEqual([]); // it pays alone: no payment question
    expect(m.decision(1)).toBeNull();
  });

  for (const [side, stages, card, resource] of [['A', 2, 'baths', 'raw material'], ['B', 1, 'baths', 'raw material'], ['B', 2, 'scriptorium', 'manufactured good']] as const) {
    it(`Alexandria ${side}: the ${resource} of its stage ${stages} is not for sale; Alexandria uses it; its board's glass is for sale`, () => {
      const m = table({
        players: 3, wonders: ['babylon', 'alexandria', 'rhodos'], side: ['A', side, 'A'], stages: { 1: stages },
        hands: { 0: [`${card}-3`, 'workshop-3', 'theater-3'], 1: [card === 'baths' ? 'baths-7' : 'scriptorium-4', 'loom-3', 'altar-3'], 2: ['press-3', 'stockade-3', 'clay-pool-3'] },
      });
      // what the stage gives, seat 1 (Babylon: clay) cannot buy; Rhodos on its right has only ore
      expect(actsFor(m, 0, `${card}-3`)).not.toContain('build');
      choose(m, 1, card === 'baths' ? 'baths-7' : 'scriptorium-4', 'build');
      expect(plans(m, 1)).toEqual([]); // it pays alone: no payment question
    expect(m.decision(1)).toBeNull();
      choose(m, 0, 'workshop-3', 'build');
      expect(plans(m, 0).map((p) => p.pay)).toEqual([[2, 0]]);
    });
  }
});
