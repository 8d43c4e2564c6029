// What the seats remember of hidden cards. A player who saw a card go into a zone they cannot see — a word card
// shown and taken back into a hand, a card they handed over face down — knows it is there, until cards leave
// that zone without them seeing which: then each card they remember there may be the one that went. Kept only
// for zones a ruleset marks `remembered` (a bot concern: the determinized copies bots plan on, determinize.ts).
//
// The memory is a belief, not a pointer to the truth: it changes only through what the seat sees (a card it
// saw move; a card it could not see leave a zone), never through where a card really went, so a bot reading it
// learns nothing hidden. For each seat and card: the remembered zone instance and the chance, at that moment,
// that the zone's cards were all still there (`surv`, per seat and zone instance: the product over the
// departures the seat could not follow of 1 − 1/(cards there before it), each card equally likely to have
// gone). The chance that a remembered card is still there is then surv(now) / surv(when it arrived).
//
// Two things a seat sees without seeing the cards: a zone whose cards all move at once to one place (a hand
// passed on face down) takes what the seat remembers there along, each card with the chance it had; and a card
// remembered in a zone, seen later somewhere else, was the one that left unseen: the last unseen departure from
// that zone is explained and the others there count as still in place again (exact when, as in a draft, one card
// leaves unseen and is shown before the next does).

import type { Game, Memory, State } from './model.js';

export type { Memory } from './model.js';
import { instances } from './instances.js';
import { inMask, seenMask, zoneMask } from './visibility.js';

const rememberedCache = new WeakMap<Game, Uint8Array>();
/** zone instance → 1 if its zone is `remembered` */
function rememberedZones(g: Game): Uint8Array {
  let r = rememberedCache.get(g);
  if (!r) {
    const ins = instances(g);
    r = new Uint8Array(ins.zone.length);
    for (let i = 0; i < r.length; i++) r[i] = g.zones[ins.zone[i]!]!.remembered ? 1 : 0;
    rememberedCache.set(g, r);
  }
  return r;
}

/** A fresh memory for a game of `players` seats, or null when the ruleset marks no zone `remembered`. */
export function newMemory(g: Game, players: number, cards: number, zoneInstances: number): Memory | null {
  if (!g.zones.some((z) => z.remembered)) return null;
  return {
    where: new Array<number>(players * cards).fill(-1),
    at: new Array<number>(players * cards).fill(1),
    surv: new Array<number>(players * zoneInstances).fill(1),
    loss: new Array<number>(players * zoneInstances).fill(1),
  };
}

export function copyMemory(m: Memory): Memory {
  return { where: m.where.slice(), at: m.at.slice(), surv: m.surv.slice(), loss: m.loss.slice() };
}

/** Cards `list` move together to `dest`: each leaves its zone in turn (one fewer there each time); a zone the move
 *  empties moved as a whole, which every seat sees. */
export function noteMoves(s: State, g: Game, list: readonly number[], dest: number): void {
  const gone = new Map<number, number>();
  for (const e of list) { const src = s.loc[e]!; gone.set(src, (gone.get(src) ?? 0) + 1); }
  const whole: number[] = [];
  for (const [src, k] of gone) if (src !== dest && k === s.zones[src]!.length && k > 0) whole.push(src);
  gone.clear();
  for (const e of list) {
    const src = s.loc[e]!;
    const k = gone.get(src) ?? 0;
    noteMove(s, g, e, src, s.zones[src]!.length - k, dest, whole.includes(src));
    gone.set(src, k + 1);
  }
  for (const src of whole) carry(s, g, src, dest);
}

/** Zone instance `src` moved whole to `dest` (or its last card left): what each seat remembers there goes along,
 *  each card with the chance it had (every card the seat remembers there, not only those really there: the seat
 *  cannot tell), or is forgotten where `dest` is not remembered. */
