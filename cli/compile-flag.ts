// `--no-compile` (validate, simulate, compare, replay, serve): expressions run as the closures of the interpreter,
// never as emitted code (engine/expr/emit.ts). Set in the environment too, so worker threads started afterwards
// (simulation, the server's loader) see it (engine/index-node.ts reads it).

import { setCompiledExpressions } from '../engine/index-node.js';

export function applyCompileFlag(values: Record<string, unknown>): void {
  if (!values['no-compile']) return;
  process.env.BABELKIT_NO_COMPILE = '1';
  setCompiledExpressions(false);
}
