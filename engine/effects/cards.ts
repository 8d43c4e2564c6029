// Effects on cards: move, deal, shuffle, reveal, show (to some players), rotate (every player's zone to the next at once), swap (two
// zones exchange their cards).

import type { Ctx, Eff, Fn } from '../model.js';
import { T, showType } from '../expr/types.js';
import { changed, log, moveEntities, moveTop, notCollected, plainLines, runQuietly, shuffleZone, touchAll } from '../state.js';
import { seenMask, showTo } from '../visibility.js';
import { noteShown } from '../memory.js';
import { didYouMean } from '../suggest.js';
import { cellRead, warn, watchCells } from '../warnings.js';
import { logLine } from '../budget.js';
import { record, type EffectDef, type EffectInput } from './host.js';

/** An empty draw pile is refilled: every card of the refill zone (a discard pile) moves into it, shuffled. The
 *  cards refilled are not among those the move itself moved (a move's `$moved`: the cards drawn, not the pile
 *  reshuffled on the way). */
function refillZone(c: Ctx, f: number, r: number): void {
  if (r === f || c.s.zones[r]!.length === 0) return;
  notCollected(() => {
    moveTop(c.s, c.g, r, f, c.s.zones[r]!.length);
    shuffleZone(c.s, f);
  });
}

export const move: EffectDef = {
  name: 'move',
  doc: 'Moves cards to a zone: either the given `cards`, or `count` cards (default: all) from the top of the zone `from`. Moved cards go on top of `to` (or at the bottom with `at: bottom`). With `refill`, an empty `from` is first refilled from that zone, shuffled.',
  arg: {
    doc: 'Which cards to move and where: `cards` or `from` (+ `count`), then `to` and optionally `at`.',
    type: {
      k: 'record',
      params: [
        { name: 'cards', type: { k: 'expr', shows: 'a card or a list of cards' }, doc: 'The cards to move: an expression giving a card or a list of cards (not together with `from`).', examples: ["filter(box, it.type == 'key')", '$played'] },
        { name: 'from', type: { k: 'zone' }, doc: 'Take cards from the top of this zone (not together with `cards`).' },
        { name: 'count', type: { k: 'exprOr', consts: ['all'], shows: 'a number, or all' }, doc: 'With `from`: how many cards to take from the top: a number expression, or `all` (the default). Fewer move if the zone runs out.', examples: [1, 'all', '3 * playerCount - 1'] },
        { name: 'refill', type: { k: 'zone' }, doc: 'With `from` and a `count`: a zone (usually a discard pile) whose cards are shuffled into `from` whenever `from` runs out part-way, so the move can go on.', examples: ['resourceDiscard'] },
        { name: 'to', type: { k: 'zone' }, required: true, doc: 'The zone the cards go to.' },
        { name: 'at', type: { k: 'enum', values: ['top', 'bottom'] }, doc: 'Where the cards land in `to`: top (default) or bottom.' },
        { name: 'upTo', type: { k: 'bool' }, doc: 'With `from` and a `count`: moving fewer cards when `from` runs out is expected (no warning). Without it, asking for more cards than there are is a rule warning.' },
        { name: 'log', type: { k: 'text' }, doc: "How the move reads in the log, in place of the plain line (\"a card: the deck → Player 2's hand\"): a text written after the move, where `$moved` is the list of cards moved (no line when none moved). Each card shows to those who may know it now: \"{$r} draws {$moved}.\" reads \"Player 2 draws Stone, Wood.\" to Player 2 and \"Player 2 draws 2 cards.\" to the others.", examples: ['{$r} draws {$moved}.'] },
      ],
      examples: [{ from: 'deck', to: 'hand[$p]', count: 2 }, { cards: "filter(box, it.type == 'key')", to: 'deck' }, { from: 'deck', to: 'hand[$r]', count: 2, log: '{$r} draws {$moved}.' }],
    },
  },
  params: [],
  compile(x) {
    const a = record(x);
    if (!a) { x.h.error(x.at, 'expected a mapping with cards or from, to'); return null; }
    const run = compileMove(x, a);
    if (!run || a.log === undefined) return run;
    // a move with its own words: moved quietly, then its line, with $moved the cards that moved
    const inner = x.h.bind(x.scope, 'moved', T.list(T.card), [...x.at, 'log']);
    const slot = x.h.env.slotOf('moved');
    const line = x.h.text(a.log, [...x.at, 'log'], { ...inner, random: false });
    if (!line) return null;
    return (c) => {
      // without a log there is no line to write: the move runs as it is (collecting, if asked, as before), with
      // no list of the cards moved
      if (c.s.log === null) { run(c); return; }
      const moved: number[] = [];
      quietlyInto(run, c, moved);
      if (!c.s.log || moved.length === 0) return; // nothing moved: nothing to say
      const save = c.bindings[slot];
      c.bindings[slot] = moved;
      try { log(c.s, line(c)); } finally { c.bindings[slot] = save; }
    };
  },
};

