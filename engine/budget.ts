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
 *  otherwise fill memory with lines long before its work reaches the limit — in the browser, the tab dies. */
export const MAX_STEP_LOG = 100_000;

export const budget = { work: 0, limit: DEFAULT_STEP_WORK, logged: 0 };

/** A new step begins: its work starts from nothing. */
export function resetWork(limit: number): void {
  budget.work = 0;
  budget.limit = limit;
  budget.logged = 0;
}

/** Counts one log line of this step. */
export function logLine(): void {
  if (++budget.logged > MAX_STEP_LOG) throw new RuleError(`more than ${MAX_STEP_LOG} log lines in one step: a list or a loop ran away`);
}

/** Called when budget.work has passed budget.limit. */
export function overBudget(): never {
  throw new RuleError(`more than ${budget.limit} units of work in one step (list items walked or built, cards moved): a list or a loop ran away`);
}

export function listTooLong(): never {
  throw new RuleError(`a list grew past ${MAX_LIST} items`);
}
