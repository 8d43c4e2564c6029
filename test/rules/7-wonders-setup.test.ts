// 7 Wonders: the box and the set-up. Every card of the ruleset against the printed card lists (costs, chains,
// what it gives, the player-count labels), the wonder boards on both sides, then the deal of each Age for
// every player count: 7 cards a player (21/28/35/42/49), the card mix the labels give, Age III with N + 2
// guilds drawn at random, 3 coins and one wonder each.

import { describe, expect, it } from 'vitest';
import { Match, type CardDef } from '../../engine/index.js';
import { CARDS, STAGES, type PrintedCard, type Resource } from './sw-printed.js';
import { coins, dealAge, ev, ids, nameOf, sevenWonders, table, WONDERS } from './sw.js';
import { zoneInst } from '../helpers/game.js';

const g = sevenWonders();
const RESOURCES: Resource[] = ['wood', 'stone', 'ore', 'clay', 'glass', 'papyrus', 'loom'];
const counts = (c: Partial<Record<Resource, number>> | undefined) => RESOURCES.map((r) => c?.[r] ?? 0);
const structures = g.cards.filter((c) => c.type === 'structure');
const printedCopies = (pc: PrintedCard, players: number) => (pc.color === 'purple' ? 1 : pc.copies![players - 3]!);

describe('7 Wonders: the cards in the box are the printed ones', () => {
  it('148 structure cards: 49 of Age I, 49 of Age II, 40 of Age III and the 10 guilds', () => {
    const byAge = (a: number, purple: boolean) => structures.filter((c) => c.fields.age === a && (c.fields.color === 'purple') === purple).length;
    expect([byAge(1, false), byAge(2, false), byAge(3, false), byAge(3, true)]).toEqual([49, 49, 40, 10]);
  });

  // one row per printed card: its copies by label, its cost and what it gives, as the card lists print them
  for (const pc of CARDS) {
    it(`Age ${pc.age} ${pc.name}: ${pc.text}`, () => {
      const copies = structures.filter((c) => c.name === pc.name && c.fields.age === pc.age);
      expect(copies.length).toBeGreaterThan(0);
      for (const n of [3, 4, 5, 6, 7]) {
        expect(copies.filter((c) => (c.fields.minPlayers as number) <= n).length, `copies at ${n} players`).toBe(printedCopies(pc, n));
      }
      for (const c of copies) {
        const f = c.fields;
        expect(f.color).toBe(pc.color);
        expect(f.coins).toBe(pc.coins ?? 0);
        expect(f.cost).toEqual(counts(pc.cost));
        expect([...(f.chainFrom as string[])].sort()).toEqual([...(pc.chainFrom ?? [])].sort());
        expect(f.produces).toEqual(counts(pc.produces));
        expect(f.either).toEqual(pc.either ?? []);
        expect(f.sellable).toBe(pc.sellable ?? true);
        expect(f.points).toBe(pc.points ?? 0);
        expect(f.shields).toBe(pc.shields ?? 0);
        expect(f.science).toEqual(pc.science ? [pc.science] : []);
        expect(f.wild).toBe(pc.wild ?? 0);
        expect(f.coinsNow).toBe(pc.coinsNow ?? 0);
        const per = pc.per;
        expect(f.perCoins).toBe(per?.coins ?? 0);
        expect(f.perPoints).toBe(per?.points ?? 0);
        expect(f.countStages).toBe(per?.count === 'stages');
        expect(f.countDefeats).toBe(per?.count === 'defeats');
        expect(f.countColors).toEqual(Array.isArray(per?.count) ? per!.count : []);
        if (per) expect(f.countWhere).toBe(per.where);
      }
    });
  }

  it('every copy of a trading card lowers the price of what it names, from the side it names, for its owner only', () => {
    for (const pc of CARDS.filter((c) => c.trade)) {
      for (const copy of structures.filter((c) => c.name === pc.name)) {
        const m = table({ players: 3, cities: { 0: [copy.id] } });
        for (const [side, seller] of [['left', 2], ['right', 3]] as const) {
          for (const kind of RESOURCES) {
            const raw = ['wood', 'stone', 'ore', 'clay'].includes(kind);
            const cheap = (pc.trade!.from === side || pc.trade!.from === 'both') && (pc.trade!.kinds === 'raw') === raw;
            expect(ev(m, `tradePrice(player(1), player(${seller}), '${kind}')`), `${copy.id}: ${kind} from the ${side}`).toBe(cheap ? 1 : 2);
            expect(ev(m, `tradePrice(player(${seller}), player(1), '${kind}')`)).toBe(2);
          }
        }
      }
    }
  });

  it('no card of the ruleset is missing from the printed lists', () => {
    const printed = new Set(CARDS.map((c) => `${c.age} ${c.name}`));
    expect(structures.filter((c) => !printed.has(`${c.fields.age} ${c.name}`)).map((c) => c.id)).toEqual([]);
  });
});

