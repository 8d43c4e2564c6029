// Compile pass for scoring (categories in the rulebook's order, a tie-break) and the objective of a player
// who plays for themselves (rulesets without teams).

import type { Fn, ScoringDef } from '../../model.js';
import { T } from '../../expr/types.js';
import { arr, isObj, type CompileContext } from './context.js';
import type { CompileHost } from './host.js';

/** The category ids, known before any expression compiles (score($p, 'points') checks its text). */
export function declareScores(cx: CompileContext): void {
  const sc = cx.root.scores;
  if (sc === undefined) return;
  if (!isObj(sc)) { cx.err(['scores'], 'scores is a mapping: { categories: [...], tiebreak: <number per player> }'); return; }
  const ids: string[] = [];
  arr(sc.categories).forEach((c, i) => {
    if (!isObj(c) || typeof c.id !== 'string') return;
    if (ids.includes(c.id)) cx.err(['scores', 'categories', i, 'id'], `duplicate category '${c.id}'`);
    else ids.push(c.id);
  });
  if (ids.length === 0) cx.err(['scores', 'categories'], 'scores need at least one category');
  cx.scoreCategories = ids;
}

export function compileScores(cx: CompileContext, h: CompileHost): ScoringDef | null {
  const sc = cx.root.scores;
  if (!isObj(sc) || !cx.scoreCategories) return null;
  const slot = cx.slotOf('p');
  const scope = h.bind(h.baseScope(false), 'p', T.player, ['scores']);
  const categories: ScoringDef['categories'] = [];
  arr(sc.categories).forEach((c, i) => {
    if (!isObj(c) || typeof c.id !== 'string') return;
    const value = h.expr(c.value, ['scores', 'categories', i, 'value'], scope, T.num) as Fn<number> | null;
    if (value) categories.push({ id: c.id, name: typeof c.name === 'string' ? c.name : c.id, value });
  });
  const tiebreak = sc.tiebreak === undefined ? null : (h.expr(sc.tiebreak, ['scores', 'tiebreak'], scope, T.num) as Fn<number> | null);
  return { slot, categories, tiebreak };
}

/** The top-level `plausible`: a condition a bot's determinized copy must meet ($self: the bot's seat). */
export function compilePlausible(cx: CompileContext, h: CompileHost): Fn<boolean> | null {
  if (cx.root.plausible === undefined) return null;
  return h.expr(cx.root.plausible, ['plausible'], h.baseScope(false), T.bool) as Fn<boolean> | null;
}

export function compileObjective(cx: CompileContext, h: CompileHost): Fn<number> | null {
  if (cx.root.objective === undefined) return null;
  return h.expr(cx.root.objective, ['objective'], h.baseScope(false), T.num) as Fn<number> | null;
}