const NO_CARDS: number[] = [];

/** The move itself: `cards`, or `count` from the top of `from` (refilled when it runs out). */
function compileMove(x: EffectInput, a: Record<string, unknown>): Eff | null {
  const { h, scope } = x;
  const path = x.at;
  const to = h.zone(a.to, [...path, 'to'], scope);
  const bottom = a.at === 'bottom';
  if (a.cards !== undefined && a.from !== undefined) { h.error(path, "move takes either 'cards' or 'from', not both"); return null; }
  if (a.refill !== undefined && a.from === undefined) { h.error([...path, 'refill'], "refill goes with 'from' (the zone it refills when it runs out)"); return null; }
  if (a.cards !== undefined) {
    const cards = h.expr(a.cards, [...path, 'cards'], scope);
    const t = cards ? h.typeOf(a.cards, [...path, 'cards'], scope) : null;
    if (t && !(t.k === 'card' || (t.k === 'list' && (t.of.k === 'card' || t.of.k === 'any')) || t.k === 'any')) {
      h.error([...path, 'cards'], `expected a card or a list of cards`);
      return null;
    }
    if (!cards || !to) return null;
    const single = t?.k === 'card';
    // one card: a list of it kept by this effect (moveEntities copies what it keeps), not a new one per move
    const one = [0];
    return (c) => {
      const v = cards(c);
      let list: number[];
      if (!single) list = v as number[];
      else if ((v as number) >= 0) { one[0] = v as number; list = one; } else list = NO_CARDS;
      moveEntities(c.s, c.g, list, to(c), bottom);
    };
  }
  if (a.from === undefined) { h.error(path, "move needs 'cards' (which cards) or 'from' (a zone to take from the top of)"); return null; }
  const from = h.zone(a.from, [...path, 'from'], scope);
  const all = a.count === undefined || a.count === 'all';
  const count = all ? null : h.expr(a.count, [...path, 'count'], scope, T.num) as Fn<number> | null; // checked against that type
  const refill = a.refill !== undefined ? h.zone(a.refill, [...path, 'refill'], scope) : null;
  if (!from || !to || (!all && !count) || (a.refill !== undefined && !refill)) return null;
  const site = a.upTo === true || all ? -1 : h.site(path);
  const short = (c: Ctx, asked: number, moved: number, cell: ReturnType<typeof cellRead>) => warn(c, site, () => `a move asked for ${asked} cards and found ${moved} (add upTo: true when fewer is expected)`, cell);
  if (refill) {
    if (all) { h.error([...path, 'refill'], 'refill needs a count (with count: all the zone never runs out part-way)'); return null; }
    return (c) => {
      const f = from(c), d = to(c), r = refill(c);
      watchCells(c);
      const asked = Math.floor(count!(c));
      const cell = cellRead(c);
      let n = asked;
      while (n > 0) {
        if (c.s.zones[f]!.length === 0) refillZone(c, f, r);
        const k = moveTop(c.s, c.g, f, d, Math.min(n, Math.max(1, c.s.zones[f]!.length)), bottom);
        if (k === 0) { short(c, asked, asked - n, cell); return; } // both empty: fewer cards move
        n -= k;
      }
    };
  }
  return (c) => {
    const f = from(c);
    watchCells(c);
    const n = count ? count(c) : c.s.zones[f]!.length;
    const cell = cellRead(c);
    const k = moveTop(c.s, c.g, f, to(c), n, bottom);
    if (k < Math.floor(n)) short(c, Math.floor(n), k, cell);
  };
}

