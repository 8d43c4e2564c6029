// Compile pass for zones: each zone's shape (per player, grid cells, spatial levels), visibility kind,
// and its place in the state's list of zone instances; the geometry of every grid cell.

import type { ZoneDef } from '../../model.js';
import type { CellGeometry } from '../../expr/env.js';
import { arr, isObj, type CompileContext } from './context.js';

/** A bound on the cells of one grid (columns × rows × levels): the state holds one pile per cell. */
export const MAX_GRID_CELLS = 10_000;
/** A bound on all piles of the state together (every zone, per player and per cell). */
export const MAX_ZONE_INSTANCES = 50_000;

export function compileZones(cx: CompileContext): void {
  let base = 0;
  const zoneIdMap = cx.ids('zones');
  for (const [id, { item, index }] of zoneIdMap) {
    const grid = isObj(item.grid) ? item.grid : null;
    let cells: string[] | null = null;
    let columns: string[] | null = null, rows: string[] | null = null;
    if (grid) {
      columns = arr(grid.columns).map(String);
      rows = arr(grid.rows).map(String);
      // a grid with `levels: N` is spatial: every column × row spot exists on levels 1..N, named A1@1 … A1@N
      const levels = grid.levels === undefined ? 0 : Number(grid.levels);
      if (grid.levels !== undefined && !(Number.isInteger(levels) && levels >= 1 && levels <= 64)) {
        cx.err(['zones', index, 'grid', 'levels'], `levels is a whole number from 1 to 64, not ${JSON.stringify(grid.levels)}`);
      }
      const total = columns.length * rows.length * Math.max(1, levels || 1);
      if (total > MAX_GRID_CELLS) {
        cx.err(['zones', index, 'grid'], `this grid has ${total} cells (${columns.length} columns × ${rows.length} rows${levels ? ` × ${levels} levels` : ''}); the limit is ${MAX_GRID_CELLS}`);
        columns = columns.slice(0, 1);
        rows = rows.slice(0, 1);
      }
      cells = [];
      const seen = new Set<string>();
      const geoms: [string, CellGeometry][] = [];
      const nameOf = (ci: number, ri: number, l: number) => `${columns![ci]}${rows![ri]}${levels ? `@${l}` : ''}`;
      for (let l = 1; l <= Math.max(1, levels); l++) {
        for (let ri = 0; ri < rows.length; ri++) for (let ci = 0; ci < columns.length; ci++) {
          const name = nameOf(ci, ri, l);
          if (seen.has(name)) cx.err(['zones', index, 'grid'], `two cells of this grid are both named '${name}'; use distinct column and row names`);
          seen.add(name);
          cells.push(name);
          const nb: string[] = [];
          if (ri > 0) nb.push(nameOf(ci, ri - 1, l));
          if (ci > 0) nb.push(nameOf(ci - 1, ri, l));
          if (ci + 1 < columns.length) nb.push(nameOf(ci + 1, ri, l));
          if (ri + 1 < rows.length) nb.push(nameOf(ci, ri + 1, l));
          geoms.push([name, {
            level: l,
            neighbours: nb,
            above: levels && l < levels ? [nameOf(ci, ri, l + 1)] : [],
            below: levels && l > 1 ? [nameOf(ci, ri, l - 1)] : [],
          }]);
        }
      }
      for (const [name, geo] of geoms) {
        const prev = cx.cellGeometry.get(name);
        if (prev && !sameGeometry(prev, geo)) {
          cx.err(['zones', index, 'grid'], `cell '${name}' also belongs to another grid where it lies elsewhere (other neighbours or levels); give the grids distinct cell names`);
        } else if (!prev) cx.cellGeometry.set(name, geo);
      }
      cells.forEach((x) => cx.allCells.add(x));
    }
    const perPlayer = item.per === 'player';
    const perCard = item.per === 'card';
    if ((item.visibility === 'owner' || item.visibility === 'others') && !perPlayer) {
      cx.err(['zones', index, 'visibility'], perCard
        ? `a per-card zone has no owner: leave visibility out (its cards are seen as the card they belong to is), or give public, nobody or { to: … }`
        : `'${String(item.visibility)}' needs a per-player zone (per: player); a shared zone has no owner`);
    }
    if (perCard && grid) cx.err(['zones', index, 'grid'], 'a per-card zone cannot be a grid');
    const zd: ZoneDef = {
      id, index: cx.zones.length, perPlayer, ...(perCard ? { perCard: true } : {}), base: perCard ? 0 : base, cells, columns, rows, levels: grid && grid.levels !== undefined ? Number(grid.levels) || 0 : 0, visibility: { kind: 'public' },
      anonymous: item.anonymous === true, knownType: item.knownType === true, remembered: item.remembered === true, description: item.description as string | undefined,
      ...(item.hidden === true ? { hidden: true } : {}),
      ...(typeof item.name === 'string' && item.name.trim() ? { name: item.name.trim() } : {}),
    };
    cx.zones.push(zd);
    const cellIndex = new Map<string, number>();
    cells?.forEach((x, i) => cellIndex.set(x, i));
    cx.zoneInfos.set(id, { id, index: zd.index, base: zd.base, perPlayer, ...(perCard ? { perCard: true } : {}), cells, cellIndex });
    if (!perCard) base += (perPlayer ? cx.maxPlayers : 1) * (cells ? cells.length : 1);
  }
  if (base > MAX_ZONE_INSTANCES) {
    cx.err(['zones'], `the zones make ${base} piles in all (per player and per grid cell, at up to ${cx.maxPlayers} players); the limit is ${MAX_ZONE_INSTANCES}`);
  }
}

/** Per-card zones come after every other zone's piles, one pile per card: laid out once the cards are known. */
export function layoutCardZones(cx: CompileContext): void {
  let base = 0;
  for (const z of cx.zones) if (!z.perCard) base += (z.perPlayer ? cx.maxPlayers : 1) * (z.cells ? z.cells.length : 1);
  const cards = cx.entityDef.length;
  for (const z of cx.zones) {
    if (!z.perCard) continue;
    z.base = base;
    cx.zoneInfos.get(z.id)!.base = base;
    base += cards;
  }
  if (base > MAX_ZONE_INSTANCES && cx.zones.some((z) => z.perCard)) {
    cx.err(['zones'], `the zones make ${base} piles in all (one per card for each per-card zone: ${cards} cards); the limit is ${MAX_ZONE_INSTANCES}`);
  }
}

function sameGeometry(a: CellGeometry, b: CellGeometry): boolean {
  const same = (x: string[], y: string[]) => x.length === y.length && x.every((v, i) => v === y[i]);
  return a.level === b.level && same(a.neighbours, b.neighbours) && same(a.above, b.above) && same(a.below, b.below);
}
