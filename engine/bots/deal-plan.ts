// What a redeal of hidden cards (determinize.ts) reads of the real state and the seat's view, worked out once
// for a state and a seat: a search deals a hundred copies or more of one position, and listing the hidden places,
// grouping them by back and looking up what the seat remembers cost as much as the rest of a copy. Only what
// depends on the bot's stream is left to each copy (which remembered cards are kept, where, and the shuffle).

import type { Game, State } from '../model.js';
import { cardSeenIn, roleVisibleTo, varVisibleTo, zoneVisibleTo } from '../visibility.js';
import { instances } from '../instances.js';
import { remembered } from '../memory.js';
import { ALL_SEEING, NO_PLAYER } from '../seats.js';

/** A card the seat remembers in a zone, with the chance that it is still there, and the places it may take there
 *  (indices into its group's places, ascending: hidden places of that zone, of its type where the zone shows
 *  types). */
export interface RememberedCard {
  e: number;
  chance: number;
  fits: number[];
}

/** The hidden places showing one back, and the cards lying there. */
export interface BackGroup {
  /** the places (indices into DealPlan.pz/pi/ents) */
  ks: number[];
  /** the cards at those places, ascending (a canonical order: the copy depends on the view, not on where each
   *  card really lies) */
  cards: number[];
  /** whether each place (by its index in ks) lies in a `knownType` zone */
  typed: boolean[];
  /** the cards the seat remembers in one of these places' zones, ascending */
  rem: RememberedCard[];
}

export interface DealPlan {
  /** the hidden places: zone instance, position, and the card lying there */
  pz: number[];
  pi: number[];
  ents: number[];
  groups: BackGroup[];
  /** the seats whose roles the viewer cannot see, and their roles as dealt, ascending */
  hiddenSeats: number[];
  dealtRoles: number[];
  /** variables with something hidden from the viewer: the variable, and for one per player or per card the
   *  entries hidden (null: the whole variable) */
  hiddenVars: { i: number; entries: number[] | null }[];
}

/** The plan of a redeal of `s` for seat `viewer` (valid while `s` does not change). */
export function planDeal(s: State, g: Game, viewer: number): DealPlan {
  const pz: number[] = [];
  const pi: number[] = [];
  const ents: number[] = [];
  const sight = sightOf(g, viewer);
  for (let z = 0; z < s.zones.length; z++) {
    // a zone the viewer sees shows every card in it (its list not even read)
    if (sight[z] === 1) continue;
    const zone = s.zones[z]!;
    if (zone.length === 0) continue;
    if (sight[z] === -1 && zoneVisibleTo(s, g, z, viewer)) continue; // once for the zone, not once per card
    for (let i = 0; i < zone.length; i++) {
      const e = zone[i]!;
      if (!cardSeenIn(s, e, false, viewer)) { pz.push(z); pi.push(i); ents.push(e); }
    }
  }
  // A face-down card shows its back: hidden cards are redealt only among the places holding a card with the
  // same back (card types without a `back` share one; a type's `backShows` field, an Age printed on the back,
  // is part of it), so a face-down resource never lands where a face-down idea lies, nor a card of Age III in an
  // Age I hand. The backs are taken in the order of their names.
  const { rank, count } = backs(g);
  const byBack: (number[] | undefined)[] = new Array(count);
  for (let k = 0; k < ents.length; k++) {
    const r = rank[g.entityDef[ents[k]!]!]!;
    const ks = byBack[r];
    if (ks) ks.push(k);
    else byBack[r] = [k];
  }
  const ins = instances(g);
  const typeKnown = (z: number) => g.zones[ins.zone[z]!]!.knownType === true;
  const typeOf = (e: number) => g.cards[g.entityDef[e]!]!.type;
  const groups: BackGroup[] = [];
  for (const ks of byBack) {
    if (!ks) continue;
    const cards = ascending(ks, ents);
    const typed: boolean[] = [];
    for (let u = 0; u < ks.length; u++) typed.push(typeKnown(pz[ks[u]!]!));
    const rem: RememberedCard[] = [];
    if (s.mem) {
      for (const e of cards) {
        const { zone: z, chance } = remembered(s, viewer, e);
        if (z < 0 || chance <= 0) continue;
        const fits: number[] = [];
        for (let u = 0; u < ks.length; u++) {
          const k = ks[u]!;
          if (pz[k] === z && (!typed[u] || typeOf(ents[k]!) === typeOf(e))) fits.push(u);
        }
        rem.push({ e, chance, fits });
      }
    }
    groups.push({ ks, cards, typed, rem });
  }
  // Hidden roles are redealt from the roles as dealt at setup (the deal is public knowledge; a later private
  // change of role, such as a conversion, must not show through)
  const hiddenSeats: number[] = [];
  for (let p = 0; p < s.players; p++) if (!roleVisibleTo(s, p, viewer)) hiddenSeats.push(p);
  const dealtRoles: number[] = [];
  for (const p of hiddenSeats) dealtRoles.push(s.dealtRoles[p]!);
  sortShort(dealtRoles); // one per seat
  const hiddenVars: DealPlan['hiddenVars'] = [];
  g.vars.forEach((v, i) => {
    if (v.perPlayer || v.perCard) {
      // per player: each seat's entry; per card: each card's (seen as the card is, unless declared otherwise)
      const entries: number[] = [];
      const n = (s.vars[i] as unknown[]).length;
      for (let p = 0; p < n; p++) if (!varVisibleTo(s, g, v, p, viewer)) entries.push(p);
      if (entries.length) hiddenVars.push({ i, entries });
    } else if (!varVisibleTo(s, g, v, NO_PLAYER, viewer)) hiddenVars.push({ i, entries: null });
  });
  return { pz, pi, ents, groups, hiddenSeats, dealtRoles, hiddenVars };
}

