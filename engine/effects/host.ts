// What compiling an effect needs: the ruleset compiler's services (expressions, zones, texts, names), and
// the shape of one registry entry.

import type { Ctx, Eff, EndingDef, Fn, LogEntry } from '../model.js';
import type { Env, Scope } from '../expr/env.js';
import type { Ty } from '../expr/types.js';
import type { Entry, Param } from '../lang/registry.js';

export type Path = (string | number)[];

/** What the effect compiler needs from the ruleset compiler. */
export interface EffectHost {
  env: Env;
  error(path: Path, message: string, at?: number): void;
  /** compile a value: YAML numbers/bools are constants, strings are expressions */
  expr(src: unknown, path: Path, scope: Scope, expected?: Ty): Fn | null;
  /** the type of a value expression, or null when it does not compile (errors are reported by expr) */
  typeOf(src: unknown, path: Path, scope: Scope): Ty | null;
  /** whether a list expression makes a new list each time it is evaluated (see `Compiled.fresh`) */
  freshList(src: unknown, scope: Scope): boolean;
  /** compile a zone reference that must name one concrete zone instance */
  zone(src: unknown, path: Path, scope: Scope): Fn<number> | null;
  /** compile a text with {expression} holes; `choice`: the name of a prompt's choice (holes that read it are
   *  marked, so that other seats read a secret choice's words only where they do not tell it) */
  text(src: unknown, path: Path, scope: Scope, choice?: string): ((c: Ctx) => LogEntry) | null;
  phase(id: unknown, path: Path): number;
  ending(id: unknown, path: Path): EndingDef | null;
  /** declare a binding (checks for clashes) and return the scope with it */
  bind(scope: Scope, name: unknown, t: Ty, path: Path): Scope;
  /** true while compiling effects that run inside a simultaneous step (goto is not allowed there) */
  inThread: boolean;
  /** compile a nested list of effects (then/else, do) */
  effects(src: unknown, path: Path, scope: Scope): Eff;
  /** a place that may warn while playing (a move asking for more cards than there are): its site number */
  site(path: Path): number;
}

/** One effect being compiled: its own key's value, the whole mapping (for parameters beside it), paths. */
export interface EffectInput {
  /** the value under the effect's key (`move: {…}` → the mapping) */
  arg: unknown;
  /** the whole effect mapping (`if: …, then: […]`) */
  item: Record<string, unknown>;
  /** path of the effect item */
  path: Path;
  /** path of the effect's own value */
  at: Path;
  scope: Scope;
  h: EffectHost;
}

/** An effect: a registry entry (see engine/lang/registry.ts). */
export interface EffectDef extends Entry {
  /** the value under the effect's own key: its type, meaning and examples */
  arg: Omit<Param, 'name'>;
  /** keys written beside the effect's own key (then/else, as/do, to, winner) */
  params: Param[];
  compile(x: EffectInput): Eff | null;
}

/** The mapping argument of an effect (unknown keys are reported by the dispatcher), or null. */
export function record(x: EffectInput): Record<string, unknown> | null {
  const a = x.arg;
  if (!a || typeof a !== 'object' || Array.isArray(a)) return null;
  return a as Record<string, unknown>;
}
