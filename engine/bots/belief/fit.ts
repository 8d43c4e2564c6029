// Fitting a belief's world to what its seat sees of the real game: at the start (a setup played again, with the
// seat's view put in place) and after each decision (the cards, roles and values that came into view), with how
// likely what came into view was in that world.

import type { Game, State } from '../../model.js';
import type { Value } from '../../expr/types.js';
import { changed, cloneState, ownZone, rolesKey, varKey } from '../../state.js';
import { cardSeenIn, roleVisibleTo, varVisibleTo, zoneVisibleTo, zoneMask } from '../../visibility.js';
import { sameValue } from '../../expr/value.js';
import { copyMemory } from '../../memory.js';
import { freshRandomness, reopenPending, wakeReactions } from '../determinize.js';
import { swapCards, twinIn } from './cards.js';
import { CARD_MISS, cardFactor } from './origins.js';
import { NO_PLAYER } from '../../seats.js';
import { instances } from '../../instances.js';

/**
 * Fits world `d` (of the real game's shape) to what `viewer` sees of the real game `post` (`pre`: the real game
 * before the decision): every card it sees put in its place, its shown marks, the roles and values it sees.
 * Returns how likely what came into view was in the world: 1 when it matched; less for each card of another kind
 * than the world had there (unless it came from a place nobody saw: fresh randomness) and each value seen
 * otherwise (unless the game drew randomness meanwhile).
 */
export function fit(g: Game, pre: State, post: State, d: State, viewer: number, rng: Uint32Array): number {
  let like = 1;
  const drew = !sameRng(pre, post);
  // cards; `subst`: what the world's decisions bound to a card that was put elsewhere now name the card put in
  // its place (the card the world revealed is the card the real game revealed)
  let moved = false;
  const subst = new Map<number, number>();
  const anon = instances(g).anon;
  for (let z = 0; z < post.zones.length; z++) {
    const real = post.zones[z]!;
    if (real.length === 0) continue;
    const zoneSeen = zoneVisibleTo(post, g, z, viewer);
    if (anon[z] === 1 && d.zones[z]!.length === real.length) align(g, post, d, z, zoneSeen, viewer);
    for (let i = 0; i < real.length; i++) {
      const e = real[i]!;
      if (!cardSeenIn(post, e, zoneSeen, viewer)) continue;
      const here = d.zones[z]![i]!;
      if (here === e) continue;
      if (g.entityDef[here] !== g.entityDef[e]) {
        const from = pre.loc[e]!;
        const fresh = zoneMask(pre, g, from) === 0 && pre.shown[e] === 0;
        like *= cardFactor(g, d, here, e, fresh, rng);
        // the card the world had here goes back where the real card came from, in place of a card like the
        // real one there (a card drawn from the deck: the world's draw goes back into its deck), else where
        // the real card lies in the world
        // (where the card came from is used only when the viewer may know it: a pile nobody sees, or one it sees)
        const known = fresh || zoneVisibleTo(pre, g, from, viewer);
        const twin = known ? twinIn(g, d, from, e, viewer, post) : -1;
        if (twin >= 0 && twin !== e) { swapCards(d, twin, z, i); swapCards(d, e, d.loc[twin]!, d.zones[d.loc[twin]!]!.indexOf(twin)); }
        else swapCards(d, e, z, i);
      } else swapCards(d, e, z, i);
      if (!subst.has(here)) subst.set(here, e);
      if (!subst.has(e)) subst.set(e, here);
      moved = true;
    }
  }
  for (let e = 0; e < post.shown.length; e++) d.shown[e] = post.shown[e]!;
  // roles
  let rolesChanged = false;
  for (let p = 0; p < post.players; p++) {
    d.roleShown[p] = post.roleShown[p]!;
    if (!roleVisibleTo(post, p, viewer)) continue;
    if (d.roles[p] !== post.roles[p]) { like *= CARD_MISS; d.roles[p] = post.roles[p]!; rolesChanged = true; }
    if (d.dealtRoles[p] !== post.dealtRoles[p]) { d.dealtRoles[p] = post.dealtRoles[p]!; rolesChanged = true; }
  }
  if (rolesChanged) changed(d, rolesKey(d));
  // values
  g.vars.forEach((v, i) => {
    if (v.perPlayer) {
      const dv = d.vars[i] as Value[], rv = post.vars[i] as Value[];
      let copied: Value[] | null = null;
      for (let q = 0; q < post.players; q++) {
        if (!varVisibleTo(post, g, v, q, viewer) || sameValue(dv[q], rv[q])) continue;
        if (!drew) like *= CARD_MISS;
        copied ??= dv.slice();
        copied[q] = Array.isArray(rv[q]) ? (rv[q] as Value[]).slice() : rv[q];
      }
      if (copied) { d.vars[i] = copied; changed(d, varKey(d, i)); }
    } else if (varVisibleTo(post, g, v, NO_PLAYER, viewer) && !sameValue(d.vars[i], post.vars[i])) {
      if (!drew) like *= CARD_MISS;
      d.vars[i] = Array.isArray(post.vars[i]) ? (post.vars[i] as Value[]).slice() : post.vars[i];
      changed(d, varKey(d, i));
    }
  });
  if (post.mem) d.mem = copyMemory(post.mem);
  if (moved) {
    rebind(g, d, subst);
    // a card put in its place may change a role there, as the rules say (a hidden seat handed a card that
    // converts); the decisions open are worked out again from the cards now in place
    wakeReactions(d, g);
    reopenAll(d, g);
  }
  d.steps = post.steps;
  d.actions = post.actions;
  return like;
}

