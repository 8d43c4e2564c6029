// Evaluating an expression written after the game was loaded (a designer's watch expression, a test): it
// is compiled against the game's names like any expression of the ruleset, then run on a state, read-only
// ($self is the player given; no randomness).

import type { Game, State } from '../model.js';
import { compileSource } from './compile.js';
import { T } from './types.js';
import { resetWork } from '../budget.js';
import { NO_PLAYER } from '../seats.js';

export function evaluate(g: Game, s: State, src: string, self: number = NO_PLAYER): unknown {
  const { fn } = compileSource(src, g.env, { binds: new Map([['self', T.player]]), it: null, random: false });
  resetWork(g.maxWork);
  const b = s.bindings.slice();
  b[0] = self;
  return fn({ s, g, bindings: b, it: undefined });
}
