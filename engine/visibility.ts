// Who may see what. One function decides whether a player sees a card; views, logs, replays shown to a
// player and bots all go through it.

import type { Ctx, Game, State, VarDef } from './model.js';
import { instances } from './instances.js';
import { ALL_SEEING, TABLE_VIEW } from './seats.js';

/** Whether `viewer` (a seat, TABLE_VIEW or ALL_SEEING: engine/seats.ts) sees the contents of zone instance `inst`. */
export function zoneVisibleTo(s: State, g: Game, inst: number, viewer: number): boolean {
  if (viewer === ALL_SEEING) return true;
  const ins = instances(g);
  const z = g.zones[ins.zone[inst]!]!;
  const v = z.visibility;
  switch (v.kind) {
    case 'public': return true;
    case 'nobody': return false;
    case 'owner': return viewer >= 0 && ins.owner[inst] === viewer;
    case 'others': return viewer >= 0 && ins.owner[inst] !== viewer;
    case 'to': {
      if (viewer < 0) return false;
      const c: Ctx = { s, g, bindings: s.bindings, it: undefined };
      const who = v.who(c);
      return Array.isArray(who) ? who.includes(viewer) : who === viewer;
    }
    case 'card': return hostSeen(s, g, ins.host[inst]!, viewer);
  }
}

/** How deep cards attached to cards are followed (a card under a card under a card…); deeper reads as hidden. */
const MAX_ATTACHED_DEPTH = 16;
let attachedDepth = 0;

/** Whether the viewer sees the card a per-card zone or variable belongs to (what lies on it is seen as it is). */
function hostSeen(s: State, g: Game, e: number, viewer: number): boolean {
  if (e < 0 || attachedDepth >= MAX_ATTACHED_DEPTH) return false;
  attachedDepth++;
  try { return cardVisibleTo(s, g, e, viewer); } finally { attachedDepth--; }
}

/** Whether `viewer` sees a variable (for a per-player variable: the entry of `owner`; per card: of card `owner`;
 *  of the whole game: `owner` is NO_PLAYER). */
export function varVisibleTo(s: State, g: Game, v: VarDef, owner: number, viewer: number): boolean {
  if (viewer === ALL_SEEING) return true;
  const vis = v.visibility;
  switch (vis.kind) {
    case 'public': return true;
    case 'nobody': return false;
    case 'owner': return viewer >= 0 && owner === viewer;
    case 'others': return viewer >= 0 && owner !== viewer;
    case 'to': {
      if (viewer < 0) return false;
      const who = vis.who({ s, g, bindings: s.bindings, it: undefined });
      return Array.isArray(who) ? who.includes(viewer) : who === viewer;
    }
    case 'card': return hostSeen(s, g, owner, viewer);
  }
}

/** Whether `viewer` sees entity `e` where it lies now. */
export function cardVisibleTo(s: State, g: Game, e: number, viewer: number): boolean {
  return cardSeenIn(s, e, zoneVisibleTo(s, g, s.loc[e]!, viewer), viewer);
}

/** The same for a card in a zone whose visibility to the viewer is already known (worked out once for all the
 *  zone's cards): a card is seen where its zone is seen, when it is revealed to everyone, or when it is shown to
 *  the viewer's seat. */
export function cardSeenIn(s: State, e: number, zoneSeen: boolean, viewer: number): boolean {
  if (zoneSeen) return true;
  const v = s.shown[e]!;
  return v === 1 || (v < 0 && (viewer === ALL_SEEING || (viewer >= 0 && (~v & (1 << viewer)) !== 0)));
}

/** The seats a card is shown to until it moves (`reveal`: -1, everyone; `show … to`: a mask of seats; else 0).
 *  The state's `shown` holds 1 for everyone and ~mask for some seats (so a game without `show` keeps its 0/1). */
export function shownMask(s: State, e: number): number {
  const v = s.shown[e]!;
  return v === 1 ? -1 : v < 0 ? ~v : 0;
}

/** Shows card `e` to the seats of `mask` (added to those it is shown to already) until it moves. */
export function showTo(s: State, e: number, mask: number): void {
  const v = s.shown[e]!;
  if (v === 1 || mask === 0) return;
  s.shown[e] = ~((v < 0 ? ~v : 0) | mask);
}

/** Bit mask of the seats that see entity `e` now (seats 0–30); -1 when everyone does, onlookers included
 *  (a card revealed, or in a public zone: the host's public table names it too). */
export function seenMask(s: State, g: Game, e: number): number {
  const sh = s.shown[e]!;
  if (sh === 1) return -1;
  if (zoneVisibleTo(s, g, s.loc[e]!, TABLE_VIEW)) return -1;
  let m = sh < 0 ? ~sh : 0;
  for (let p = 0; p < s.players; p++) if (zoneVisibleTo(s, g, s.loc[e]!, p)) m |= 1 << p;
  return m;
}

/** Bit mask of the seats that see zone instance `inst`. */
export function zoneMask(s: State, g: Game, inst: number): number {
  if (zoneVisibleTo(s, g, inst, TABLE_VIEW)) return -1;
  let m = 0;
  for (let p = 0; p < s.players; p++) if (zoneVisibleTo(s, g, inst, p)) m |= 1 << p;
  return m;
}

export function inMask(mask: number, viewer: number): boolean {
  return mask === -1 || viewer === ALL_SEEING || (viewer >= 0 && (mask & (1 << viewer)) !== 0);
}

/** Whether `viewer` knows the role of seat `p`. */
export function roleVisibleTo(s: State, p: number, viewer: number): boolean {
  return p === viewer || viewer === ALL_SEEING || s.roleShown[p] === 1 || s.ended !== null;
}