/**
 * In a zone whose arrivals are shuffled (anonymous), the place of a card says nothing: the world's cards there are
 * put in the order of the real ones the viewer sees, a card of the same kind (else of the same card type) to the
 * place of each, so that only the cards the world lacks count as seen otherwise (and a card is never judged
 * against whichever card the world's shuffle happened to put at its place).
 */
function align(g: Game, post: State, d: State, z: number, zoneSeen: boolean, viewer: number): void {
  const real = post.zones[z]!;
  const list = d.zones[z]!;
  const done = new Uint8Array(real.length);
  let owned: number[] | null = null;
  for (const sameType of [false, true]) {
    for (let i = 0; i < real.length; i++) {
      if (done[i]) continue;
      const e = real[i]!;
      if (!cardSeenIn(post, e, zoneSeen, viewer)) continue;
      const want = sameType ? g.cards[g.entityDef[e]!]!.type : g.entityDef[e];
      for (let j = 0; j < list.length; j++) {
        if (j < real.length && done[j]) continue;
        const x = (owned ?? list)[j]!;
        if ((sameType ? g.cards[g.entityDef[x]!]!.type : g.entityDef[x]) !== want) continue;
        owned ??= ownZone(d, z);
        const y = owned[i]!;
        owned[i] = x;
        owned[j] = y;
        done[i] = 1;
        break;
      }
    }
  }
}

const cardSlotCache = new WeakMap<Game, number[]>();
/** The binding slots that only ever hold chosen cards (a prompt's `as` over cards, used by nothing else). */
function cardSlots(g: Game): number[] {
  let out = cardSlotCache.get(g);
  if (out) return out;
  const cards = new Set<number>(), other = new Set<number>([0]);
  for (const st of g.promptSteps) (st.prompt.kind.cards ? cards : other).add(st.prompt.slot);
  for (const l of g.lists) for (const st of l.steps) if (st.kind === 'forEach' || st.kind === 'simultaneous') other.add(st.slot);
  for (const r of g.reactions) other.add(r.slot);
  for (const q of g.quantities) { for (const x of q.slots) other.add(x); other.add(q.ownerSlot); other.add(q.cardSlot); }
  if (g.scoring) other.add(g.scoring.slot);
  out = [...cards].filter((x) => x >= 0 && !other.has(x));
  cardSlotCache.set(g, out);
  return out;
}

/** Card bindings of world `d` (its main flow's and its threads') follow the cards moved by `subst`. */
function rebind(g: Game, d: State, subst: ReadonlyMap<number, number>): void {
  if (subst.size === 0) return;
  const slots = cardSlots(g);
  const fix = (b: Value[]) => {
    for (const k of slots) {
      const v = b[k];
      if (typeof v === 'number') { const w = subst.get(v); if (w !== undefined) b[k] = w; }
      else if (Array.isArray(v)) b[k] = v.map((x) => (typeof x === 'number' ? subst.get(x) ?? x : x));
    }
  };
  fix(d.bindings);
  if (d.simultaneous) for (const th of d.simultaneous.threads) fix(th.bindings);
}

