// The compiled form of an expression and the names in scope where it is compiled; with what an expression can
// refer to and the language's errors (env-core.ts, which the model stands on), re-exported here.

import type { Fn } from '../model.js';
import type { Ty, Value } from './types.js';
import type { Ir } from './ir.js';

export { DefError, ExprError, GrowthError, RuleError, RulesetGrowthError } from './env-core.js';
export type { CellGeometry, DefCache, DefInfo, EnumInfo, Env, QuantityInfo, TableInfo, ZoneInfo } from './env-core.js';

/** Names in scope at one point of the ruleset. */
export interface Scope {
  binds: Map<string, Ty>;
  it: Ty | null;
  /** definition parameters being substituted: name → compiled argument */
  params?: Map<string, { fn: Fn; t: Ty; ir?: Ir }>;
  /** whether randomness is allowed (effects: yes; conditions: no) */
  random: boolean;
}

/** An expression compiled: its closure and its type (`T`: what the closure gives, where the compiler has
 *  checked the type; a `Value` of type `t` otherwise). */
export interface Compiled<T = Value> {
  fn: Fn<T>;
  t: Ty;
  /** a list made anew by every evaluation, held by nothing else (a `filter`'s result, not a zone's own list):
   *  the caller may change it in place instead of copying it */
  fresh?: boolean;
  /** what the safe emitter (emit.ts) may write for it instead of calling `fn` (absent: a call of `fn`) */
  ir?: Ir;
}
