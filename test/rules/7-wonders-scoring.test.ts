// 7 Wonders: military conflicts at the end of each Age (against each neighbour: 1, 3 or 5 points for more
// shields, a −1 Defeat token for fewer, nothing on a tie), science (each symbol's count squared, 7 a set; the
// rulebook's 3 + 2 + 1 = 21; wild symbols chosen for the best total), what each yellow card and guild counts,
// the score categories in the rulebook's order, and the winner: the best total, then the most coins, and a
// tie on coins too is shared.

import { describe, expect, it } from 'vitest';
import {
  coins, discardToEndOfAge, ev, getVar, othersDiscard, play, score, sevenWonders, table, type Table,
} from './sw.js';

/** A table at the 6th turn of an Age (2 cards a hand), so that the Age ends once everyone has discarded. */
const lastTurn = (t: Partial<Table> & { players: number }) => table({
  hands: Object.fromEntries(Array.from({ length: t.players }, (_, p) => [p, FILLER[p]!])),
  ...t,
} as Table);
const FILLER = [['altar-3', 'theater-3'], ['loom-3', 'press-3'], ['baths-3', 'stockade-3'], ['glassworks-3', 'clay-pool-3'], ['lumber-yard-3', 'ore-vein-3']];

describe('7 Wonders: military conflicts at the end of each Age', () => {
  for (const [age, win] of [[1, 1], [2, 3], [3, 5]] as const) {
    it(`Age ${age}: more shields than a neighbour takes ${win}, fewer a Defeat token (−1), equal nothing — against each neighbour`, () => {
      // four seats round the table with 3, 1, 1, 0 shields
      const m = lastTurn({
        players: 4, age, wonders: ['ephesos', 'gizah', 'alexandria', 'babylon'],
        cities: { 0: ['arsenal-3'], 1: ['barracks-3'], 2: ['stockade-3'] },
        hands: { 0: ['altar-3', 'theater-3'], 1: ['loom-3', 'press-3'], 2: ['baths-3', 'glassworks-3'], 3: ['clay-pool-3', 'lumber-yard-3'] },
      });
      expect([0, 1, 2, 3].map((p) => ev(m, `shields(player(${p + 1}))`))).toEqual([3, 1, 1, 0]);
      discardToEndOfAge(m);
      // seat 1 beats seats 2 and 4; seat 2 loses to 1, ties 3; seat 3 ties 2, beats 4; seat 4 loses to 3 and 1
      expect([0, 1, 2, 3].map((p) => getVar(m, 'victories', p))).toEqual([2 * win, 0, win, 0]);
      expect([0, 1, 2, 3].map((p) => getVar(m, 'defeats', p))).toEqual([0, 1, 0, 2]);
      expect([0, 1, 2, 3].map((p) => score(m, p, 'military'))).toEqual([2 * win, -1, win, -2]);
    });
  }

  it('tokens add up over the Ages; a tie on shields gives nothing to either side', () => {
    const m = lastTurn({ players: 3, wonders: ['ephesos', 'gizah', 'alexandria'], cities: { 0: ['stockade-7'], 1: ['barracks-3'], 2: ['guard-tower-3'] } });
    discardToEndOfAge(m);
    expect([0, 1, 2].map((p) => score(m, p, 'military'))).toEqual([0, 0, 0]);
    // Age II: seat 1 builds Walls' worth of shields (placed as the Age begins)
    const m2 = lastTurn({
      players: 3, age: 2, wonders: ['ephesos', 'gizah', 'alexandria'], cities: { 0: ['stockade-7', 'walls-3'], 1: ['barracks-3'], 2: ['guard-tower-3'] },
      defeats: { 1: 1 },
    });
    discardToEndOfAge(m2);
    expect([0, 1, 2].map((p) => score(m2, p, 'military'))).toEqual([6, -2, -1]);
  });
});

