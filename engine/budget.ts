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

export const budget = { work: 0, limit: DEFAULT_STEP_WORK };

/** A new step begins: its work starts from nothing. */
export function resetWork(limit: number): void {
  budget.work = 0;
  budget.limit = limit;
}

/** Called when budget.work has passed budget.limit. */
export function overBudget(): never {
  throw new RuleError(`more than ${budget.limit} units of work in one step (list items walked or built, cards moved): a list or a loop ran away`);
}

export function listTooLong(): never {
  throw new RuleError(`a list grew past ${MAX_LIST} items`);
}
