// A bound on the work of one step of the flow. The step limit (limits.steps) bounds how many steps a game
// takes; this bounds what one step may do: the items list functions walk (nested ones multiply), the lists
// they build, and the cards effects move. A ruleset that runs away (a list nested twelve deep, a move of a
// trillion cards refilled from itself) is stopped with a rule error naming the step, counted as truncated,
// instead of hanging or exhausting memory. The counter is plain module state, reset at every step: the
// engine runs one flow at a time (a bot's lookahead runs between the real flow's steps, never inside one).

import { RuleError } from './expr/env.js';

/** the longest list an expression may build */
export const MAX_LIST = 1_000_000;
/** list items walked, list items built and cards moved in one step, all counted together (default) */
export const DEFAULT_STEP_WORK = 50_000_000;

/** log lines one step may write (a game that keeps a log: the editor, replays). A runaway loop would
 *  otherwise fill memory with lines long before its work reaches the limit — in the browser, the tab dies.
 *  No bundled step writes more than a few hundred. At 100,000 the editor's playtest took some 20 s to show a
 *  runaway's stop: each view it renders carries the whole log (30 MB of view for 100,000 lines). */
export const MAX_STEP_LOG = 10_000;

/** What moving cards costs besides the cards themselves (finding the zones, the log, the bookkeeping), and what
 *  starting a step costs: counted so that a loop of many small moves, or of many empty steps, runs into a limit
 *  in proportion to the time it takes, not to the few cards it moves. */
export const MOVE_WORK = 16;
export const STEP_WORK = 64;

/** Validate's dry run (every player count played to its first decision) shares this much work among its player
 *  counts: a set-up that runs away is stopped within a second or so, not after the 50 million units a step of
 *  a real game may take. The bundled rulesets need under a fiftieth of it. */
export const DRY_RUN_WORK = 3_000_000;

/** `pool`: the work left to a run with an overall allowance (the dry run), Infinity otherwise. */
export const budget = { work: 0, limit: DEFAULT_STEP_WORK, logged: 0, pool: Infinity, poolSize: Infinity };

/** A new step begins: its work starts from nothing (within what is left of a run's allowance). */
export function resetWork(limit: number): void {
  if (budget.pool !== Infinity) {
    budget.pool -= budget.work + STEP_WORK;
    if (limit > budget.pool) limit = Math.max(0, budget.pool);
  }
  budget.work = 0;
  budget.limit = limit;
  budget.logged = 0;
}

/** Runs `f` with `total` units of work for all its steps together; returns what it returned and the work used. */
export function withWorkAllowance<T>(total: number, f: () => T): { value: T; used: number } {
  const pool = budget.pool, size = budget.poolSize;
  // the first step's reset takes off the work counted before `f` began: it is not `f`'s
  budget.pool = total + budget.work;
  budget.poolSize = total;
  try {
    const value = f();
    return { value, used: total - budget.pool + budget.work };
  } finally {
    budget.pool = pool;
    budget.poolSize = size;
  }
}

/** Counts one log line of this step. */
export function logLine(): void {
  if (++budget.logged > MAX_STEP_LOG) throw new RuleError(`more than ${MAX_STEP_LOG} log lines in one step: a list or a loop ran away`);
}

/** Called when budget.work has passed budget.limit. */
export function overBudget(): never {
  if (budget.pool !== Infinity && budget.limit >= budget.pool) {
    throw new RuleError(`more than ${budget.poolSize} units of work (list items walked or built, cards moved, payments searched) before the first decision, the most validate's check allows a player count: a list or a loop ran away`);
  }
  throw new RuleError(`more than ${budget.limit} units of work in one step (list items walked or built, cards moved, payments searched): a list or a loop ran away`);
}

export function listTooLong(): never {
  throw new RuleError(`a list grew past ${MAX_LIST} items`);
}
