// The layout of zone instances: a per-player zone has one instance per seat (for the ruleset's maximum
// player count, so layouts never depend on n), a grid zone one per cell, a per-card zone one per card (laid
// out after all the others). Instance numbers index the state's zone arrays; each zone starts at its `base`.

import type { Game, ZoneDef } from './model.js';
import { NO_PLAYER } from './seats.js';

/** How many instances one zone has. */
export function instanceCountOf(g: Game, z: ZoneDef): number {
  if (z.perCard) return g.entityDef.length;
  return (z.perPlayer ? g.maxPlayers : 1) * (z.cells ? z.cells.length : 1);
}

/** Zone instances exist for the ruleset's maximum player count, so layouts never depend on n. */
export function zoneInstanceCount(g: Game): number {
  let total = 0;
  for (const z of g.zones) total += instanceCountOf(g, z);
  return total;
}

/** Instance number → zone definition index, owning seat (NO_PLAYER: none), cell (-1: none), the card it belongs to
 *  (per-card zones; else -1), whether arrivals are anonymous (cached per game). */
export interface Instances { zone: Int32Array; owner: Int32Array; cell: Int32Array; host: Int32Array; anon: Uint8Array }
const instCache = new WeakMap<Game, Instances>();
let lastGame: Game | null = null;
let lastInst: Instances | null = null;
export function instances(g: Game): Instances {
  if (g === lastGame) return lastInst!;
  let c = instCache.get(g);
  if (c) { lastGame = g; lastInst = c; return c; }
  const n = zoneInstanceCount(g);
  c = { zone: new Int32Array(n), owner: new Int32Array(n), cell: new Int32Array(n), host: new Int32Array(n), anon: new Uint8Array(n) };
  for (const z of g.zones) {
    let k = z.base;
    if (z.perCard) {
      for (let e = 0; e < g.entityDef.length; e++, k++) {
        c.zone[k] = z.index; c.owner[k] = NO_PLAYER; c.cell[k] = -1; c.host[k] = e; c.anon[k] = z.anonymous ? 1 : 0;
      }
      continue;
    }
    const owners = z.perPlayer ? g.maxPlayers : 1;
    const cells = z.cells ? z.cells.length : 1;
    for (let p = 0; p < owners; p++) {
      for (let ci = 0; ci < cells; ci++) {
        c.zone[k] = z.index;
        c.owner[k] = z.perPlayer ? p : NO_PLAYER;
        c.cell[k] = z.cells ? ci : -1;
        c.host[k] = -1;
        c.anon[k] = z.anonymous ? 1 : 0;
        k++;
      }
    }
  }
  instCache.set(g, c);
  lastGame = g;
  lastInst = c;
  return c;
}
