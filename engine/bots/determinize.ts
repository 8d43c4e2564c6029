// A bot may only decide from what its player sees. To look ahead it plays on a *determinized* copy: a state
// the rules allow that shows the bot exactly what its player sees, with everything else drawn from what the
// player may infer, and the game's random stream replaced by one drawn from the bot's own. The copy is thus a
// function of the bot's view, the play it watched and its own randomness only: the real hidden cards, roles and
// future draws cannot influence the bot's choice.
//
// Where the game keeps a belief for the seat (belief.ts: copies carried along the game, weighted by how likely
// the play the seat watched is under each), the copy is one of those, drawn by its weight. Otherwise it is dealt
// afresh (`freshCopy`): every card hidden from the bot dealt again among the hidden places showing the same
// back, every hidden role redistributed from the roles as dealt, hidden variables reset; then the ruleset's
// reactions run on it (a seat dealt a card that changes its role turns in the copy, as the rules
// say), and a copy that breaks the ruleset's `plausible` condition is dealt again.

import type { Ctx, Game, State, StepDef } from '../model.js';
import type { Value } from '../expr/types.js';
import { changed, cloneState, ownZone, rolesKey, touchAll, varKey } from '../state.js';
import { cardVisibleTo } from '../visibility.js';
import { randInt, shuffleInPlace } from '../rng.js';
import { planDeal, type DealPlan, type RememberedCard } from './deal-plan.js';
import { RuleError } from '../expr/env.js';
import { runReactions } from '../flow.js';
import { openPrompt } from '../flow/decision.js';

/** Tries at dealing a copy that the ruleset's `plausible` condition accepts, before keeping the last one. */
export const PLAUSIBLE_TRIES = 64;

export function determinize(s: State, g: Game, viewer: number, rng: Uint32Array): State {
  return copier(s, g, viewer)(rng);
}

/** Copies of `s` for seat `viewer`, one a call, each as `determinize` deals it (the same copy for the same
 *  stream): for a search dealing many copies of one position, which must not change meanwhile. What a redeal
 *  reads of the position (deal-plan.ts) is worked out once. */
export function copier(s: State, g: Game, viewer: number): (rng: Uint32Array) => State {
  let plan: DealPlan | null = null;
  return (rng) => {
    const tr = s.belief;
    if (tr && tr.tracks(viewer)) {
      const d = tr.draw(viewer, rng);
      if (d) {
        d.log = null;
        d.mem = null;
        freshRandomness(d, rng);
        changed(d, rolesKey(d)); // a value cached for another copy never passes to this one (roles may differ)
        return d;
      }
    }
    plan ??= planDeal(s, g, viewer);
    const d = dealt(s, g, viewer, rng, plan, undefined, PLAUSIBLE_TRIES);
    // A bot's copy keeps no seat memory: only a redeal reads memory, and nothing deals again from a bot's copy
    // (no rule or expression reads it); noting every move of a lookahead in it cost about a twentieth of a search.
    d.mem = null;
    return d;
  };
}

/** Hidden roles a fresh copy gives the seats it cannot see the roles of, instead of a redeal from the deal:
 *  the roles now and as dealt (a belief's world that has to be dealt again). */
export interface RolesGiven {
  roles: Int16Array;
  dealt: Int16Array;
}

/** A copy dealt afresh from what `viewer` sees (see the top of this file). */
export function freshCopy(s: State, g: Game, viewer: number, rng: Uint32Array, given?: RolesGiven, tries = PLAUSIBLE_TRIES): State {
  return dealt(s, g, viewer, rng, planDeal(s, g, viewer), given, tries);
}

/** A copy dealt by `plan`, dealt again (up to `tries` in all) while the ruleset's `plausible` rejects it. */
function dealt(s: State, g: Game, viewer: number, rng: Uint32Array, plan: DealPlan, given: RolesGiven | undefined, tries: number): State {
  let d = dealOnce(s, g, viewer, rng, plan, given);
  const ok = g.plausible;
  if (!ok) return d;
  for (let k = 1; k < tries && !plausible(d, g, ok, viewer); k++) d = dealOnce(s, g, viewer, rng, plan, given);
  return d;
}

/** The ruleset's `plausible` on a copy, for seat `viewer`; a condition that breaks a rule there counts as met. */
export function plausible(d: State, g: Game, f: NonNullable<Game['plausible']>, viewer: number): boolean {
  const b = d.bindings.slice();
  b[0] = viewer; // '$self' is slot 0 in every compiled game
  try {
    return f({ s: d, g, bindings: b, it: undefined }) === true;
  } catch (e) {
    if (e instanceof RuleError) return true;
    throw e;
  }
}

/** The game's random stream of a copy, replaced by one drawn from the bot's own. */
export function freshRandomness(d: State, rng: Uint32Array): void {
  for (let k = 0; k < 4; k++) d.rng[k] = (randInt(rng, 0x100000000) ^ (k * 0x9e3779b9)) >>> 0;
}

/** The ruleset's reactions, run on a copy whose cards or roles were dealt by hand (state-based rules such as a
 *  conversion hold in it as in a real game). A reaction that breaks a rule there is left undone. */