export const deal: EffectDef = {
  name: 'deal',
  doc: "Deals `count` cards (default 1) one at a time, in seat order, from the top of `from` into each player's copy of the per-player zone `to`. Stops when `from` runs out.",
  arg: {
    doc: 'Where to deal from and to, and how many each.',
    type: {
      k: 'record',
      params: [
        { name: 'from', type: { k: 'zone' }, required: true, doc: 'The zone dealt from (its top card first).' },
        { name: 'to', type: { k: 'id', of: 'per-player zone' }, required: true, doc: 'The id of a per-player zone (without [player]): each player receives into their own.', examples: ['hand'] },
        { name: 'count', type: { k: 'expr', shows: 'a number' }, doc: 'A number expression: cards per player (default 1).', examples: [3] },
        { name: 'players', type: { k: 'expr', shows: 'a list of players' }, doc: 'A list-of-players expression: who is dealt to (default: every player, in seat order).', examples: ['others(leader)'] },
        { name: 'refill', type: { k: 'zone' }, doc: 'A zone (usually a discard pile) whose cards are shuffled into `from` whenever `from` runs out during the deal.', examples: ['discard'] },
        { name: 'upTo', type: { k: 'bool' }, doc: 'Running out before everyone has their count is expected (no warning). Without it, that is a rule warning.' },
      ],
      examples: [{ from: 'deck', to: 'hand', count: 3 }],
    },
  },
  params: [],
  compile(x) {
    const a = record(x);
    if (!a) { x.h.error(x.at, 'expected a mapping with from, to, count'); return null; }
    const { h, scope } = x;
    const path = x.at;
    const from = h.zone(a.from, [...path, 'from'], scope);
    const refill = a.refill !== undefined ? h.zone(a.refill, [...path, 'refill'], scope) : null;
    const zi = typeof a.to === 'string' ? h.env.zones.get(a.to) : undefined;
    if (!zi || !zi.perPlayer || zi.cells) {
      const hint = typeof a.to === 'string' ? didYouMean(a.to, h.env.zones.keys()) : undefined;
      h.error([...path, 'to'], `deal needs the name of a per-player zone${zi ? ` ('${zi.id}' is not per player)` : hint ? ` (did you mean '${hint}'?)` : ''}`);
      return null;
    }
    const count = h.expr(a.count ?? 1, [...path, 'count'], scope, T.num) as Fn<number> | null; // checked against that type
    const players = a.players !== undefined ? h.expr(a.players, [...path, 'players'], scope, T.list(T.player)) : null;
    if (!from || !count || (a.refill !== undefined && !refill)) return null;
    const base = zi.base;
    const site = a.upTo === true ? -1 : h.site(path);
    return (c) => {
      const f = from(c);
      watchCells(c);
      const n = count(c);
      const cell = cellRead(c);
      const r = refill ? refill(c) : -1;
      // every seat in order (the usual deal) needs no list of them
      const ps: number[] | null = players ? (players(c) as number[]).filter((p) => Number.isInteger(p) && p >= 0 && p < c.s.players) : null;
      const m = ps ? ps.length : c.s.players;
      for (let k = 0; k < n; k++) {
        for (let i = 0; i < m; i++) {
          if (c.s.zones[f]!.length === 0 && r >= 0) refillZone(c, f, r);
          if (c.s.zones[f]!.length === 0) {
            warn(c, site, () => `a deal of ${n} each to ${m} players ran out after ${k * m + i} cards (add upTo: true when that is expected)`, cell);
            return;
          }
          moveTop(c.s, c.g, f, base + (ps ? ps[i]! : i), 1);
        }
      }
    };
  },
};

export const shuffle: EffectDef = {
  name: 'shuffle',
  doc: 'Shuffles a zone.',
  arg: { type: { k: 'zone' }, doc: 'The zone to shuffle.', examples: ['deck'] },
  params: [],
  compile(x) {
    const z = x.h.zone(x.arg, x.at, x.scope);
    if (!z) return null;
    return (c) => shuffleZone(c.s, z(c));
  },
};

