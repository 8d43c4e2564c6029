// A bot may only decide from what its player sees. To look ahead it plays on a *determinized* copy:
// every card hidden from the bot is dealt again at random among the hidden places, every hidden role
// is redistributed among the players whose roles it does not know, and the game's random stream is
// replaced by one drawn from the bot's own. The copy is thus a function of the bot's view and its own
// randomness only: the real hidden cards, roles and future draws cannot influence the bot's choice.

import type { Game, State } from '../model.js';
import { changed, cloneState, ownZone, rolesKey, varKey } from '../state.js';
import { cardVisibleTo, roleVisibleTo, varVisibleTo } from '../visibility.js';
import { randInt, shuffleInPlace } from '../rng.js';
import { instances } from '../instances.js';
import { sameValue } from '../expr/value.js';
import { RuleError } from '../expr/env.js';

export function determinize(s: State, g: Game, viewer: number, rng: Uint32Array): State {
  const d = cloneState(s);
  d.log = null;
  const places: { z: number; i: number }[] = [];
  const ents: number[] = [];
  for (let z = 0; z < d.zones.length; z++) {
    const zone = d.zones[z]!;
    for (let i = 0; i < zone.length; i++) {
      const e = zone[i]!;
      if (!cardVisibleTo(s, g, e, viewer)) { places.push({ z, i }); ents.push(e); }
    }
  }
  // start from a canonical order (the set of hidden cards is known from the view; where each one really
  // lies is not), so the copy depends on the view and the bot's randomness only. A face-down card shows
  // its back: hidden cards are redealt only among the places holding a card with the same back (card
  // types without a `back` share one), so a face-down resource never lands where a face-down idea lies.
  const backOf = backs(g);
  const groups = new Map<string, number[]>();
  ents.forEach((e, k) => {
    const key = backOf[g.entityDef[e]!]!;
    let ks = groups.get(key);
    if (!ks) groups.set(key, (ks = []));
    ks.push(k);
  });
  // A place in a `knownType` zone shows the card type too: it first receives a card of that type from
  // the shuffled group, and the other places share the cards left.
  const ins = instances(g);
  const typeKnown = (z: number) => g.zones[ins.zone[z]!]!.knownType === true;
  for (const key of [...groups.keys()].sort()) {
    const ks = groups.get(key)!;
    const group = ks.map((k) => ents[k]!).sort((a, b) => a - b);
    shuffleInPlace(rng, group);
    const taken = new Uint8Array(group.length);
    const put = (k: number, j: number) => {
      taken[j] = 1;
      const { z, i } = places[k]!;
      const e = group[j]!;
      if (d.zones[z]![i] !== e) ownZone(d, z)[i] = e;
      d.loc[e] = z;
    };
    const rest: number[] = [];
    for (const k of ks) {
      if (!typeKnown(places[k]!.z)) { rest.push(k); continue; }
      const want = g.entityDef[ents[k]!]!;
      const type = g.cards[want]!.type;
      let j = 0;
      while (j < group.length && (taken[j] || g.cards[g.entityDef[group[j]!]!]!.type !== type)) j++;
      put(k, j); // a card of that type exists: the real one is in the group
    }
    let j = 0;
    for (const k of rest) {
      while (taken[j]) j++;
      put(k, j);
    }
  }
  // Hidden roles are redealt from the roles as dealt at setup (the deal is public knowledge; a later
  // private change of role, such as a conversion, must not show through)
  const hidden: number[] = [];
  for (let p = 0; p < s.n; p++) if (!roleVisibleTo(s, p, viewer)) hidden.push(p);
  const roles = hidden.map((p) => s.dealtRoles[p]!).sort((a, b) => a - b);
  shuffleInPlace(rng, roles);
  hidden.forEach((p, k) => { d.roles[p] = roles[k]!; d.dealtRoles[p] = roles[k]!; }); // the copy's own deal: no trace of the real one
  if (hidden.length) changed(d, rolesKey(d));
  // variables the bot cannot see are reset to their starting value
  g.vars.forEach((v, i) => {
    if (v.perPlayer) {
      const vals = (d.vars[i] as unknown[]).slice();
      vals.forEach((_, p) => { if (!varVisibleTo(s, g, v, p, viewer)) vals[p] = Array.isArray(v.initial) ? [] : v.initial; });
      d.vars[i] = vals;
      changed(d, varKey(d, i));
    } else if (!varVisibleTo(s, g, v, -1, viewer)) { d.vars[i] = Array.isArray(v.initial) ? [] : v.initial; changed(d, varKey(d, i)); }
  });
  // other seats' finished threads in a simultaneous step: what they bound while deciding is theirs alone
  // (their choice), so the copy keeps only what the step gave them (their own seat)
  if (d.par) {
    const frame = d.stack[d.stack.length - 1];
    const step = frame ? g.lists[frame.list]?.steps[d.par.step] : undefined;
    const n = g.lists[d.par.list]!.steps.length;
    for (const th of d.par.threads) {
      if (th.player === viewer || th.prompt || th.i < n) continue;
      th.b = d.b.slice();
      if (step && step.kind === 'simultaneous') th.b[step.slot] = th.player;
    }
  }
  for (let k = 0; k < 4; k++) d.rng[k] = (randInt(rng, 0x100000000) ^ (k * 0x9e3779b9)) >>> 0;
  reopenPending(d, g, viewer);
  return d;
}

/**
 * Other seats' decisions still open in a simultaneous step were worked out from their real hidden cards (a
 * hand's cards as options): on the copy they are worked out again, from the copy's cards, so a bot filling
 * them in (or searching them) plays the cards the copy gives that seat, never the real ones. A decision
 * the copy offers nothing for keeps its options (the lookahead then plays what the rules first offered).
 */
function reopenPending(d: State, g: Game, viewer: number): void {
  if (!d.par) return;
  const steps = g.lists[d.par.list]!.steps;
  for (const th of d.par.threads) {
    const open = th.prompt;
    if (th.player === viewer || !open) continue;
    const step = steps[th.i];
    if (!step || step.kind !== 'prompt' || step.key !== open.key) continue;
    const pr = step.prompt;
    const c = { s: d, g, b: th.b, it: undefined, memo: new Map<string, unknown>() };
    let listed: unknown[];
    try {
      listed = pr.from(c) as unknown[];
    } catch (e) {
      if (e instanceof RuleError) continue;
      throw e;
    }
    c.memo = undefined as never;
    const options = distinctOptions(listed, pr.choose !== 'options' && pr.choose !== 'cells');
    let min = Math.max(0, Math.floor(pr.min(c)));
    let max = Math.max(min, Math.floor(pr.max(c)));
    if (max > options.length) max = options.length;
    if (min > max) min = max;
    if (max === 0) continue;
    th.prompt = { key: open.key, player: open.player, options, min, max };
  }
}

/** The options without repeats (and without -1, "no card"/"nobody", for cards and players), as the flow
 *  lists them. */
function distinctOptions(xs: readonly unknown[], dropNone: boolean): unknown[] {
  const out: unknown[] = [];
  for (const x of xs) {
    if (dropNone && x === -1) continue;
    if (!out.some((y) => sameValue(y, x))) out.push(x);
  }
  return out;
}

const backCache = new WeakMap<Game, string[]>();
/** The back of each card definition (its card type's `back`, '' when it declares none). */
function backs(g: Game): string[] {
  let b = backCache.get(g);
  if (!b) {
    const byType = new Map(g.cardTypes.map((t) => [t.id, t.back ?? '']));
    b = g.cards.map((c) => byType.get(c.type) ?? '');
    backCache.set(g, b);
  }
  return b;
}