export function wakeReactions(d: State, g: Game): void {
  if (g.reactions.length === 0 || d.ended) return;
  touchAll(d);
  const c: Ctx = { s: d, g, bindings: d.bindings, it: undefined };
  try {
    runReactions(d, g, c);
  } catch (e) {
    if (!(e instanceof RuleError)) throw e;
  }
  d.dirty.fill(0);
}

function dealOnce(s: State, g: Game, viewer: number, rng: Uint32Array, plan: DealPlan, given?: RolesGiven): State {
  const d = cloneState(s);
  d.log = null;
  d.warns = null;
  d.lastCell = null;
  // the hidden cards of each back go to the places showing it (deal-plan.ts), starting from a canonical order
  // (the set of hidden cards is known from the view; where each one really lies is not), so the copy depends on
  // the view and the bot's randomness only
  const { pz, pi, ents } = plan;
  const typeOf = (e: number) => g.cards[g.entityDef[e]!]!.type;
  for (const { ks, cards, typed, rem } of plan.groups) {
    const used = cleared(0, ks.length); // places (by their index in ks) given a card
    // the zone last made the copy's own (`ownZone` once for a run of places in one zone, not once per card: the
    // copy is read by nothing until it is dealt)
    let ownedZone = -1;
    let owned: number[] = [];
    const put = (u: number, e: number) => {
      used[u] = 1;
      const z = pz[ks[u]!]!, i = pi[ks[u]!]!;
      if (d.zones[z]![i] !== e) {
        if (z !== ownedZone) { owned = ownZone(d, z); ownedZone = z; }
        owned[i] = e;
      }
      d.loc[e] = z;
    };
    const kept = rem.length ? rememberedCards(rng, rem, cards, ks, typed, ents, typeOf) : null;
    if (kept) for (const [e, u] of kept) put(u, e);
    const group = kept ? cards.filter((e) => !kept.has(e)) : cards.slice();
    shuffleInPlace(rng, group);
    // A place in a `knownType` zone shows the card type too: it first receives a card of that type from the
    // shuffled group, and the other places share the cards left.
    const taken = cleared(1, group.length);
    const rest: number[] = [];
    for (let u = 0; u < ks.length; u++) {
      if (used[u]) continue;
      if (!typed[u]) { rest.push(u); continue; }
      const type = typeOf(ents[ks[u]!]!);
      let j = 0;
      while (j < group.length && (taken[j] || typeOf(group[j]!) !== type)) j++;
      taken[j] = 1;
      put(u, group[j]!); // a card of that type exists: the real one is in the group
    }
    let j = 0;
    for (const u of rest) {
      while (taken[j]) j++;
      taken[j] = 1;
      put(u, group[j]!);
    }
  }
  // hidden roles: from the roles as dealt (deal-plan.ts)
  const hidden = plan.hiddenSeats;
  if (given) {
    for (const p of hidden) { d.roles[p] = given.roles[p]!; d.dealtRoles[p] = given.dealt[p]!; }
  } else if (hidden.length) {
    const roles = plan.dealtRoles.slice();
    shuffleInPlace(rng, roles);
    hidden.forEach((p, k) => { d.roles[p] = roles[k]!; d.dealtRoles[p] = roles[k]!; }); // the copy's own deal: no trace of the real one
  }
  if (hidden.length) changed(d, rolesKey(d));
  // variables the bot cannot see are reset to their starting value (a variable left as it was keeps its version:
  // values cached for the real game or another copy that read it stay good)
  for (const { i, entries } of plan.hiddenVars) {
    const v = g.vars[i]!;
    const start = (): Value => (Array.isArray(v.initial) ? [] : v.initial);
    if (entries === null) {
      if (!isStart(d.vars[i]!, v.initial)) { d.vars[i] = start(); changed(d, varKey(d, i)); }
      continue;
    }
    let vals: Value[] | null = null;
    for (const p of entries) {
      if (isStart((d.vars[i] as Value[])[p]!, v.initial)) continue;
      vals ??= (d.vars[i] as Value[]).slice();
      vals[p] = start();
    }
    if (vals) { d.vars[i] = vals; changed(d, varKey(d, i)); }
  }
  // other seats' finished threads in a simultaneous step: what they bound while deciding is theirs alone
  // (their choice), so the copy keeps only what the step gave them (their own seat)
  if (d.simultaneous) {
    const frame = d.stack[d.stack.length - 1];
    const step = frame ? g.lists[frame.list]?.steps[d.simultaneous.step] : undefined;
    const n = g.lists[d.simultaneous.list]!.steps.length;
    for (const th of d.simultaneous.threads) {
      if (th.player === viewer || th.prompt || th.i < n) continue;
      th.bindings = d.bindings.slice();
      if (step && (step.kind === 'simultaneous' || step.kind === 'offer')) th.bindings[step.slot] = th.player;
    }
  }
  freshRandomness(d, rng);
  // the rules' state-based reactions hold in the copy too (a card dealt to a seat may change its role)
  wakeReactions(d, g);
  reopenPending(d, g, viewer);
  return d;
}

