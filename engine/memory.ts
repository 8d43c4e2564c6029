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
  };
}

export function copyMemory(m: Memory): Memory {
  return { where: m.where.slice(), at: m.at.slice(), surv: m.surv.slice() };
}

/** Card `e` moves from `src` (holding `size` cards before it leaves) to `dest`: what each seat remembers. */
export function noteMove(s: State, g: Game, e: number, src: number, size: number, dest: number): void {
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
      // q saw which card went: q knows where it is now
      m.where[q * ne + e] = keep ? dest : -1;
      m.at[q * ne + e] = m.surv[q * ninst + dest]!;
    } else if (size > 1) {
      // q saw a card leave, not which: each card there may be the one that went
      m.surv[q * ninst + src]! *= 1 - 1 / size;
    } else {
      m.surv[q * ninst + src] = 0; // the only card there went
    }
  }
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