export const reveal: EffectDef = {
  name: 'reveal',
  doc: 'Turns cards face up for everyone until they next move. A move back into the zone they lie in also turns them face down (a card shown, then taken back into a hand).',
  arg: { type: { k: 'expr', shows: 'a list of cards' }, doc: 'A list-of-cards expression (a zone counts as its cards).', examples: ['discarded[$p]'] },
  params: [],
  compile(x) {
    const f = x.h.expr(x.arg, x.at, x.scope, T.list(T.card));
    if (!f) return null;
    return (c) => {
      const xs = f(c) as number[];
      for (const e of xs) if (e >= 0) { c.s.shown[e] = 1; changed(c.s, c.s.loc[e]!); } // -1: no card
      touchAll(c.s);
      if (plainLines(c.s) && xs.length) {
        logLine();
        c.s.log!.push({ kind: 'text', parts: ['Revealed: ', ''], holes: [{ t: 'cards', v: xs.slice() }] });
      }
    };
  },
};

export const show: EffectDef = {
  name: 'show',
  doc: "Shows cards to some players only (a private look at another's hand, two players comparing in secret) until the cards next move: those players see them in their views, in the log and in their bots' reckoning, the others do not. A move back into the zone they lie in ends the look.",
  arg: { type: { k: 'expr', shows: 'a card or a list of cards' }, doc: 'The cards shown: a card or a list of cards (a zone counts as its cards).', examples: ['hand[$target]', '$card'] },
  params: [{ name: 'to', type: { k: 'expr', shows: 'a player or a list of players' }, required: true, doc: 'Who sees them: a player or a list of players.', examples: ['$p', '[$a, $b]'] }],
  compile(x) {
    const { h, scope, item, path, at } = x;
    const f = h.expr(x.arg, at, scope);
    const t = f ? h.typeOf(x.arg, at, scope) : null;
    if (t && !(t.k === 'card' || t.k === 'any' || (t.k === 'list' && (t.of.k === 'card' || t.of.k === 'any')))) { h.error(at, `show needs a card or a list of cards, but this is ${showType(t)}`); return null; }
    if (item.to === undefined) return null; // the schema reports the missing 'to'
    const to = h.expr(item.to, [...path, 'to'], { ...scope, random: false });
    const toT = to ? h.typeOf(item.to, [...path, 'to'], scope) : null;
    if (toT && !(toT.k === 'player' || toT.k === 'any' || (toT.k === 'list' && (toT.of.k === 'player' || toT.of.k === 'any')))) { h.error([...path, 'to'], `show to: needs a player or a list of players, but this is ${showType(toT)}`); return null; }
    if (!f || !to) return null;
    const single = t?.k === 'card';
    return (c) => {
      const v = f(c);
      const xs: number[] = single ? ((v as number) >= 0 ? [v as number] : []) : (v as number[]).filter((e) => e >= 0);
      const w = to(c);
      const seats: number[] = (Array.isArray(w) ? w : [w]).filter((p: number) => Number.isInteger(p) && p >= 0 && p < c.s.players);
      let mask = 0;
      for (const p of seats) mask |= 1 << p;
      if (mask === 0 || xs.length === 0) return;
      for (const e of xs) {
        if (c.s.mem) noteShown(c.s, c.g, e, mask);
        showTo(c.s, e, mask);
        changed(c.s, c.s.loc[e]!);
      }
      touchAll(c.s);
      if (plainLines(c.s)) {
        logLine();
        c.s.log!.push({ kind: 'text', parts: ['Shown to ', ': ', ''], holes: [{ t: 'players', v: [...new Set(seats)].sort((a, b) => a - b) }, { t: 'cards', v: xs.slice() }], seen: [-1, xs.reduce((m, e) => m & seenMask(c.s, c.g, e), -1)] });
      }
    };
  },
};

const DIRECTIONS = ['clockwise', 'counterclockwise'];

