// The ruleset's `tunables` (what `babelkit tune` may change): each must name an option, a table cell or a
// card's number field that exists, with values to try. Checked here so that `validate` reports a bad
// declaration at its line; the tuner (engine/sim/tune/tunables.ts) reads them with the same functions.

import type { CompileContext } from './context.js';
import { declaredTunables, resolveTunable, TuneError } from '../../sim/tune/tunables.js';

export function checkTunables(cx: CompileContext): void {
  let specs;
  try {
    specs = declaredTunables(cx.root);
  } catch (e) {
    if (e instanceof TuneError) { cx.err(e.path, e.message); return; }
    throw e;
  }
  [...specs.values()].forEach((spec, i) => {
    try {
      resolveTunable(spec, cx.root, ['tunables', i]);
    } catch (e) {
      if (e instanceof TuneError) cx.err(e.path, e.message);
      else throw e;
    }
  });
}