/** A card the bot chooses without seeing it is known only by its place: on the copy `d` of `s`, the card lying
 *  there. A card it sees is itself. `option`: an option of a card prompt (a card's number, as the prompt's kind
 *  says), as the bots hold it. */
export function blindCard(s: State, d: State, g: Game, option: Value, me: number): number {
  const e = option as number;
  if (cardVisibleTo(s, g, e, me)) return e;
  const z = s.loc[e]!;
  return d.zones[z]![s.zones[z]!.indexOf(e)]!;
}

/**
 * The hidden cards of one back that the viewer remembers in a zone (memory.ts; `rem`, from the plan), each kept
 * there with the chance that it still is, at one of the zone's hidden places drawn at random (of its type where
 * the zone shows types): card → its place (an index into `ks`). Only the viewer's memory, the hidden places and
 * the bot's stream decide, never where the cards really are. A zone holding fewer hidden places than cards
 * remembered there keeps as many as fit; and every place of a `knownType` zone not taken must still find a card
 * of its type among the others, so a card kept outside such zones goes back to the others while its type runs
 * short there.
 */
function rememberedCards(
  rng: Uint32Array, rem: readonly RememberedCard[], cards: readonly number[], ks: readonly number[], typed: readonly boolean[],
  ents: readonly number[], typeOf: (e: number) => string,
): Map<number, number> | null {
  const kept = new Map<number, number>();
  const used = cleared(2, ks.length);
  for (const { e, chance, fits } of rem) {
    if (chance < 1 && randInt(rng, 0x40000000) >= chance * 0x40000000) continue;
    // one of the places it fits not taken yet, drawn at random
    let free = 0;
    for (const u of fits) if (!used[u]) free++;
    if (free === 0) continue;
    let pick = randInt(rng, free);
    for (const u of fits) {
      if (used[u] || pick-- !== 0) continue;
      used[u] = 1;
      kept.set(e, u);
      break;
    }
  }
  if (kept.size === 0) return null;
  // the typed places left, and the cards left, by type
  const short = new Map<string, number>();
  for (let u = 0; u < ks.length; u++) {
    if (!used[u] && typed[u]) { const t = typeOf(ents[ks[u]!]!); short.set(t, (short.get(t) ?? 0) + 1); }
  }
  for (const e of cards) if (!kept.has(e)) short.set(typeOf(e), (short.get(typeOf(e)) ?? 0) - 1);
  for (const [e, u] of [...kept].reverse()) {
    const t = typeOf(e);
    if ((short.get(t) ?? 0) > 0 && !typed[u]) { kept.delete(e); short.set(t, short.get(t)! - 1); }
  }
  return kept.size ? kept : null;
}

/** Whether a variable's value is its starting one as a redeal resets it (an empty list for a list). */
function isStart(x: Value, initial: Value): boolean {
  return Array.isArray(initial) ? Array.isArray(x) && x.length === 0 : x === initial;
}

/**
 * Other seats' open decisions were worked out from their real hidden cards (a hand's cards as options): on the
 * copy they are worked out again, from the copy's cards, so a bot filling them in (or searching them) plays the
 * cards the copy gives that seat, never the real ones. A decision the copy offers nothing for keeps its options
 * (the lookahead then plays what the rules first offered).
 */
export function reopenPending(d: State, g: Game, viewer: number): void {
  if (d.prompt && d.prompt.player !== viewer && d.stack.length) {
    const f = d.stack[d.stack.length - 1]!;
    const step = g.lists[f.list]!.steps[f.i];
    const again = step && step.kind === 'prompt' && step.key === d.prompt.key ? reopened(d, g, d.bindings, step) : null;
    if (again) d.prompt = again;
  }
  if (!d.simultaneous) return;
  const steps = g.lists[d.simultaneous.list]!.steps;
  for (const th of d.simultaneous.threads) {
    const open = th.prompt;
    if (th.player === viewer || !open) continue;
    const step = steps[th.i];
    if (!step || step.kind !== 'prompt' || step.key !== open.key) continue;
    const again = reopened(d, g, th.bindings, step);
    if (again) th.prompt = again;
  }
}

/** A decision's options worked out again on `d` with bindings `b`, as the flow opens it (the same options, in
 *  the same order), or null when it then offers nothing or breaks a rule there. */
function reopened(d: State, g: Game, b: Value[], step: StepDef & { kind: 'prompt' }): NonNullable<State['prompt']> | null {
  try {
    return openPrompt({ s: d, g, bindings: b, it: undefined }, step);
  } catch (e) {
    if (e instanceof RuleError) return null;
    throw e;
  }
}

/** Scratch flags (module state): a typed array over 64 bytes costs about 0.7 µs to allocate, and a redeal needs
 *  three per back, on every determinization. */
const scratch: Uint8Array[] = [new Uint8Array(64), new Uint8Array(64), new Uint8Array(64)];
/** Scratch flags number `k`, n of them, all 0. */
function cleared(k: number, n: number): Uint8Array {
  let a = scratch[k]!;
  if (a.length < n) scratch[k] = a = new Uint8Array(Math.max(n, 2 * a.length));
  a.fill(0, 0, n);
  return a;
}
