// The editor's "Compiled rules" setting (on by default): whether the workers that play games run the ruleset's
// expressions as code emitted from them (engine/expr/emit.ts) or as the interpreter's closures only, like the
// command line's --no-compile. Kept in the browser's storage; it travels to a worker with the ruleset it loads
// (RulesetSource.compile), and applies from the next load. A page whose Content Security Policy forbids
// generated code (no 'unsafe-eval') needs nothing: the emitter finds `new Function` refused and uses closures.

import { setCompiledExpressions } from '../../../engine/index.js';
import type { RulesetSource } from './source.js';

const KEY = 'babelkit.compiledRules';

export function compiledRules(): boolean {
  try {
    return localStorage.getItem(KEY) !== 'off';
  } catch {
    return true;
  }
}

export function setCompiledRules(on: boolean): void {
  try {
    if (on) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, 'off');
  } catch {
    // storage refused (a private window): the setting lasts as long as the page
  }
  pageSetting = on;
}
let pageSetting: boolean | undefined;

/** The source to send a worker, carrying the setting. */
export function withCompileSetting<S extends RulesetSource>(src: S): S {
  return { ...src, compile: pageSetting ?? compiledRules() };
}

/** In a worker, before loading: the setting the source carries. */
export function applyCompileSetting(src: RulesetSource): void {
  setCompiledExpressions(src.compile !== false);
}