/** Zone instance → whether a seat sees it whatever the state (1), never does (0), or it depends on the state
 *  (-1: visible `to` some, or with a card), per game and seat: planning a redeal asks it of every zone. */
const sights = new WeakMap<Game, Map<number, Int8Array>>();
function sightOf(g: Game, viewer: number): Int8Array {
  let byViewer = sights.get(g);
  if (!byViewer) sights.set(g, (byViewer = new Map()));
  let sight = byViewer.get(viewer);
  if (sight) return sight;
  const ins = instances(g);
  sight = new Int8Array(ins.zone.length);
  for (let z = 0; z < sight.length; z++) {
    const kind = g.zones[ins.zone[z]!]!.visibility.kind;
    const owner = ins.owner[z]!;
    // as zoneVisibleTo decides (visibility.ts)
    sight[z] = viewer === ALL_SEEING || kind === 'public' ? 1
      : kind === 'nobody' ? 0
        : kind === 'owner' ? (viewer >= 0 && owner === viewer ? 1 : 0)
          : kind === 'others' ? (viewer >= 0 && owner !== viewer ? 1 : 0)
            : -1;
  }
  byViewer.set(viewer, sight);
  return sight;
}

/** Scratch counts by card number (module state), all 0 between calls. */
let cardCounts = new Uint8Array(256);
/** The cards at places `ks`, ascending. */
function ascending(ks: readonly number[], ents: readonly number[]): number[] {
  const n = ks.length;
  const out: number[] = [];
  if (n <= SHORT) {
    for (let i = 0; i < n; i++) out.push(ents[ks[i]!]!);
    return sortShort(out);
  }
  // a long list: each card counted by its number, then the counts read in order between the least and the
  // greatest (no sort)
  let lo = Infinity, hi = -1;
  for (let i = 0; i < n; i++) {
    const e = ents[ks[i]!]!;
    if (e >= cardCounts.length) { const bigger = new Uint8Array(Math.max(e + 1, 2 * cardCounts.length)); bigger.set(cardCounts); cardCounts = bigger; }
    cardCounts[e]!++;
    if (e < lo) lo = e;
    if (e > hi) hi = e;
  }
  for (let e = lo; e <= hi; e++) for (; cardCounts[e]! > 0; cardCounts[e]!--) out.push(e);
  return out;
}

/** Up to this many numbers are sorted by insertion (fewer steps than a sort's own setting up). */
const SHORT = 24;
/** A short list of whole numbers sorted ascending in place, by insertion. */
function sortShort(xs: number[]): number[] {
  for (let i = 1; i < xs.length; i++) {
    const v = xs[i]!;
    let j = i - 1;
    while (j >= 0 && xs[j]! > v) { xs[j + 1] = xs[j]!; j--; }
    xs[j + 1] = v;
  }
  return xs;
}

const backCache = new WeakMap<Game, { rank: Int32Array; count: number }>();
/** The back of each card definition (its card type's `back`, '' when it declares none, and the value of the
 *  field the type's `backShows` names: an Age printed on the back), as its rank among the game's backs sorted
 *  by name. */
function backs(g: Game): { rank: Int32Array; count: number } {
  let b = backCache.get(g);
  if (!b) {
    const byType = new Map(g.cardTypes.map((t) => [t.id, t]));
    const names = g.cards.map((c) => {
      const t = byType.get(c.type);
      const shown = t?.backShows;
      return `${t?.back ?? ''}${shown ? `\u0000${String(c.fields[shown] ?? t.fields[shown]?.default ?? '')}` : ''}`;
    });
    const sorted = [...new Set(names)].sort();
    const rankOf = new Map(sorted.map((n, i) => [n, i]));
    b = { rank: Int32Array.from(names, (n) => rankOf.get(n)!), count: sorted.length };
    backCache.set(g, b);
  }
  return b;
}
