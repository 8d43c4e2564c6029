// Where cards lie in a belief's world: swapping two cards' places, and finding a card of a kind at a place the
// seat does not see (where a world may hold another card than the real game without the seat knowing).

import type { Game, State } from '../../model.js';
import { ownZone } from '../../state.js';
import { cardSeenIn, zoneVisibleTo } from '../../visibility.js';

/** Puts card `e` at place `i` of zone instance `z` in `d`, the card lying there going where `e` was. */
export function swapCards(d: State, e: number, z: number, i: number): void {
  const f = d.zones[z]![i]!;
  const z2 = d.loc[e]!;
  const i2 = d.zones[z2]!.indexOf(e);
  ownZone(d, z)[i] = e;
  ownZone(d, z2)[i2] = f;
  d.loc[e] = z;
  d.loc[f] = z2;
}

/** A card of `e`'s definition in world `d` at a place `viewer` does not see in the real game `pre` (the one of
 *  the real card itself first), other than `not`; -1 when there is none. */
export function hiddenAnywhere(g: Game, pre: State, d: State, e: number, viewer: number, not: number): number {
  const def = g.entityDef[e];
  const hiddenIn = (x: number) => {
    const z = d.loc[x]!;
    const i = d.zones[z]!.indexOf(x);
    const r = pre.zones[z]![i];
    return r === undefined || !cardSeenIn(pre, r, zoneVisibleTo(pre, g, z, viewer), viewer);
  };
  if (e !== not && hiddenIn(e)) return e;
  for (let x = 0; x < d.loc.length; x++) if (x !== not && g.entityDef[x] === def && hiddenIn(x)) return x;
  return -1;
}

/** A card of `e`'s definition (or only of its card type, `sameType`) in zone instance `z` of world `d`, at a
 *  place `viewer` does not see in the real game `pre`, not in `used`; -1 when there is none. */
export function hiddenTwin(g: Game, pre: State, d: State, z: number, e: number, viewer: number, used: readonly number[], sameType: boolean): number {
  const list = d.zones[z]!;
  const seen = zoneVisibleTo(pre, g, z, viewer);
  const def = g.entityDef[e]!;
  const type = g.cards[def]!.type;
  for (let i = 0; i < list.length; i++) {
    const x = list[i]!;
    if (used.includes(x) || (sameType ? g.cards[g.entityDef[x]!]!.type !== type : g.entityDef[x] !== def)) continue;
    const r = pre.zones[z]![i];
    if (r !== undefined && cardSeenIn(pre, r, seen, viewer)) continue;
    return x;
  }
  return -1;
}

/** A card of `e`'s kind lying at a place of zone instance `z` of world `d` that `viewer` does not see in the
 *  real game `post`, or -1. */
export function twinIn(g: Game, d: State, z: number, e: number, viewer: number, post: State): number {
  const list = d.zones[z]!;
  const real = post.zones[z]!;
  const seen = zoneVisibleTo(post, g, z, viewer);
  const def = g.entityDef[e];
  for (let i = list.length - 1; i >= 0; i--) {
    const x = list[i]!;
    if (g.entityDef[x] !== def) continue;
    if (i < real.length && cardSeenIn(post, real[i]!, seen, viewer)) continue;
    return x;
  }
  return -1;
}