describe('7 Wonders: science', () => {
  const sci = (city: string[], extra: Partial<Table> = {}) => score(table({ players: 3, cities: { 0: city }, ...extra }), 0, 'science');

  it("the rulebook's example: 3 of one symbol, 2 of another, 1 of the third = 9 + 4 + 1 + 7 = 21", () => {
    expect(sci(['apothecary-3', 'dispensary-3', 'lodge-3', 'workshop-3', 'laboratory-3', 'scriptorium-3'])).toBe(21);
  });

  it('each symbol counts its square; a complete set is worth 7 more', () => {
    expect(sci([])).toBe(0);
    expect(sci(['apothecary-3'])).toBe(1);
    expect(sci(['apothecary-3', 'dispensary-3'])).toBe(4);
    expect(sci(['apothecary-3', 'workshop-3', 'scriptorium-3'])).toBe(3 + 7);
    expect(sci(['apothecary-3', 'dispensary-3', 'workshop-3', 'laboratory-3', 'scriptorium-3', 'library-3'])).toBe(12 + 14);
  });

  it("Scientists Guild: a symbol of the owner's choice, chosen at the end for the best total", () => {
    expect(sci(['scientists-guild'])).toBe(1);
    // 3/2/1 + 1: 3/2/2 (9 + 4 + 4 + 14 = 31) beats 4/2/1 (28)
    expect(sci(['apothecary-3', 'dispensary-3', 'lodge-3', 'workshop-3', 'laboratory-3', 'scriptorium-3', 'scientists-guild'])).toBe(31);
    // 4 compass and nothing else + 1: a fifth compass (25) beats a first gear (16 + 1)
    expect(sci(['apothecary-3', 'dispensary-3', 'lodge-3', 'academy-3', 'scientists-guild'])).toBe(25);
  });

  it('Babylon A stage 2 and B stage 3 add one each, with the Scientists Guild too', () => {
    const city = ['apothecary-3', 'dispensary-3', 'lodge-3', 'workshop-3', 'laboratory-3', 'scriptorium-3'];
    expect(sci(city, { wonders: ['babylon', 'gizah', 'rhodos'], stages: { 0: 2 } })).toBe(31);
    expect(sci(city, { wonders: ['babylon', 'gizah', 'rhodos'], stages: { 0: 1 } })).toBe(21);
    expect(sci(city, { wonders: ['babylon', 'gizah', 'rhodos'], side: ['B', 'A', 'A'], stages: { 0: 3 } })).toBe(31);
    // two wilds on 3/2/1: 4/2/2 = 16 + 4 + 4 + 14 = 38 is the best of all ways
    expect(sci([...city, 'scientists-guild'], { wonders: ['babylon', 'gizah', 'rhodos'], stages: { 0: 2 } })).toBe(38);
  });
});