function carry(s: State, g: Game, src: number, dest: number): void {
  const m = s.mem!;
  const ne = s.loc.length;
  const ninst = s.zones.length;
  const keep = rememberedZones(g)[dest] === 1;
  for (let q = 0; q < s.players; q++) {
    const now = m.surv[q * ninst + src]!;
    const there = m.surv[q * ninst + dest]!;
    for (let e = 0; e < ne; e++) {
      const k = q * ne + e;
      if (m.where[k] !== src) continue;
      const at = m.at[k]!;
      const chance = at > 0 ? Math.min(1, now / at) : 0;
      if (!keep || chance <= 0 || there <= 0) { m.where[k] = -1; continue; }
      m.where[k] = dest;
      m.at[k] = there / chance;
    }
    // the zone is empty and nothing is remembered there any more: it starts afresh
    m.surv[q * ninst + src] = 1;
    m.loss[q * ninst + src] = 1;
  }
}

/** Card `e` moves from `src` (holding `size` cards before it leaves) to `dest`: what each seat remembers.
 *  `whole`: the move empties `src` into `dest` (see `carry`), so a card leaving unseen takes nothing from the
 *  chance of the others there. */
export function noteMove(s: State, g: Game, e: number, src: number, size: number, dest: number, whole = false): void {
  const m = s.mem!;
  const ne = s.loc.length;
  const ninst = s.zones.length;
  // a seat knows which card went if it saw the card where it lay, or sees it where it lands (a card played
  // face up from a hand): unless arrivals there are anonymous (then it sees the card, not where it came from)
  const before = seenMask(s, g, e);
  const saw = before === -1 || instances(g).anon[dest] === 1 ? before : before | zoneMask(s, g, dest);
  const keep = rememberedZones(g)[dest] === 1;
  for (let q = 0; q < s.players; q++) {
    if (inMask(saw, q)) {
      // q saw which card went: q knows where it is now; a card q remembered elsewhere left there unseen
      const was = m.where[q * ne + e]!;
      if (was >= 0 && was !== src) explained(m, q * ninst + was);
      m.where[q * ne + e] = keep ? dest : -1;
      m.at[q * ne + e] = m.surv[q * ninst + dest]!;
    } else if (whole || size <= 1) {
      // q saw the whole zone go (or its only card): what it remembers there goes along (carry)
    } else {
      // q saw a card leave, not which: each card there may be the one that went
      m.surv[q * ninst + src]! *= 1 - 1 / size;
      m.loss[q * ninst + src] = 1 - 1 / size;
    }
  }
  if (!whole && size <= 1 && src !== dest) carry(s, g, src, dest);
}

/** The card that left zone (seat × instance) `k` unseen is known now: the last such departure is undone. */
function explained(m: Memory, k: number): void {
  const f = m.loss[k]!;
  if (f < 1 && f > 0) { m.surv[k]! /= f; m.loss[k] = 1; }
}

/** Where `viewer` remembers card `e` to be (-1: nowhere it remembers) and the chance that it is still there. */
export function remembered(s: State, viewer: number, e: number): { zone: number; chance: number } {
  const m = s.mem;
  if (!m || viewer < 0 || viewer >= s.players) return { zone: -1, chance: 0 };
  const ne = s.loc.length;
  const z = m.where[viewer * ne + e]!;
  if (z < 0) return { zone: -1, chance: 0 };
  const at = m.at[viewer * ne + e]!;
  const now = m.surv[viewer * s.zones.length + z]!;
  return { zone: z, chance: at > 0 ? Math.min(1, now / at) : 0 };
}

/** Card `e` is shown to the seats of `mask` where it lies (a private look): those of them who remember the zone
 *  it lies in now know it is there (kept once the card is hidden again by a move back into the zone). */
export function noteShown(s: State, g: Game, e: number, mask: number): void {
  const m = s.mem!;
  const z = s.loc[e]!;
  if (rememberedZones(g)[z] !== 1) return;
  const ne = s.loc.length;
  const ninst = s.zones.length;
  for (let q = 0; q < s.players; q++) {
    if (!inMask(mask, q)) continue;
    m.where[q * ne + e] = z;
    m.at[q * ne + e] = m.surv[q * ninst + z]!;
  }
}
