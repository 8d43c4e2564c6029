// The ruleset compiler's services to effects, steps and prompts: compile an expression, a zone reference,
// a text with {holes}; resolve phases and endings; declare bindings. Expression errors become diagnostics
// at the offending value (and, inside a definition, at the definition).

import type { Ctx, Fn, LogEntry } from '../../model.js';
import { compileEffects, type EffectHost, type Path } from '../../effects/index.js';
import { compileNode, compileSource, compileZoneSource } from '../../expr/compile.js';
import { DefError, ExprError, RulesetGrowthError, type Scope } from '../../expr/env.js';
import { parseTemplate, ExprSyntaxError } from '../../expr/parse.js';
import { T, assignable, showType, type Ty } from '../../expr/types.js';
import { seenMask } from '../../visibility.js';
import { arr, hintOf, isObj, type CompileContext } from './context.js';

export interface CompileHost extends EffectHost {
  /** a scope with only $self bound (randomness allowed or not) */
  baseScope(random: boolean): Scope;
  /** report an expression error at `path` (or at the definition it comes from) */
  reportExpr(path: Path, e: unknown): void;
}

export function makeHost(cx: CompileContext): CompileHost {
  const env = cx.env;
  const err = cx.err;
  const defIds = cx.ids('definitions');
  let grewTooLarge = false;
  const reportExpr = (path: Path, e: unknown) => {
    // once the ruleset's expressions have grown past the limit, every later one stops at once: said once
    if (e instanceof RulesetGrowthError) {
      if (grewTooLarge) return;
      grewTooLarge = true;
    }
    if (e instanceof DefError) {
      const d = defIds.get(e.def.id)!;
      err(['definitions', d.index, 'value'], `in definition '${e.def.id}': ${e.message}`, e.at);
    } else if (e instanceof ExprError) err(path, e.message, e.at);
    else throw e;
  };
  const host: CompileHost = {
    env,
    inThread: false,
    error: err,
    reportExpr,
    site: (path) => cx.sites.push({ path: [...path] }) - 1,
    baseScope: (random) => ({ binds: new Map([['self', T.player]]), it: null, random }),
    effects: (src, path, scope) => compileEffects(src, path, scope, host),
    expr(v, path, scope, expected) {
      if (typeof v === 'number' || typeof v === 'boolean') {
        const c = typeof v === 'number' ? T.num : T.bool;
        if (expected && !assignable(c, expected)) { err(path, `expected ${showType(expected)}, got ${JSON.stringify(v)}`); return null; }
        return () => v;
      }
      if (Array.isArray(v) && v.length === 0) return () => [];
      if (typeof v !== 'string') { err(path, `expected an expression (text), got ${v === null ? 'nothing' : Array.isArray(v) ? 'a list' : typeof v}`); return null; }
      const prev = env.site;
      env.site = (at) => cx.sites.push({ path: [...path], at }) - 1;
      try {
        return compileSource(v, env, scope, expected).fn;
      } catch (e) {
        reportExpr(path, e);
        return null;
      } finally {
        env.site = prev;
      }
    },
    typeOf(v, _path, scope) {
      if (typeof v === 'number') return T.num;
      if (typeof v === 'boolean') return T.bool;
      if (typeof v !== 'string') return null;
      try { return compileSource(v, env, scope).t; } catch { return null; }
    },
    zone(v, path, scope) {
      if (typeof v !== 'string') { err(path, 'expected a zone, e.g. deck or hand[$p]'); return null; }
      try { return compileZoneSource(v, env, { ...scope, random: false }); } catch (e) { reportExpr(path, e); return null; }
    },
    text(v, path, scope) {
      if (typeof v !== 'string') { err(path, 'expected a text'); return null; }
      let tpl: ReturnType<typeof parseTemplate>;
      try { tpl = parseTemplate(v); } catch (e) {
        if (e instanceof ExprSyntaxError) { err(path, e.message, e.at); return null; }
        throw e;
      }
      const holes: { fn: Fn; t: Ty }[] = [];
      for (const h of tpl.holes) {
        try { holes.push(compileNode(h.node, env, scope)); } catch (e) { reportExpr(path, e); return null; }
      }
      const parts = tpl.parts;
      return (c: Ctx): LogEntry => textEntry(c, parts, holes);
    },
    phase(id, path) {
      const i = arr(cx.root.phases).findIndex((p) => isObj(p) && p.id === id);
      if (i < 0) err(path, `unknown phase '${String(id)}'${hintOf(id, arr(cx.root.phases).map((p) => (isObj(p) ? String(p.id) : '')))}`);
      return i;
    },
    ending(id, path) {
      const e = cx.endings.find((x) => x.id === id);
      if (!e) err(path, `unknown ending '${String(id)}'${hintOf(id, cx.endings.map((x) => x.id))}; declare it under endings`);
      return e ?? null;
    },
    bind(scope, name, t, path) {
      if (typeof name !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) { err(path, `'as' needs a name such as p (used as $p)`); return scope; }
      if (scope.binds.has(name) && name !== 'self') err(path, `'$${name}' is already bound here; pick another name`);
      if (name === 'self') err(path, `'$self' is reserved (the player a bot or objective is evaluated for)`);
      env.slotOf(name);
      const binds = new Map(scope.binds);
      binds.set(name, t);
      return { ...scope, binds };
    },
  };
  return host;
}

/** A text with its holes filled in, as a log entry rendered per viewer (cards named in a text are shown
 *  only to those who see them at the moment it is written). */
function textEntry(c: Ctx, parts: string[], holes: { fn: Fn; t: Ty }[]): LogEntry {
  const out: LogEntry = { kind: 'text', parts, holes: holes.map((h) => {
    const v2 = h.fn(c);
    const t = h.t;
    if (t.k === 'player' || t.k === 'none') return { t: 'player' as const, v: v2 };
    if (t.k === 'card') return { t: 'card' as const, v: v2 };
    if (t.k === 'list' && t.of.k === 'card') return { t: 'cards' as const, v: (v2 as number[]).slice() };
    if (t.k === 'list' && t.of.k === 'player') return { t: 'players' as const, v: (v2 as number[]).slice() };
    // counts of an enumeration read as their symbols (or "2 stone"), never as a row of numbers
    if (t.k === 'counts') return { t: 'counts' as const, v: (v2 as number[]).slice(), of: t.of };
    return { t: 'value' as const, v: Array.isArray(v2) ? v2.slice() : v2 };
  }) };
  out.seen = out.holes!.map((h) => {
    if (h.t === 'card') return h.v < 0 ? -1 : seenMask(c.s, c.g, h.v);
    if (h.t === 'cards') return (h.v as number[]).reduce((m, e) => m & seenMask(c.s, c.g, e), -1);
    return -1;
  });
  return out;
}