describe('7 Wonders: what yellow cards and guilds count', () => {
  // seat 1 in the middle of a 4-player table: seat 2 on its left, seat 4 on its right, seat 3 across
  const NEIGHBOURS: Table['cities'] = {
    1: ['lumber-yard-3', 'stone-pit-3', 'loom-3', 'press-3', 'altar-3', 'apothecary-3', 'barracks-3', 'tavern-4'],
    2: ['clay-pool-3', 'glassworks-3', 'theater-3', 'workshop-3', 'stockade-3', 'marketplace-3', 'east-trading-post-3'],
    3: ['ore-vein-3', 'baths-3', 'scriptorium-3', 'guard-tower-3', 'west-trading-post-3'],
  };
  const guildScore = (guild: string, own: string[] = [], extra: Partial<Table> = {}) => {
    const m = table({ players: 4, cities: { ...NEIGHBOURS, 0: [...own, guild] }, ...extra });
    return score(m, 0, 'guilds');
  };
  const OWN = ['lumber-yard-4', 'glassworks-6', 'pawnshop-4', 'scriptorium-4', 'stockade-7', 'tavern-5'];

  it("Workers Guild: 1 a brown card in the neighbours' cities (not its own, not across the table)", () => {
    expect(guildScore('workers-guild', OWN)).toBe(2 + 1);
  });
  it("Craftsmens Guild: 2 a grey card in the neighbours' cities", () => {
    expect(guildScore('craftsmens-guild', OWN)).toBe(2 * 2);
  });
  it("Traders Guild: 1 a yellow card in the neighbours' cities", () => {
    expect(guildScore('traders-guild', OWN)).toBe(1 + 1);
  });
  it("Philosophers Guild: 1 a green card in the neighbours' cities", () => {
    expect(guildScore('philosophers-guild', OWN)).toBe(1 + 1);
  });
  it("Spies Guild: 1 a red card in the neighbours' cities", () => {
    expect(guildScore('spies-guild', OWN)).toBe(1 + 1);
  });
  it("Magistrates Guild: 1 a blue card in the neighbours' cities", () => {
    expect(guildScore('magistrates-guild', OWN)).toBe(1 + 1);
  });
  it("Strategists Guild: 1 a Defeat token held by the neighbours", () => {
    expect(guildScore('strategists-guild', [], { defeats: { 0: 3, 1: 2, 2: 5, 3: 1 } })).toBe(2 + 1);
  });
  it('Shipowners Guild: 1 a brown, grey or purple card in its own city, itself included', () => {
    expect(guildScore('shipowners-guild', [...OWN, 'scientists-guild'])).toBe(1 + 1 + 2); // Lumber Yard, Glassworks, the two guilds
  });
  it('Builders Guild: 1 a wonder stage built in its own city and both neighbours', () => {
    expect(guildScore('builders-guild', [], { stages: { 0: 1, 1: 2, 2: 3, 3: 3 } })).toBe(1 + 2 + 3);
  });
  it('Scientists Guild: no points of its own in the guilds category (a science symbol)', () => {
    expect(guildScore('scientists-guild')).toBe(0);
  });

  it('Vineyard and Bazar: coins when built for the brown (grey) cards of its own city and both neighbours; no points', () => {
    const build = (card: string) => {
      const m = table({ players: 4, age: 2, cities: { ...NEIGHBOURS, 0: ['sawmill-3', 'press-age2-3'] }, coins: { 0: 0 }, hands: { 0: [card, 'school-3'] } });
      play(m, 0, card, 'build');
      othersDiscard(m);
      return { coins: coins(m, 0), points: score(m, 0, 'commercial') };
    };
    // brown: its own Sawmill, Lumber Yard and Stone Pit on the left, Ore Vein on the right (not Clay Pool across)
    expect(build('vineyard-3')).toEqual({ coins: 4, points: 0 });
    // grey: its own Press, Loom and Press on the left (not Glassworks across): 2 coins each
    expect(build('bazar-4')).toEqual({ coins: 6, points: 0 });
  });

  it('Haven, Lighthouse, Chamber of Commerce, Arena: coins when built and points at the end, from its own city', () => {
    const own = ['lumber-yard-4', 'sawmill-3', 'glassworks-6', 'press-age2-5', 'forum-3', 'caravansery-3', 'tavern-5'];
    const points = (card: string, stages = 0) => score(table({ players: 4, cities: { ...NEIGHBOURS, 0: [...own, card] }, stages: { 0: stages } }), 0, 'commercial');
    expect(points('haven-3')).toBe(2); // brown: Lumber Yard, Sawmill
    expect(points('chamber-of-commerce-4')).toBe(2 * 2); // grey: Glassworks, Press
    expect(points('lighthouse-3')).toBe(4); // yellow: Forum, Caravansery, Tavern and itself
    expect(points('arena-3', 2)).toBe(2); // wonder stages built
    expect(points('bazar-4')).toBe(0);
  });
});

