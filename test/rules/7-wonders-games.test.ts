// 7 Wonders: whole games, one per player count, played by bots to the end. After every Age: every card is in
// exactly one place and the Age's cards are all accounted for; the military tokens are recomputed from the
// shields in the cities. After every decision: no seat sees another's hand or chosen card. At the end: every
// player's score, category by category, recomputed by hand from the cities with the printed card lists (not
// the ruleset's data), the winners from those scores and coins, and the game replayed from its seed and actions.

import { describe, expect, it } from 'vitest';
import { checkReplay, Match, type Game, type State, type ZoneView } from '../../engine/index.js';
import { zoneInst } from '../helpers/game.js';
import { CARDS, STAGES, type Color, type PrintedCard, type PrintedStage, type Symbol } from './sw-printed.js';
import { ev, getVar, nameOf, score, sevenWonders } from './sw.js';

const g = sevenWonders();
const CATEGORIES = ['military', 'treasury', 'wonder', 'civilian', 'science', 'commercial', 'guilds'] as const;

const printed = (name: string): PrintedCard => {
  const c = CARDS.find((x) => x.name === name);
  if (!c) throw new Error(`no printed card '${name}'`);
  return c;
};

interface Seat {
  city: PrintedCard[];
  stages: PrintedStage[];
}

/** What the table shows: each city's structures and each wonder's built stages, read as printed cards. */
function seats(s: State, game: Game): Seat[] {
  return Array.from({ length: s.players }, (_, p) => ({
    city: s.zones[zoneInst(game, 'city', p)]!.map((e) => printed(nameOf(game, e))),
    stages: s.zones[zoneInst(game, 'built', p)]!.map((e) => {
      const f = game.cards[game.entityDef[e]!]!.fields;
      const st = STAGES.find((x) => x.wonder.toLowerCase() === f.wonder && x.side === f.side && x.stage === f.stage);
      if (!st) throw new Error(`no printed stage ${String(f.wonder)} ${String(f.side)} ${String(f.stage)}`);
      return st;
    }),
  }));
}

const left = (p: number, n: number) => (p + 1) % n;
const right = (p: number, n: number) => (p + n - 1) % n;
const shields = (t: Seat) => t.city.reduce((a, c) => a + (c.shields ?? 0), 0) + t.stages.reduce((a, st) => a + (st.shields ?? 0), 0);

/** The best science score for symbol counts and wild symbols, trying every way to use the wilds. */
function bestScience(n: [number, number, number], wilds: number): number {
  if (wilds === 0) return n[0] ** 2 + n[1] ** 2 + n[2] ** 2 + 7 * Math.min(...n);
  let best = 0;
  for (let k = 0; k < 3; k++) {
    const m = [...n] as [number, number, number];
    m[k as 0 | 1 | 2]++;
    best = Math.max(best, bestScience(m, wilds - 1));
  }
  return best;
}

function science(t: Seat, extraWilds = 0): number {
  const sym = (x: Symbol) => t.city.filter((c) => c.science === x).length;
  const wilds = t.city.reduce((a, c) => a + (c.wild ?? 0), 0) + t.stages.reduce((a, st) => a + (st.wild ?? 0), 0) + extraWilds;
  return bestScience([sym('compass'), sym('gear'), sym('tablet')], wilds);
}

/** What a yellow card or guild counts for the player at seat p. */
function counted(c: PrintedCard, p: number, table: Seat[], defeats: number[]): number {
  const per = c.per!;
  const n = table.length;
  const where = per.where === 'own' ? [p] : per.where === 'neighbours' ? [left(p, n), right(p, n)] : [p, left(p, n), right(p, n)];
  return where.reduce((a, q) => a + (per.count === 'stages' ? table[q]!.stages.length
    : per.count === 'defeats' ? defeats[q]!
      : table[q]!.city.filter((x) => (per.count as Color[]).includes(x.color)).length), 0);
}

function byHand(table: Seat[], coins: number[], victories: number[], defeats: number[]): Record<(typeof CATEGORIES)[number], number>[] {
  const n = table.length;
  return table.map((t, p) => {
    const guild = (c: PrintedCard) => (c.per ? c.per.points * counted(c, p, table, defeats) : 0);
    // Olympia B's last stage: the best guild of a neighbour, counted for Olympia (a Scientists Guild: a symbol)
    let copied = 0;
    if (t.stages.some((st) => st.power === 'copyGuild')) {
      for (const q of [left(p, n), right(p, n)]) {
        for (const c of table[q]!.city.filter((x) => x.color === 'purple')) {
          copied = Math.max(copied, c.wild ? science(t, c.wild) - science(t) : guild(c));
        }
      }
    }
    return {
      military: victories[p]! - defeats[p]!,
      treasury: Math.floor(coins[p]! / 3),
      wonder: t.stages.reduce((a, st) => a + (st.points ?? 0), 0),
      civilian: t.city.filter((c) => c.color === 'blue').reduce((a, c) => a + (c.points ?? 0), 0),
      science: science(t),
      commercial: t.city.filter((c) => c.color === 'yellow').reduce((a, c) => a + guild(c), 0),
      guilds: t.city.filter((c) => c.color === 'purple').reduce((a, c) => a + guild(c), 0) + copied,
    };
  });
}