export const rotate: EffectDef = {
  name: 'rotate',
  doc: "Passes every player's copy of a per-player zone to the next player at once (clockwise by default: each player's cards go to next(p)), e.g. every hand to the left. With `players`, only they pass, each to the next of them.",
  arg: { type: { k: 'id', of: 'per-player zone' }, doc: 'The id of a per-player zone (without [player]).', examples: ['hand'] },
  params: [
    { name: 'direction', type: { k: 'enum', values: DIRECTIONS }, default: 'clockwise', doc: "Which way the cards go: clockwise (to next(p)) or counterclockwise (to prev(p))." },
    { name: 'players', type: { k: 'expr', shows: 'a list of players' }, doc: 'Who passes (default: everyone); each passes to the next of them in the direction, so a player out of the game is skipped.', examples: ["filter(players, alive[it])"] },
  ],
  compile(x) {
    const { h, scope, item, path, at } = x;
    const zi = perPlayerZone(x, x.arg, at, 'rotate');
    // (a direction other than the two is the schema's to report, with its did-you-mean)
    const dir = item.direction === 'counterclockwise' ? -1 : 1;
    const players = item.players !== undefined ? h.expr(item.players, [...path, 'players'], scope, T.list(T.player)) : null;
    if (!zi || (item.players !== undefined && !players)) return null;
    const base = zi.base;
    return (c) => {
      const ps = seatsIn(c, players);
      if (ps.length < 2) return;
      // every zone's cards as they are now, then each list to its place: the cards move at once
      const lists = ps.map((p) => c.s.zones[base + p]!.slice());
      for (let k = 0; k < ps.length; k++) moveEntities(c.s, c.g, lists[k]!, base + ps[(k + dir + ps.length) % ps.length]!);
    };
  },
};

export const swap: EffectDef = {
  name: 'swap',
  doc: 'Exchanges the whole contents of two zones at once (two players swap hands): every card of `swap` goes to `with` and every card of `with` to `swap`, in their order.',
  arg: { type: { k: 'zone' }, doc: 'One zone.', examples: ['hand[$p]'] },
  params: [{ name: 'with', type: { k: 'zone' }, required: true, doc: 'The other zone.', examples: ['hand[$target]'] }],
  compile(x) {
    const { h, scope, item, path, at } = x;
    const a = h.zone(x.arg, at, scope);
    if (item.with === undefined) { h.error(path, "swap needs 'with': the other zone"); return null; }
    const b = h.zone(item.with, [...path, 'with'], scope);
    if (!a || !b) return null;
    return (c) => {
      const za = a(c), zb = b(c);
      if (za === zb) return;
      const la = c.s.zones[za]!.slice(), lb = c.s.zones[zb]!.slice();
      moveEntities(c.s, c.g, la, zb);
      moveEntities(c.s, c.g, lb, za);
    };
  },
};

/** The id of a per-player zone (not a grid) given as an effect's value, or null (reported). */
function perPlayerZone(x: EffectInput, v: unknown, at: (string | number)[], what: string): { base: number } | null {
  const zi = typeof v === 'string' ? x.h.env.zones.get(v) : undefined;
  if (!zi || !zi.perPlayer || zi.cells) {
    const hint = typeof v === 'string' ? didYouMean(v, x.h.env.zones.keys()) : undefined;
    x.h.error(at, `${what} needs the name of a per-player zone${zi ? ` ('${zi.id}' is not per player)` : hint ? ` (did you mean '${hint}'?)` : ''}`);
    return null;
  }
  return zi;
}

/** The real seats of a players expression, each once, in seat order (every seat without one). */
function seatsIn(c: Ctx, players: ((c: Ctx) => unknown) | null): number[] {
  if (!players) return Array.from({ length: c.s.players }, (_, i) => i);
  const ps = players(c) as number[];
  return [...new Set(ps)].filter((p) => Number.isInteger(p) && p >= 0 && p < c.s.players).sort((a, b) => a - b);
}

/** Runs effects quietly, gathering the cards they move (a function of its own: a closure over `c` in the effect
 *  would make V8 allocate a context for `c` on every run, log or not). */
function quietlyInto(run: Eff, c: Ctx, moved: number[]): void {
  runQuietly(() => run(c), moved);
}