describe('7 Wonders: the wonder boards, both sides', () => {
  const stage = (w: string, side: string, k: number): CardDef | undefined =>
    g.cards.find((c) => c.type === 'stage' && c.fields.wonder === w && c.fields.side === side && c.fields.stage === k);

  for (const ps of STAGES) {
    const w = ps.wonder.toLowerCase();
    it(`${ps.wonder} ${ps.side} stage ${ps.stage}: ${ps.cost ? Object.entries(ps.cost).map(([r, n]) => `${n} ${r}`).join(', ') : ''} → ${ps.text}`, () => {
      const c = stage(w, ps.side, ps.stage);
      expect(c, 'the stage exists').toBeDefined();
      const f = c!.fields;
      expect(f.cost).toEqual(counts(ps.cost));
      expect(f.points).toBe(ps.points ?? 0);
      expect(f.shields).toBe(ps.shields ?? 0);
      expect(f.coinsNow).toBe(ps.coinsNow ?? 0);
      expect(f.either).toEqual(ps.either ?? []);
      expect(f.wild).toBe(ps.wild ?? 0);
      expect(f.power).toBe(ps.power ?? '');
      // a wonder stage's resources are never for sale
      expect(f.sellable).toBe(false);
      const board = g.cards.find((b) => b.type === 'board' && b.fields.wonder === w && b.fields.side === ps.side)!;
      expect(board.fields.produces).toEqual(counts({ [ps.start]: 1 }));
      expect(board.fields.sellable).toBe(true);
    });
  }

  it('each side has exactly the printed stages (Gizah B four, Rhodos B two, the others three)', () => {
    for (const w of WONDERS) {
      for (const side of ['A', 'B']) {
        const n = g.cards.filter((c) => c.type === 'stage' && c.fields.wonder === w && c.fields.side === side).length;
        expect(n, `${w} ${side}`).toBe(STAGES.filter((s) => s.wonder.toLowerCase() === w && s.side === side).length);
      }
    }
  });
});

describe('7 Wonders: set-up and the deal of each Age', () => {
  const nameCount = (names: string[]) => {
    const out: Record<string, number> = {};
    for (const n of names) out[n] = (out[n] ?? 0) + 1;
    return out;
  };
  const handNames = (m: Match) => Array.from({ length: m.state.players }, (_, p) => m.state.zones[zoneInst(g, 'hand', p)]!.map((e) => nameOf(g, e)));

  for (const n of [3, 4, 5, 6, 7]) {
    it(`${n} players: 3 coins and a different wonder each; 7 cards a hand in every Age (${7 * n} a deck), the labels' mix, Age III with ${n + 2} guilds`, () => {
      const m = Match.start(g, { players: n, seed: 10 + n });
      for (let p = 0; p < n; p++) expect(coins(m, p)).toBe(3);
      const wonders = Array.from({ length: n }, (_, p) => ids(m, 'wonder', p));
      expect(wonders.every((w) => w.length === 1)).toBe(true);
      expect(new Set(wonders.flat()).size).toBe(n);
      for (let p = 0; p < n; p++) {
        expect(ids(m, 'board', p)).toEqual([`${wonders[p]![0]}-a`]); // side A by default
        expect(ids(m, 'stages', p)).toEqual(g.cards.filter((c) => c.type === 'stage' && c.fields.wonder === wonders[p]![0] && c.fields.side === 'A').map((c) => c.id));
      }
      for (const age of [1, 2, 3] as const) {
        if (age > 1) dealAge(m, age);
        expect(ev(m, 'age')).toBe(age);
        const hands = handNames(m);
        expect(hands.map((h) => h.length)).toEqual(Array(n).fill(7));
        const got = nameCount(hands.flat());
        const want: Record<string, number> = {};
        for (const pc of CARDS) if (pc.age === age && pc.color !== 'purple' && printedCopies(pc, n) > 0) want[pc.name] = printedCopies(pc, n);
        const guilds = CARDS.filter((c) => c.color === 'purple').map((c) => c.name);
        const dealtGuilds = Object.keys(got).filter((k) => guilds.includes(k));
        for (const k of dealtGuilds) {
          expect(got[k]).toBe(1);
          delete got[k];
        }
        expect(got).toEqual(want);
        expect(dealtGuilds.length).toBe(age === 3 ? n + 2 : 0);
        expect(ids(m, 'ageDeck')).toEqual([]);
        if (age === 3) expect(ids(m, 'guildPool').length).toBe(10 - (n + 2)); // the others stay out, unseen
      }
    });
  }

  it('the guilds drawn differ from game to game (shuffled, N + 2 at random)', () => {
    const drawn = new Set<string>();
    for (let seed = 1; seed <= 6; seed++) drawn.add(ids(Match.start(g, { players: 3, seed }), 'chosenGuilds').sort().join(','));
    expect(drawn.size).toBeGreaterThan(1);
  });

  it("the side option: B gives everyone side B; random draws each player's side", () => {
    const b = Match.start(g, { players: 4, seed: 2, options: { side: 'B' } });
    for (let p = 0; p < 4; p++) {
      expect(ids(b, 'board', p)[0]).toMatch(/-b$/);
      expect(ids(b, 'stages', p).every((id) => /-b-\d$/.test(id))).toBe(true);
    }
    const sides = new Set<string>();
    for (let seed = 1; seed <= 4; seed++) {
      const m = Match.start(g, { players: 7, seed, options: { side: 'random' } });
      for (let p = 0; p < 7; p++) {
        const side = ev(m, `boardSide[player(${p + 1})]`);
        sides.add(side);
        expect(ids(m, 'board', p)[0]).toBe(`${ids(m, 'wonder', p)[0]}-${side.toLowerCase()}`);
      }
    }
    expect([...sides].sort()).toEqual(['A', 'B']);
  });
});