/** Every card lies in exactly one place, and the location index agrees. */
function conservation(s: State): void {
  const seen = new Map<number, number>();
  s.zones.forEach((z, i) => z.forEach((e) => {
    expect(seen.has(e), `card ${e} in two places`).toBe(false);
    seen.set(e, i);
  }));
  expect(seen.size).toBe(g.entityDef.length);
  for (const [e, i] of seen) expect(s.loc[e]).toBe(i);
}

/** What each seat sees: no other player's hand or chosen card, no tucked card, the discard pile only while
 *  Halikarnassus looks through it (and only Halikarnassus). */
function hiddenFromOthers(m: Match): void {
  const n = m.state.players;
  const searching = getVar(m, 'searching') as number;
  for (let v = 0; v < n; v++) {
    const z = m.view(v).zones as Record<string, ZoneView | ZoneView[]>;
    for (let p = 0; p < n; p++) {
      for (const k of ['hand', 'staged']) if (p !== v) expect((z[k] as ZoneView[])[p]!.cards, `seat ${v + 1} sees ${k} of seat ${p + 1}`).toBeUndefined();
      expect((z.tucked as ZoneView[])[p]!.cards).toBeUndefined();
      expect((z.city as ZoneView[])[p]!.cards!.length).toBe(zoneSize(m.state, 'city', p));
    }
    const discard = z.discard as ZoneView;
    if (v === searching) expect(discard.cards?.length).toBe(discard.count);
    else expect(discard.cards).toBeUndefined();
  }
}

const zoneSize = (s: State, id: string, p?: number) => s.zones[zoneInst(g, id, p)]!.length;
const perSeat = (s: State, id: string) => Array.from({ length: s.players }, (_, p) => zoneSize(s, id, p)).reduce((a, b) => a + b, 0);

describe('7 Wonders: whole games played by bots, checked by hand', () => {
  for (const n of [3, 4, 5, 6, 7]) {
    it(`${n} players (side ${n % 2 ? 'A' : 'B'}): card conservation after every Age; military, every score and the winners recomputed`, () => {
      const m = Match.start(g, { players: n, seed: 100 + n, options: { side: n % 2 ? 'A' : 'B' }, bots: Array(n).fill('greedy'), log: false });
      const s = m.state;
      const victories = Array(n).fill(0), defeats = Array(n).fill(0);
      let age = 1;
      const hands = () => Array.from({ length: n }, (_, p) => zoneSize(s, 'hand', p));
      expect(hands()).toEqual(Array(n).fill(7));
      const endOfAge = () => {
        // the conflicts, from the shields now in the cities and on the wonders
        const table = seats(s, g);
        for (let p = 0; p < n; p++) {
          for (const q of [left(p, n), right(p, n)]) {
            if (shields(table[p]!) > shields(table[q]!)) victories[p] += [1, 3, 5][age - 1]!;
            if (shields(table[p]!) < shields(table[q]!)) defeats[p] += 1;
          }
        }
        expect(Array.from({ length: n }, (_, p) => getVar(m, 'victories', p)), `victories after Age ${age}`).toEqual(victories);
        expect(Array.from({ length: n }, (_, p) => getVar(m, 'defeats', p)), `defeats after Age ${age}`).toEqual(defeats);
        conservation(s);
        // the Ages so far: 7 cards a player each, every one built, under a stage or discarded
        expect(perSeat(s, 'city') + perSeat(s, 'tucked') + zoneSize(s, 'discard')).toBe(7 * n * age);
        for (let p = 0; p < n; p++) expect(zoneSize(s, 'tucked', p)).toBe(zoneSize(s, 'built', p));
        expect(perSeat(s, 'staged') + perSeat(s, 'passing')).toBe(0);
      };
      let guard = 0;
      while (!m.ended) {
        m.botAct();
        hiddenFromOthers(m);
        if (++guard > 2000) throw new Error('the game does not end');
        if (!m.ended && ev(m, 'age') !== age) {
          endOfAge();
          age++;
          expect(hands()).toEqual(Array(n).fill(7));
          expect(zoneSize(s, 'ageDeck')).toBe(0);
        }
      }
      expect(m.ended).toMatchObject({ ending: 'final', truncated: false });
      expect(age).toBe(3);
      endOfAge();
      expect(perSeat(s, 'hand') + zoneSize(s, 'ageDeck') + zoneSize(s, 'chosenGuilds')).toBe(0);
      expect(zoneSize(s, 'guildPool')).toBe(10 - (n + 2));

      const coins = Array.from({ length: n }, (_, p) => getVar(m, 'coins', p) as number);
      const mine = byHand(seats(s, g), coins, victories, defeats);
      for (let p = 0; p < n; p++) {
        for (const c of CATEGORIES) expect(score(m, p, c), `seat ${p + 1}, ${c}`).toBe(mine[p]![c]);
      }
      const totals = mine.map((r) => CATEGORIES.reduce((a, c) => a + r[c], 0));
      for (let p = 0; p < n; p++) expect(score(m, p)).toBe(totals[p]);
      const best = Math.max(...totals);
      const top = totals.flatMap((t, p) => (t === best ? [p] : []));
      const most = Math.max(...top.map((p) => coins[p]!));
      expect(m.ended!.winners).toEqual(top.filter((p) => coins[p] === most));
      // a game worth checking: the bots built a good part of their cities
      expect(perSeat(s, 'city') + perSeat(s, 'tucked')).toBeGreaterThan(10 * n);
      // and the same seed and actions give the same game
      expect(checkReplay(g, JSON.parse(JSON.stringify(m.toReplay())))).toMatchObject({ ok: true, problems: [] });
    });
  }
});