/** Every open decision of world `d` worked out again from its state (its own seat's included). */
function reopenAll(d: State, g: Game): void {
  reopenPending(d, g, -1);
}

function sameRng(a: State, b: State): boolean {
  return a.rng[0] === b.rng[0] && a.rng[1] === b.rng[1] && a.rng[2] === b.rng[2] && a.rng[3] === b.rng[3];
}

/**
 * A world for `viewer` from `again`, the game set up anew with other randomness: the real game `s` (its flow,
 * counters, everything the viewer sees), with what the viewer cannot see taken from `again` (hidden cards, by
 * place, after the cards the viewer sees were put in their places there; hidden roles; hidden values; the random
 * stream). Other seats' open decisions are worked out again on it. Null when the two setups differ in shape (a
 * zone of another size).
 */
export function fitted(g: Game, s: State, again: State, viewer: number, rng: Uint32Array): State | null {
  if (again.ended) return null;
  for (let z = 0; z < s.zones.length; z++) if (again.zones[z]!.length !== s.zones[z]!.length) return null;
  // the viewer's own cards (and everything it sees) into their places in the other setup
  for (let z = 0; z < s.zones.length; z++) {
    const real = s.zones[z]!;
    if (real.length === 0) continue;
    const zoneSeen = zoneVisibleTo(s, g, z, viewer);
    for (let i = 0; i < real.length; i++) {
      const e = real[i]!;
      if (cardSeenIn(s, e, zoneSeen, viewer) && again.zones[z]![i] !== e) swapCards(again, e, z, i);
    }
  }
  // the roles it sees: another seat of the other setup takes the role the viewer's differs by
  for (let p = 0; p < s.players; p++) {
    if (!roleVisibleTo(s, p, viewer) || again.dealtRoles[p] === s.dealtRoles[p]) continue;
    let q = -1;
    for (let k = 0; k < s.players; k++) if (!roleVisibleTo(s, k, viewer) && again.dealtRoles[k] === s.dealtRoles[p]) { q = k; break; }
    if (q >= 0) {
      const [r, dr] = [again.roles[q]!, again.dealtRoles[q]!];
      again.roles[q] = again.roles[p]!; again.dealtRoles[q] = again.dealtRoles[p]!;
      again.roles[p] = r; again.dealtRoles[p] = dr;
    }
  }
  const d = cloneState(s);
  d.log = null;
  d.warns = null;
  d.lastCell = null;
  for (let z = 0; z < s.zones.length; z++) {
    const real = s.zones[z]!;
    if (real.length === 0) continue;
    const zoneSeen = zoneVisibleTo(s, g, z, viewer);
    let list: number[] | null = null;
    for (let i = 0; i < real.length; i++) {
      if (cardSeenIn(s, real[i]!, zoneSeen, viewer)) continue;
      const e = again.zones[z]![i]!;
      if (e === real[i]) continue;
      list ??= ownZone(d, z);
      list[i] = e;
      d.loc[e] = z;
    }
  }
  for (let p = 0; p < s.players; p++) {
    if (roleVisibleTo(s, p, viewer)) continue;
    d.roles[p] = again.roles[p]!;
    d.dealtRoles[p] = again.dealtRoles[p]!;
  }
  changed(d, rolesKey(d));
  g.vars.forEach((v, i) => {
    if (v.perPlayer) {
      const vals = (d.vars[i] as Value[]).slice();
      for (let q = 0; q < s.players; q++) if (!varVisibleTo(s, g, v, q, viewer)) vals[q] = (again.vars[i] as Value[])[q];
      d.vars[i] = vals;
    } else if (!varVisibleTo(s, g, v, NO_PLAYER, viewer)) d.vars[i] = again.vars[i];
    changed(d, varKey(d, i));
  });
  freshRandomness(d, rng);
  wakeReactions(d, g);
  reopenPending(d, g, viewer);
  return d;
}
