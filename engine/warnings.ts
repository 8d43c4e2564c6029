// Rule warnings while playing: something that looks wrong but is legal — a take() or a move that asks for
// more cards than its source holds, where the ruleset does not say that is fine (`upTo`). A game that keeps
// warnings (simulation, validation's dry run) counts them per place in the ruleset (a site); the loader knows
// each site's file:line:col. Warnings never change the game.

import type { Ctx, TableCell } from './model.js';
export type { Warned } from './model.js';

/** Records a warning at a site, when the game keeps warnings. */
export function warn(c: Ctx, site: number, message: () => string, cell?: TableCell | null): void {
  const w = c.s.warns;
  if (!w || site < 0) return;
  const prev = w.get(site);
  if (prev) prev.count++;
  else w.set(site, { count: 1, message: message(), cell });
}

/** Forgets the last table cell read, before a count is worked out (warnings kept only). */
export function watchCells(c: Ctx): void {
  const w = c.s.lastCell;
  if (w) w.seen = false;
}

/** The table cell read while the count was worked out, if any. */
export function cellRead(c: Ctx): TableCell | null {
  const w = c.s.lastCell;
  if (!w || !w.seen || !w.row) return null;
  return { table: w.table, row: String(w.row[w.key]), col: w.col, value: w.row[w.col] };
}
