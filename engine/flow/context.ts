// The flow's evaluation contexts, reused from a small stack instead of made for every step and decision.

import type { Ctx, Game, State } from '../model.js';
import type { Value } from '../expr/types.js';

/**
 * Evaluation contexts, reused: the flow made one for every step run and every decision taken, a large part of a
 * playout's garbage. A context is only used while the call that took it runs (expressions and effects run
 * synchronously and keep none), so a stack of them serves nested calls (a flow run inside another, as a bot's
 * lookahead may do); each is taken with `ctxEnter` and given back with `ctxLeave` in a `finally`.
 */
const ctxPool: Ctx[] = [];
let ctxDepth = 0;

export function ctxEnter(s: State, g: Game, b: Value[]): Ctx {
  let c = ctxPool[ctxDepth];
  if (c === undefined) {
    // the same fields, in the same order, as every other context: expressions see one shape of context (`memo`
    // included: a decision's options set it on the context they are worked out with)
    c = { s, g, bindings: b, it: undefined, memo: undefined };
    ctxPool.push(c);
  } else {
    c.s = s;
    c.g = g;
    c.bindings = b;
    c.it = undefined;
    if (c.memo !== undefined) c.memo = undefined;
  }
  ctxDepth++;
  return c;
}

export function ctxLeave(): void {
  ctxDepth--;
}
