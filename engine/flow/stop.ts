// How the flow stops a game that cannot go on: a rule broken while playing (a RuleError) or a flow that loops
// without reaching an ending (the step limit). Either ends the game with a message, never an exception.

import type { Game, State } from '../model.js';
import { RuleError } from '../expr/env.js';
import { resetWork } from '../budget.js';

/** A rule error (a ruleset asking for something impossible while playing) ends the game with a message. */
export function stopOnRuleError(s: State, e: unknown, where: string): void {
  if (!(e instanceof RuleError)) throw e;
  s.prompt = null;
  s.simultaneous = null;
  s.ended = { ending: null, winner: null, truncated: true, message: `${where}: ${e.message}` };
}

export function limitReached(s: State, g: Game, where: string): boolean {
  resetWork(g.maxWork);
  if (++s.steps <= g.maxSteps) return false;
  s.ended = {
    ending: null,
    winner: null,
    truncated: true,
    message: `stopped after ${g.maxSteps} steps, looping in ${where} (the game never reached an ending)`,
  };
  return true;
}
