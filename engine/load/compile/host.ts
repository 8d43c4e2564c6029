// The ruleset compiler's services to effects, steps and prompts: compile an expression, a zone reference,
// a text with {holes}; resolve phases and endings; declare bindings. Expression errors become diagnostics
// at the offending value (and, inside a definition, at the definition).

import type { Ctx, Fn, LogEntry, LogHole } from '../../model.js';
import { compileEffects, type EffectHost, type Path } from '../../effects/index.js';
import { compileNode, compileSource, compileZoneSource } from '../../expr/compile.js';
import { DefError, ExprError, RulesetGrowthError, type Scope } from '../../expr/env.js';
import { parseTemplate, ExprSyntaxError, type Node } from '../../expr/parse.js';
import { showValue } from '../../render.js';
import { T, assignable, showType, type Ty, type Value, type ValueRecord } from '../../expr/types.js';
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
    freshList(v, scope) {
      if (typeof v !== 'string') return false;
      try { return compileSource(v, env, scope).fresh === true; } catch { return false; }
    },
    zone(v, path, scope) {
      if (typeof v !== 'string') { err(path, 'expected a zone, e.g. deck or hand[$p]'); return null; }
      try { return compileZoneSource(v, env, { ...scope, random: false }); } catch (e) { reportExpr(path, e); return null; }
    },
    text(v, path, scope, choice) {
      if (typeof v !== 'string') { err(path, 'expected a text'); return null; }
      let tpl: ReturnType<typeof parseTemplate>;
      try { tpl = parseTemplate(v); } catch (e) {
        if (e instanceof ExprSyntaxError) { err(path, e.message, e.at); return null; }
        throw e;
      }
      const holes: TextHole[] = [];
      for (const h of tpl.holes) {
        try { holes.push({ ...compileNode(h.node, env, scope), choice: choice !== undefined && reads(h.node, choice) }); } catch (e) { reportExpr(path, e); return null; }
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

interface TextHole { fn: Fn; t: Ty; choice: boolean }

/** Whether an expression reads the binding `$name` (a definition cannot see it unless it is passed in). */
function reads(n: Node, name: string): boolean {
  switch (n.k) {
    case 'bind': return n.name === name;
    case 'list': return n.items.some((x) => reads(x, name));
    case 'rec': return n.fields.some((x) => reads(x.value, name));
    case 'call': return n.args.some((x) => reads(x, name));
    case 'field': return reads(n.obj, name);
    case 'index': return reads(n.obj, name) || reads(n.index, name);
    case 'unary': return reads(n.arg, name);
    case 'binary': return reads(n.left, name) || reads(n.right, name);
    case 'cond': return reads(n.test, name) || reads(n.then, name) || reads(n.else, name);
    default: return false;
  }
}

/** A text with its holes filled in, as a log entry rendered per viewer. Each card in a hole (a card, a list of
 *  cards, a card inside a record) records the seats that may know it; the end of the step adds those who may
 *  know it then (engine/log-judge.ts). */
function textEntry(c: Ctx, parts: string[], holes: TextHole[]): LogEntry {
  const out: LogEntry = { kind: 'text', parts, holes: holes.map((h) => {
    const v2 = h.fn(c);
    const t = h.t;
    const hole = holeOf(v2, t);
    if (h.choice) hole.choice = true;
    const cards = hole.t === 'card' ? [hole.v as number] : hole.t === 'cards' ? (hole.v as number[]) : hole.pieces ? hole.pieces.flatMap((x) => (typeof x === 'object' && 'e' in x ? [x.e] : [])) : null;
    if (cards) hole.seen = cards.map((e) => (e < 0 ? -1 : seenMask(c.s, c.g, e)));
    return hole;
  }) };
  return out;
}

function holeOf(v2: Value, t: Ty): LogHole {
  if (t.k === 'player' || t.k === 'none') return { t: 'player', v: v2 };
  if (t.k === 'card') return { t: 'card', v: v2 };
  if (t.k === 'list' && t.of.k === 'card') return { t: 'cards', v: (v2 as number[]).slice() };
  if (t.k === 'list' && t.of.k === 'player') return { t: 'players', v: (v2 as number[]).slice() };
  // counts of an enumeration read as their symbols (or "2 stone"), never as a row of numbers
  if (t.k === 'counts') return { t: 'counts', v: (v2 as number[]).slice(), of: t.of };
  const hole: LogHole = { t: 'value', v: Array.isArray(v2) ? v2.slice() : v2 };
  // a record or a list with cards or players inside: read piece by piece, each card by who may know it
  if (namesSomeone(t)) hole.pieces = pieces(v2, t, []);
  return hole;
}

/** Whether values of this type hold cards or players somewhere inside a record or a list. */
function namesSomeone(t: Ty): boolean {
  if (t.k === 'card' || t.k === 'player') return true;
  if (t.k === 'list') return namesSomeone(t.of);
  if (t.k === 'rec') return Object.keys(t.f).some((k) => namesSomeone(t.f[k]!));
  return false;
}

/** A value written out for a person as pieces: text, cards and players (a record as "name: value, …"). */
function pieces(v: Value, t: Ty, out: NonNullable<LogHole['pieces']>): NonNullable<LogHole['pieces']> {
  if (t.k === 'card') out.push(typeof v === 'number' && v >= 0 ? { e: v } : 'nothing');
  else if (t.k === 'player') out.push(typeof v === 'number' && v >= 0 ? { p: v } : 'nobody');
  else if (t.k === 'list' && Array.isArray(v)) {
    v.forEach((x, i) => { if (i) out.push(', '); pieces(x, t.of, out); });
    if (!v.length) out.push('nothing');
  } else if (t.k === 'rec' && v && typeof v === 'object') {
    Object.keys(t.f).forEach((k, i) => { if (i) out.push(', '); out.push(`${k}: `); pieces((v as ValueRecord)[k], t.f[k]!, out); });
  } else out.push(showValue(v));
  return out;
}