describe('7 Wonders: Olympia B — a neighbour\'s guild, copied at the end', () => {
  const NEIGHBOURS: Table['cities'] = {
    1: ['spies-guild', 'stockade-3', 'barracks-3'],
    2: ['magistrates-guild', 'altar-3', 'theater-3', 'baths-3'],
    3: ['workers-guild', 'guard-tower-3'],
  };
  const olympia = (stages: number, extra: Table['cities'] = {}) => table({
    players: 4, wonders: ['olympia', 'gizah', 'rhodos', 'ephesos'], side: ['B', 'A', 'A', 'A'], stages: { 0: stages },
    cities: { ...NEIGHBOURS, ...extra },
  });

  it("with stage 3 built: the best of its neighbours' guilds, counted for Olympia's own city and neighbours", () => {
    // Spies (left): red cards of Olympia's neighbours — 2 on the left, 1 on the right: 3.
    // Workers (right): brown cards of Olympia's neighbours — none. Magistrates is across the table.
    const m = olympia(3);
    expect(score(m, 0, 'guilds')).toBe(3);
  });

  it('not before stage 3; not a guild of the player across the table', () => {
    expect(score(olympia(2), 0, 'guilds')).toBe(0);
    const m = olympia(3, { 1: ['stockade-3'], 3: ['guard-tower-3'] });
    expect(score(m, 0, 'guilds')).toBe(0); // only the Magistrates Guild, across: nothing to copy
  });

  it('a Scientists Guild copied gives a science symbol, worth what it adds to its science', () => {
    const m = olympia(3, { 0: ['apothecary-3', 'workshop-3'], 1: ['scientists-guild'], 3: [] });
    // compass + gear + wild: a set, 3 + 7 = 10, over 2 without it: 8
    expect(score(m, 0, 'science')).toBe(2);
    expect(score(m, 0, 'guilds')).toBe(8);
  });
});

describe('7 Wonders: the final score and the winner', () => {
  it("the categories in the rulebook's order: military, treasury, wonder, civilian, science, commercial, guilds", () => {
    const g = sevenWonders();
    expect(g.scoring!.categories.map((c) => c.id)).toEqual(['military', 'treasury', 'wonder', 'civilian', 'science', 'commercial', 'guilds']);
  });

  it('treasury: a point for every 3 coins (14 coins: 4 points)', () => {
    const m = table({ players: 3, coins: { 0: 14, 1: 2, 2: 3 } });
    expect([0, 1, 2].map((p) => score(m, p, 'treasury'))).toEqual([4, 0, 1]);
  });

  it('the total adds every category', () => {
    const m = table({
      players: 3, wonders: ['gizah', 'babylon', 'rhodos'], stages: { 0: 1 }, coins: { 0: 7 }, defeats: { 0: 1 },
      cities: { 0: ['altar-3', 'apothecary-3', 'haven-3', 'lumber-yard-3', 'workers-guild'], 1: ['clay-pool-3'], 2: ['ore-vein-3', 'stone-pit-3'] },
    });
    const cats = ['military', 'treasury', 'wonder', 'civilian', 'science', 'commercial', 'guilds'].map((c) => score(m, 0, c));
    expect(cats).toEqual([-1, 2, 3, 2, 1, 1, 3]);
    expect(score(m, 0)).toBe(11);
  });

  const finalTurn = (coinsAt: Record<number, number>) => lastTurn({
    players: 3, age: 3, wonders: ['gizah', 'babylon', 'rhodos'], coins: coinsAt,
    cities: { 0: ['altar-5'], 1: ['theater-6'], 2: [] },
  });

  it('after Age III the best total wins', () => {
    const m = finalTurn({ 0: 3, 1: 3, 2: 12 });
    discardToEndOfAge(m);
    expect(m.ended!.ending).toBe('final');
    // each discards once more on the 6th turn (+3): 6, 6 and 15 coins — 2 + 2, 2 + 2 and 5 points
    expect([0, 1, 2].map((p) => score(m, p))).toEqual([4, 4, 5]);
    expect(m.ended!.winners).toEqual([2]);
  });

  it('a tie on points goes to the most coins', () => {
    const m = finalTurn({ 0: 5, 1: 4, 2: 0 });
    discardToEndOfAge(m);
    expect([0, 1, 2].map((p) => score(m, p))).toEqual([4, 4, 1]);
    expect([0, 1, 2].map((p) => coins(m, p))).toEqual([8, 7, 3]);
    expect(m.ended!.winners).toEqual([0]);
  });

  it('a tie on coins too stands: a shared win', () => {
    const m = finalTurn({ 0: 4, 1: 4, 2: 0 });
    discardToEndOfAge(m);
    expect(m.ended!.winners).toEqual([0, 1]);
  });
});
