// Procedures: named step sequences with typed parameters (`procedures:` at the top level), run by a `call`
// step from any step list. A procedure's steps see its parameters and the global names only, never the
// caller's bindings; its own names live in slots of their own (CompileContext.slotPrefix), so two callers,
// or a procedure and its caller, never overwrite each other's `$names`. Each procedure is compiled once, at
// its first call (so a procedure may call another declared after it); a procedure that calls itself, even
// through others, is an error, as is one never called (a warning: it does nothing).

import type { Path } from '../../effects/index.js';
import { typeFromName, type Ty } from '../../expr/types.js';
import { arr, hintOf, isObj, type CompileContext } from './context.js';
import type { CompileHost } from './host.js';

export interface Procedure {
  id: string;
  /** its step list */
  list: number;
  params: { name: string; t: Ty; slot: number }[];
}

export interface Procedures {
  /** the procedure with this id, compiled (null: unknown or broken; the error is reported at `path`) */
  get(id: unknown, path: Path): Procedure | null;
  /** compiles the procedures no step calls (for their errors) and warns about them */
  finish(): void;
}

export const PARAM_TYPES = ['player', 'players', 'card', 'cards', 'number', 'bool', 'string', 'cell', 'cells'];

type CompileList = (src: unknown, path: Path, scope: ReturnType<CompileHost['baseScope']>, prefix: string) => number;

export function makeProcedures(cx: CompileContext, h: CompileHost, compileList: CompileList): Procedures {
  const items = cx.ids('procedures');
  const done = new Map<string, Procedure | null>();
  /** procedures being compiled, outermost first (a call back into one of them is a cycle) */
  const compiling: string[] = [];
  const phaseIds = new Set(arr(cx.root.phases).flatMap((p) => (isObj(p) && typeof p.id === 'string' ? [p.id] : [])));

  function compile(id: string): Procedure | null {
    const { item, index } = items.get(id)!;
    const at: Path = ['procedures', index];
    if (phaseIds.has(id)) cx.err([...at, 'id'], `'${id}' is already the id of a phase; give the procedure another id`);
    const params: Procedure['params'] = [];
    let scope = h.baseScope(false);
    const prefix = cx.slotPrefix;
    cx.slotPrefix = `${id}:`;
    try {
      if (item.params !== undefined && !isObj(item.params)) cx.err([...at, 'params'], 'params is a mapping of names to types, e.g. { p: player, n: number }');
      for (const [name, type] of Object.entries(isObj(item.params) ? item.params : {})) {
        const t = typeof type === 'string' ? typeFromName(type) : undefined;
        if (!t || !PARAM_TYPES.includes(String(type))) { cx.err([...at, 'params', name], `a parameter's type is one of ${PARAM_TYPES.join(', ')}, not ${JSON.stringify(type)}${hintOf(type, PARAM_TYPES)}`); continue; }
        scope = h.bind(scope, name, t, [...at, 'params', name]);
        params.push({ name, t, slot: cx.slotOf(name) });
      }
      // the procedure's steps: its parameters and the global names, nothing of a caller
      const list = compileList(item.steps, [...at, 'steps'], scope, id);
      return { id, list, params };
    } finally {
      cx.slotPrefix = prefix;
    }
  }

  return {
    get(id, path) {
      if (typeof id !== 'string' || !items.has(id)) {
        cx.err(path, `unknown procedure '${String(id)}'${hintOf(id, items.keys())}${items.size ? '' : '; declare it under procedures'}`);
        return null;
      }
      if (compiling.includes(id)) {
        cx.err(path, `procedure '${id}' calls itself (${[...compiling.slice(compiling.indexOf(id)), id].join(' → ')}); a procedure may call others, never itself`);
        return null;
      }
      if (done.has(id)) return done.get(id)!;
      compiling.push(id);
      const inThread = h.inThread;
      try {
        const p = compile(id);
        done.set(id, p);
        return p;
      } finally {
        compiling.pop();
        h.inThread = inThread;
      }
    },
    finish() {
      for (const [id, { index }] of items) {
        if (done.has(id)) continue;
        this.get(id, ['procedures', index, 'id']);
        cx.warn(['procedures', index, 'id'], `procedure '${id}' is never called`);
      }
    },
  };
}
