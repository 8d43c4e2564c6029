// Scores: a per-player total by declared categories (points of one kind, coins…), in the rulebook's order;
// the winners by score (the highest total; a tie broken by the tie-break, e.g. the most coins; a tie that
// stands is a shared win). Rules read them with score($p), score($p, 'category') and scoreWinners();
// simulation reports them per category.

import type { Ctx, Game, State } from './model.js';

function withPlayer<T>(c: Ctx, slot: number, p: number, f: () => T): T {
  const save = c.bindings[slot];
  c.bindings[slot] = p;
  try { return f(); } finally { c.bindings[slot] = save; }
}

/** A player's score in one category (by index), or their total (-1). */
export function scoreOf(c: Ctx, p: number, category = -1): number {
  const sc = c.g.scoring;
  if (!sc || p < 0) return 0;
  return withPlayer(c, sc.slot, p, () => {
    if (category >= 0) return sc.categories[category]!.value(c);
    let t = 0;
    for (const cat of sc.categories) t += cat.value(c);
    return t;
  });
}

/** The players with the best total; among them, those with the best tie-break. */
export function scoreWinners(c: Ctx): number[] {
  const sc = c.g.scoring;
  if (!sc) return [];
  const n = c.s.players;
  const totals = Array.from({ length: n }, (_, p) => scoreOf(c, p));
  const best = Math.max(...totals);
  let top = totals.flatMap((t, p) => (t === best ? [p] : []));
  if (top.length > 1 && sc.tiebreak) {
    const tb = top.map((p) => withPlayer(c, sc.slot, p, () => sc.tiebreak!(c)));
    const m = Math.max(...tb);
    top = top.filter((_, i) => tb[i] === m);
  }
  return top;
}

/** Every player's score per category (rows: players; columns: categories), for reports and views. */
export function scoreTable(s: State, g: Game): number[][] {
  const sc = g.scoring;
  if (!sc) return [];
  const c: Ctx = { s, g, bindings: s.bindings.slice(), it: undefined };
  return Array.from({ length: s.players }, (_, p) => sc.categories.map((_, k) => scoreOf(c, p, k)));
}
