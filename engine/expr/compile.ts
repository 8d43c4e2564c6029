// Type-checks an expression AST and compiles it to closures, once, at load time.
// No eval, no Function constructor: every node becomes a small JS closure over its children.

import type { Ctx, Fn, Game } from '../model.js';
import { parseExpr, ExprSyntaxError, type Node } from './parse.js';
import { T, assignable, asValue, hasField, recType, showType, type Ty } from './types.js';
import { didYouMean } from '../suggest.js';
import { FUNCTIONS, arityOf, type FnCompiler } from './functions/index.js';
import { DefError, ExprError, GrowthError, RuleError, RulesetGrowthError, type Compiled, type DefInfo, type Env, type QuantityInfo, type Scope } from './env.js';
import { quantityValue } from '../modifiers.js';
import { emptyOf, sameValue } from './value.js';
import { abandon, argKey, begin, end, memo, reuse, settingKey, stillValid, track, varKey } from '../memo.js';
import { budget, overBudget } from '../budget.js';
export { emptyOf, sameValue } from './value.js';
export { DefError, ExprError, GrowthError, RuleError, RulesetGrowthError, type CellGeometry, type Compiled, type DefInfo, type Env, type Scope, type TableInfo, type ZoneInfo } from './env.js';

/** Names every expression can use (besides the ruleset's own): they cannot be given to anything else. */
export const BUILTIN_NAMES = ['players', 'playerCount', 'none', 'it'];
/** Words of the language itself, reserved too. */
export const RESERVED_WORDS = ['true', 'false', 'and', 'or', 'not', 'in'];

/** Parses an expression; a syntax error becomes an ExprError at its offset. */
function parseOrThrow(src: string): Node {
  try {
    return parseExpr(src);
  } catch (e) {
    if (e instanceof ExprSyntaxError) throw new ExprError(e.message, e.at);
    throw e;
  }
}

export function compileSource(src: string, env: Env, scope: Scope, expected?: Ty): Compiled {
  return compileNode(parseOrThrow(src), env, scope, expected);
}

/** Compiles a reference to one concrete zone (deck, hand[$p], board[$p]['A1']) to its instance number. */
export function compileZoneSource(src: string, env: Env, scope: Scope): Fn<number> {
  const node = parseOrThrow(src);
  const r = new Compiler(env).expr(node, scope);
  if (r.t.k !== 'zone') throw new ExprError(`expected a zone (e.g. deck, hand[$p] or board['A1']), but this is ${showType(r.t)}`, node.at);
  if (r.t.need.length) throw new ExprError(`zone '${r.t.zone}' needs a ${r.t.need[0]} index here, e.g. ${r.t.zone}[${indexExample(r.t.need[0]!)}]`, node.at);
  return r.fn;
}

export function compileNode(node: Node, env: Env, scope: Scope, expected?: Ty): Compiled {
  const c = new Compiler(env);
  const r = c.expr(node, scope);
  const t = asValue(r.t);
  if (expected && !assignable(r.t, expected)) {
    throw new ExprError(`expected ${showType(expected)}, but this is ${showType(r.t)}`, node.at);
  }
  if (r.t.k === 'zone' && r.t.need.length === 0) {
    const f = r.fn;
    return { fn: (x) => { const z = f(x); track(x.s, z); return x.s.zones[z]; }, t };
  }
  if (r.t.k === 'zone' || r.t.k === 'table') throw new ExprError(`${showType(r.t)} is not a value`, node.at);
  const out: Compiled = { fn: r.fn, t };
  if (r.fresh) out.fresh = true;
  return out;
}

/**
 * Whether a literal text would be a likely slip compared with the value of `src` (a `switch` case's `is:`
 * against `$card.name`): the message with its did-you-mean, or null. The same check as `src == 'literal'`.
 */
export function literalProblem(src: string, literal: string, env: Env, scope: Scope): string | null {
  const node = parseOrThrow(src);
  const cmp: Node = { k: 'binary', op: '==', left: node, right: { k: 'str', v: literal, at: 0 }, at: 0 };
  try {
    new Compiler(env).expr(cmp, scope);
    return null;
  } catch (e) {
    if (e instanceof ExprError) return e.message;
    throw e;
  }
}

/** An example index of each kind, for messages: hand[$p], board['A1'], under[$c]. */
function indexExample(kind: 'player' | 'cell' | 'card'): string {
  return kind === 'player' ? '$p' : kind === 'card' ? '$c' : "'A1'";
}

/** Definitions are expanded at each use: this bounds what one expression may grow into. */
const MAX_EXPANDED_NODES = 20_000;
/** ...and this what all the expressions of one ruleset may grow into together, so that loading costs in
 *  proportion to the file: the bundled rulesets expand to under 13,000 parts in all. */
export const MAX_RULESET_EXPANSION = 250_000;
/** Parts compiled since the process started (definitions counted at each expansion): what loading costs, for
 *  the tests and benchmarks that check it grows with the file, not faster. */
export const compileStats = { parts: 0 };
/** How deep an expression may nest, its definitions expanded (compiling and evaluating recurse this deep). */
export const MAX_NESTING = 300;

class Compiler implements FnCompiler {
  private defStack: string[] = [];
  private budget = MAX_EXPANDED_NODES;
  private depth = 0;
  /** uses so far of what the definition cache cannot follow (randomness, opaque functions, quantities) */
  private opaque = 0;
  /** list functions with a condition compiled so far (a definition without one is too cheap to cache) */
  private loops = 0;
  /** what may write a rule warning or the table cell it cites, compiled so far */
  private warnSites = 0;
  /** field nodes that read a card's field (for checkLiteral) */
  private cardFields = new WeakSet<Node>();
  constructor(readonly env: Env) {}

  expr(n: Node, sc: Scope): Compiled {
    compileStats.parts++;
    if (--this.budget < 0) throw new GrowthError(`this expression grows to more than ${MAX_EXPANDED_NODES} parts once its definitions are expanded; simplify the definitions it uses`, n.at);
    const env = this.env;
    if (env.expansionLeft !== undefined && --env.expansionLeft < 0) {
      throw new RulesetGrowthError(`the ruleset's expressions grow to more than ${MAX_RULESET_EXPANSION} parts in all once their definitions are expanded (each use of a definition is expanded anew); use large definitions in fewer places`, n.at);
    }
    // nesting counts across definitions (a chain of 1,900 terms used by another adds up): compiling and
    // evaluating recurse as deep as the expression nests
    if (++this.depth > MAX_NESTING) throw new GrowthError(`this expression nests deeper than ${MAX_NESTING} levels once its definitions are expanded (a long chain of + or and nests one level per term); split it into definitions that each add fewer`, n.at);
    try {
      return this.node(n, sc);
    } finally {
      this.depth--;
    }
  }

  private node(n: Node, sc: Scope): Compiled {
    switch (n.k) {
      case 'num': { const v = n.v; return { fn: () => v, t: T.num }; }
      case 'str': { const v = n.v; return { fn: () => v, t: T.str }; }
      case 'bool': { const v = n.v; return { fn: () => v, t: T.bool }; }
      case 'it': {
        if (!sc.it) throw new ExprError("'it' is only defined inside a list function such as filter(list, it.x == 1)", n.at);
        return { fn: (c) => c.it, t: sc.it };
      }
      case 'bind': return this.bind(n.name, n.at, sc);
      case 'name': return this.name(n.name, n.at, sc);
      case 'list': return this.list(n, sc);
      case 'rec': return this.record(n, sc);
      case 'call': return this.call(n, sc);
      case 'field': return this.field(n, sc);
      case 'index': return this.index(n, sc);
      case 'unary': {
        const a = this.value(n.arg, sc);
        if (n.op === '-') {
          this.need(a, T.num, n.arg);
          const f = a.fn;
          return { fn: (c) => -f(c), t: T.num };
        }
        this.need(a, T.bool, n.arg);
        const f = a.fn;
        return { fn: (c) => !f(c), t: T.bool };
      }
      case 'binary': return this.binary(n, sc);
      case 'cond': {
        const test = this.value(n.test, sc);
        this.need(test, T.bool, n.test);
        const a = this.value(n.then, sc);
        const b = this.value(n.else, sc);
        let t = a.t;
        if (!assignable(b.t, a.t) && !assignable(a.t, b.t)) {
          throw new ExprError(`both branches must have the same type: ${showType(a.t)} vs ${showType(b.t)}`, n.else.at);
        }
        if (t.k === 'any' || t.k === 'none' || (t.k === 'list' && t.of.k === 'any')) t = b.t;
        const tf = test.fn, af = a.fn, bf = b.fn;
        const out: Compiled = { fn: (c) => (tf(c) ? af(c) : bf(c)), t };
        if (a.fresh && b.fresh) out.fresh = true;
        return out;
      }
    }
  }

  /** Compile and convert a concrete zone to its card list. */
  value(n: Node, sc: Scope): Compiled {
    return this.toValue(this.expr(n, sc), n);
  }

  /** A compiled expression as a value: a zone without an index is its list of cards; a table needs a key. */
  toValue(r: Compiled, n: Node): Compiled {
    if (r.t.k === 'zone') {
      if (r.t.need.length) throw new ExprError(`zone '${r.t.zone}' needs a ${r.t.need[0]} index, e.g. ${r.t.zone}[${indexExample(r.t.need[0]!)}]`, n.at);
      const f = r.fn;
      return { fn: (c) => { const z = f(c); track(c.s, z); return c.s.zones[z]; }, t: T.list(T.card) };
    }
    if (r.t.k === 'table') throw new ExprError(`table '${r.t.table}' needs a key, e.g. ${r.t.table}[playerCount]`, n.at);
    return r;
  }

  need(r: Compiled, t: Ty, n: Node): void {
    if (!assignable(r.t, t)) throw new ExprError(`expected ${showType(t)}, but this is ${showType(r.t)}`, n.at);
  }

  bind(name: string, at: number, sc: Scope): Compiled {
    const p = sc.params?.get(name);
    if (p) return p;
    const t = sc.binds.get(name);
    if (!t) {
      const hint = didYouMean(name, [...sc.binds.keys(), ...(sc.params?.keys() ?? [])]);
      throw new ExprError(`'$${name}' is not bound here${hint ? ` (did you mean '$${hint}'?)` : ''}`, at);
    }
    const slot = this.env.slotOf(name);
    return { fn: (c) => c.b[slot], t };
  }

  name(name: string, at: number, sc: Scope): Compiled {
    const env = this.env;
    if (name === 'players') return { fn: (c) => allPlayers(c.s.n), t: T.list(T.player) };
    if (name === 'playerCount') return { fn: (c) => c.s.n, t: T.num };
    if (name === 'none') return { fn: () => -1, t: T.none };
    const z = env.zones.get(name);
    if (z) {
      const need: ('player' | 'cell' | 'card')[] = [];
      if (z.perPlayer) need.push('player');
      if (z.perCard) need.push('card');
      if (z.cells) need.push('cell');
      const base = z.base;
      return { fn: () => base, t: { k: 'zone', zone: name, need } };
    }
    const v = env.vars.get(name);
    if (v) {
      if (v.perPlayer) throw new ExprError(`variable '${name}' has one value per player: write ${name}[$p]`, at);
      if (v.perCard) throw new ExprError(`variable '${name}' has one value per card: write ${name}[$c]`, at);
      const i = v.index;
      return { fn: (c) => { track(c.s, varKey(c.s, i)); return c.s.vars[i]; }, t: v.t };
    }
    const o = env.options.get(name);
    if (o) { env.reads?.add(`option:${name}`); const i = o.index; return { fn: (c) => c.s.opts[i], t: o.t }; }
    if (env.tables.has(name)) return { fn: () => name, t: { k: 'table', table: name } };
    const en = env.enums.get(name);
    if (en) {
      // an enumeration as a value is the list of its values, in order
      const values = Object.freeze(en.values.slice());
      return { fn: () => values, t: T.list(T.str) };
    }
    const d = env.defs.get(name);
    if (d) {
      env.reads?.add(`definition:${name}`);
      if (d.params.length) throw new ExprError(`'${name}' takes ${d.params.length} argument(s): ${name}(${d.params.join(', ')})`, at);
      return this.callDef(d, [], at, sc);
    }
    const all = [...BUILTIN_NAMES, ...env.zones.keys(), ...env.vars.keys(), ...env.options.keys(), ...env.tables.keys(), ...env.defs.keys(), ...env.enums.keys()];
    const hint = didYouMean(name, all);
    throw new ExprError(`unknown name '${name}'${hint ? ` (did you mean '${hint}'?)` : ''}; names are zones, variables, options, tables${env.enums.size ? ', definitions and enumerations' : ' and definitions'}`, at);
  }

  list(n: Node & { k: 'list' }, sc: Scope): Compiled {
    const items = n.items.map((x) => this.value(x, sc));
    let of: Ty = T.any;
    for (let i = 0; i < items.length; i++) {
      const it = items[i]!;
      if (of.k === 'any' || (of.k === 'none' && it.t.k !== 'none')) of = it.t;
      else if (!assignable(it.t, of)) throw new ExprError(`list items must share one type: ${showType(of)} and ${showType(it.t)}`, n.items[i]!.at);
    }
    // a list of literals is built once, not at every evaluation (lists are never mutated in place)
    if (n.items.every((x) => x.k === 'num' || x.k === 'str' || x.k === 'bool')) {
      const constant = Object.freeze(n.items.map((x) => (x as { v: unknown }).v));
      return { fn: () => constant, t: T.list(of) };
    }
    const fs = items.map((x) => x.fn);
    return { fn: (c) => fs.map((f) => f(c)), t: T.list(of) };
  }

  /** `{ name: value, … }`: a record, built at each evaluation (records are never changed in place). */
  record(n: Node & { k: 'rec' }, sc: Scope): Compiled {
    const parts = n.fields.map((x) => ({ name: x.name, c: this.value(x.value, sc) }));
    const t = recType(parts.map((x) => [x.name, x.c.t]));
    const names = parts.map((x) => x.name);
    const fs = parts.map((x) => x.c.fn);
    return {
      fn: (c) => {
        const o: Record<string, unknown> = Object.create(null);
        for (let i = 0; i < fs.length; i++) o[names[i]!] = fs[i]!(c);
        return o;
      },
      t,
    };
  }

  field(n: Node & { k: 'field' }, sc: Scope): Compiled {
    const o = this.value(n.obj, sc);
    const name = n.name;
    const f = o.fn;
    if (o.t.k === 'card' || o.t.k === 'any') {
      this.cardFields.add(n);
      this.env.reads?.add(`field:${name}`);
      const ft = this.env.fields.get(name);
      if (!ft) {
        const hint = didYouMean(name, this.env.fields.keys());
        throw new ExprError(`no card type has a field '${name}'${hint ? ` (did you mean '${hint}'?)` : ''}`, n.at);
      }
      const env = this.env;
      let col: unknown[] | undefined;
      // a field of "no card" (none: the top of an empty pile) is its type's empty value: 0, '', no, [], none
      const empty = emptyOf(ft, this.env);
      if (n.obj.k === 'it') {
        // `it.field` (filters over whole zones): read the column straight from the current item
        return {
          fn: (c) => {
            const e = c.it;
            if (e === undefined || e < 0) return empty;
            return (col ??= env.gameColumns().get(name)!)[e];
          },
          t: ft,
        };
      }
      return {
        fn: (c) => {
          const e = f(c);
          if (e === undefined || e < 0) return empty;
          return (col ??= env.gameColumns().get(name)!)[e];
        },
        t: ft,
      };
    }
    if (o.t.k === 'rec') {
      if (!hasField(o.t, name)) throw new ExprError(`${showType(o.t)} has no field '${name}'${suggest(name, Object.keys(o.t.f))}`, n.at);
      const ft = o.t.f[name]!;
      // a record not there (a decision skipped for lack of options binds nothing) reads as empty values
      const empty = emptyOf(ft, this.env);
      return { fn: (c) => { const r = f(c); return r === null || r === undefined ? empty : r[name]; }, t: ft };
    }
    if (o.t.k === 'counts') {
      const en = this.env.enums.get(o.t.of)!;
      const i = en.index.get(name);
      if (i === undefined) throw new ExprError(`${o.t.of} has no value '${name}'${suggest(name, en.values)}`, n.at);
      return { fn: (c) => { const v = f(c); return v ? v[i] : 0; }, t: T.num };
    }
    if (o.t.k === 'row') {
      const tab = this.env.tables.get(o.t.table)!;
      const ft = tab.cols.get(name);
      if (!ft) throw new ExprError(`table '${tab.id}' has no column '${name}'${suggest(name, tab.cols.keys())}`, n.at);
      this.env.reads?.add(`column:${tab.id}.${name}`);
      const tid = tab.id, key = tab.key;
      this.warnSites++;
      // with warnings kept, the cell is remembered: a count that asks too much is reported at its table value
      return {
        fn: (c) => {
          const r = f(c), w = c.s.lastCell;
          if (w) { w.seen = true; w.table = tid; w.key = key; w.col = name; w.row = r; }
          return r[name];
        },
        t: ft,
      };
    }
    throw new ExprError(`${showType(o.t)} has no fields (found '.${name}')`, n.at);
  }

  index(n: Node & { k: 'index' }, sc: Scope): Compiled {
    if (n.obj.k === 'name') {
      const pv = this.env.vars.get(n.obj.name);
      if (pv?.perPlayer) {
        const ix = this.value(n.index, sc);
        this.need(ix, T.player, n.index);
        const xf = ix.fn, i = pv.index;
        return { fn: (c) => { const p = playerIndex(xf(c), c); track(c.s, varKey(c.s, i)); return c.s.vars[i][p]; }, t: pv.t };
      }
      if (pv?.perCard) {
        const ix = this.value(n.index, sc);
        this.need(ix, T.card, n.index);
        const xf = ix.fn, i = pv.index;
        return { fn: (c) => { const e = cardIndex(xf(c), c); track(c.s, varKey(c.s, i)); return c.s.vars[i][e]; }, t: pv.t };
      }
    }
    const o = this.expr(n.obj, sc);
    if (o.t.k === 'zone') {
      const zt = o.t;
      if (!zt.need.length) throw new ExprError(`zone '${zt.zone}' takes no more indices`, n.at);
      const z = this.env.zones.get(zt.zone)!;
      const kind = zt.need[0]!;
      const rest = zt.need.slice(1);
      const of = o.fn;
      const stride = z.cells ? z.cells.length : 1;
      if (kind === 'player') {
        const ix = this.value(n.index, sc);
        this.need(ix, T.player, n.index);
        const xf = ix.fn;
        return { fn: (c) => of(c) + playerIndex(xf(c), c) * stride, t: { k: 'zone', zone: zt.zone, need: rest } };
      }
      if (kind === 'card') {
        const ix = this.value(n.index, sc);
        this.need(ix, T.card, n.index);
        const xf = ix.fn;
        return { fn: (c) => of(c) + cardIndex(xf(c), c), t: { k: 'zone', zone: zt.zone, need: rest } };
      }
      if (n.index.k === 'str') {
        const ci = z.cellIndex.get(n.index.v);
        if (ci === undefined) throw new ExprError(`zone '${z.id}' has no cell '${n.index.v}'${suggest(n.index.v, z.cells!)}`, n.index.at);
        return { fn: (c) => of(c) + ci, t: { k: 'zone', zone: zt.zone, need: rest } };
      }
      const ix = this.value(n.index, sc);
      this.need(ix, T.cell, n.index);
      const xf = ix.fn;
      const cells = z.cellIndex;
      return {
        fn: (c) => {
          const ci = cells.get(xf(c));
          if (ci === undefined) throw new RuleError(`zone '${z.id}' has no cell '${xf(c)}'`);
          return of(c) + ci;
        },
        t: { k: 'zone', zone: zt.zone, need: rest },
      };
    }
    if (o.t.k === 'table') {
      const tab = this.env.tables.get(o.t.table)!;
      const ix = this.value(n.index, sc);
      const xf = ix.fn;
      const rows = tab.rows;
      return {
        fn: (c) => {
          const k = String(xf(c));
          const r = rows.get(k);
          if (!r) throw new RuleError(`table '${tab.id}' has no row with ${tab.key} = ${k}`);
          return r;
        },
        t: { k: 'row', table: tab.id },
      };
    }
    const v = this.toValue(o, n.obj); // n.obj compiled once (compiling it again doubles the work per level)
    if (v.t.k === 'list') {
      const ix = this.value(n.index, sc);
      this.need(ix, T.num, n.index);
      const lf = v.fn, xf = ix.fn;
      return {
        fn: (c) => {
          const xs = lf(c), i = xf(c);
          if (!Number.isInteger(i) || i < 0 || i >= xs.length) throw new RuleError(`list index ${i} is outside the list (${xs.length} items)`);
          return xs[i];
        },
        t: v.t.of,
      };
    }
    throw new ExprError(`${showType(o.t)} cannot be indexed with [...]`, n.at);
  }

  binary(n: Node & { k: 'binary' }, sc: Scope): Compiled {
    const a = this.value(n.left, sc);
    const b = this.value(n.right, sc);
    const af = a.fn, bf = b.fn;
    switch (n.op) {
      case 'and':
        this.need(a, T.bool, n.left); this.need(b, T.bool, n.right);
        return { fn: (c) => af(c) && bf(c), t: T.bool };
      case 'or':
        this.need(a, T.bool, n.left); this.need(b, T.bool, n.right);
        return { fn: (c) => af(c) || bf(c), t: T.bool };
      case '+': case '-': case '*': case '/': case '%': {
        if (n.op === '+' && (a.t.k === 'str' || b.t.k === 'str')) {
          // text + text (or a number): joined, the number written out: 'paying ' + it.pay[0] + ' left'
          const ok = (t: Ty) => t.k === 'str' || t.k === 'num' || t.k === 'any';
          if (!ok(a.t)) throw new ExprError(`only texts and numbers join into a text, not ${showType(a.t)}`, n.left.at);
          if (!ok(b.t)) throw new ExprError(`only texts and numbers join into a text, not ${showType(b.t)}`, n.right.at);
          return { fn: (c) => String(af(c)) + String(bf(c)), t: T.str };
        }
        this.need(a, T.num, n.left); this.need(b, T.num, n.right);
        const op = n.op;
        const fn: Fn = op === '+' ? (c) => af(c) + bf(c)
          : op === '-' ? (c) => af(c) - bf(c)
          : op === '*' ? (c) => af(c) * bf(c)
          : op === '/' ? (c) => { const d = bf(c); return d === 0 ? 0 : af(c) / d; }
          : (c) => { const d = bf(c); return d === 0 ? 0 : af(c) % d; };
        return { fn, t: T.num };
      }
      case '<': case '<=': case '>': case '>=': {
        this.need(a, T.num, n.left); this.need(b, T.num, n.right);
        const op = n.op;
        const fn: Fn = op === '<' ? (c) => af(c) < bf(c) : op === '<=' ? (c) => af(c) <= bf(c) : op === '>' ? (c) => af(c) > bf(c) : (c) => af(c) >= bf(c);
        return { fn, t: T.bool };
      }
      case '==': case '!=': {
        if (!assignable(a.t, b.t) && !assignable(b.t, a.t)) {
          throw new ExprError(`cannot compare ${showType(a.t)} with ${showType(b.t)}`, n.at);
        }
        this.checkLiteral(n.right, n.left);
        this.checkLiteral(n.left, n.right);
        if (a.t.k === 'list' || a.t.k === 'rec' || a.t.k === 'counts' || b.t.k === 'rec') {
          const fn: Fn = (c) => sameValue(af(c), bf(c));
          return { fn: n.op === '==' ? fn : (c) => !fn(c), t: T.bool };
        }
        // a comparison with a literal (it.type == 'key') compares with the constant directly
        const lit = n.right.k === 'str' || n.right.k === 'num' || n.right.k === 'bool' ? n.right.v : undefined;
        if (lit !== undefined) return { fn: n.op === '==' ? (c) => af(c) === lit : (c) => af(c) !== lit, t: T.bool };
        return { fn: n.op === '==' ? (c) => af(c) === bf(c) : (c) => af(c) !== bf(c), t: T.bool };
      }
      case 'in': {
        if (b.t.k !== 'list') throw new ExprError(`'in' needs a list on its right, but this is ${showType(b.t)}`, n.right.at);
        if (!assignable(a.t, b.t.of)) throw new ExprError(`cannot look for ${showType(a.t)} in ${showType(b.t)}`, n.at);
        if (n.right.k === 'list' && a.t.k === 'str') n.right.items.forEach((x) => this.checkLiteral(x, n.left));
        if (n.left.k === 'str') this.checkLiteral(n.left, n.right); // 'wood' in it.either
        return { fn: (c) => bf(c).includes(af(c)), t: T.bool };
      }
    }
    throw new ExprError(`unknown operator '${n.op}'`, n.at);
  }

  /** `it.type == 'instrction'`, `role($p) == 'archtect'`: a text compared with a card field or a role/team
   *  is checked against what that field (or the roles, the teams) can hold; other texts are free. */
  private checkLiteral(lit: Node, other: Node): void {
    if (lit.k !== 'str') return;
    const env = this.env;
    let dom: Set<string> | undefined;
    let what = '';
    const option = other.k === 'name' ? env.options.get(other.name) : undefined;
    if (option && other.k === 'name' && option.t.k === 'str') {
      // an option's declared choices are all it can be; without them, the texts it is compared with are noted
      if (option.choices) {
        if (option.choices.includes(lit.v)) return;
        const hint = didYouMean(lit.v, option.choices.map(String));
        throw new ExprError(`'${lit.v}' is not one of option ${other.name}'s choices (${option.choices.join(', ')})${hint ? `; did you mean '${hint}'?` : ''}`, lit.at);
      }
      let seen = env.optionLiterals?.get(other.name);
      if (!seen) env.optionLiterals?.set(other.name, (seen = new Set()));
      seen?.add(lit.v);
      return;
    }
    if (other.k === 'call' && (other.fn === 'role' || other.fn === 'team')) {
      dom = other.fn === 'role' ? env.roles : env.teams;
      what = `a ${other.fn}`;
    } else if (other.k === 'call' && other.fn === 'zoneOf') {
      dom = new Set(env.zones.keys());
      what = 'a zone';
    } else if (other.k === 'field' && this.cardFields.has(other)) {
      dom = env.literalDomains.get(other.name);
      what = `the ${other.name} of any card`;
    }
    if (!dom || dom.has(lit.v)) return;
    const hint = didYouMean(lit.v, dom);
    if (hint) throw new ExprError(`'${lit.v}' is not ${what} (did you mean '${hint}'?)`, lit.at);
  }

  lambda(list: Node, body: Node, sc: Scope): { l: Compiled; b: Compiled; of: Ty } {
    this.loops++;
    const l = this.value(list, sc);
    if (l.t.k !== 'list') throw new ExprError(`expected a list, but this is ${showType(l.t)}`, list.at);
    const of = l.t.of;
    const b = this.value(body, { ...sc, it: of });
    return { l, b, of };
  }

  call(n: Node & { k: 'call' }, sc: Scope): Compiled {
    const args = n.args;
    const d = this.env.defs.get(n.fn);
    if (d) { this.env.reads?.add(`definition:${n.fn}`); return this.callDef(d, args, n.at, sc); }
    const q = this.env.quantities.get(n.fn);
    if (q) return this.callQuantity(q, n, sc);
    const f = FUNCTIONS.get(n.fn);
    if (!f) {
      const hint = didYouMean(n.fn, [...FUNCTIONS.names(), ...this.env.defs.keys()]);
      throw new ExprError(`unknown function '${n.fn}'${hint ? ` (did you mean '${hint}'?)` : ''}`, n.at);
    }
    const [lo, hi] = arityOf(f);
    if (args.length < lo || args.length > hi) {
      const takes = lo === hi ? `${lo}` : hi === Infinity ? `at least ${lo}` : `${lo} to ${hi}`;
      throw new ExprError(`${n.fn}() takes ${takes} argument(s), got ${args.length}`, n.at);
    }
    if (f.random && !sc.random) throw new ExprError(`${n.fn}() is only allowed in effects, not in conditions or scores`, n.at);
    if (f.random || f.opaque) this.opaque++;
    if (f.warns) this.warnSites++;
    return f.compile({ args, n, sc, c: this });
  }

  /** A quantity's value for these arguments: its base, changed by the modifiers of the cards in play. */
  callQuantity(q: QuantityInfo, n: Node & { k: 'call' }, sc: Scope): Compiled {
    if (n.args.length !== q.params.length) {
      throw new ExprError(`quantity '${q.id}' takes ${q.params.length} argument(s) (${q.params.map((p) => p.name).join(', ')}), got ${n.args.length}`, n.at);
    }
    const afs = n.args.map((a, i) => {
      const v = this.value(a, sc);
      this.need(v, q.params[i]!.t, a);
      return v.fn;
    });
    this.env.onQuantityCall?.(q.id, n.at);
    this.opaque++; // modifiers read the cards in play and bindings of their own
    const i = q.index;
    const vals: unknown[] = new Array(afs.length);
    return {
      fn: (c) => {
        // arguments first (they may read other quantities), then the quantity itself
        const args = afs.length ? afs.map((f) => f(c)) : vals;
        return quantityValue(c, c.g.quantities[i]!, args);
      },
      t: q.t,
    };
  }

  listArg(n: Node, sc: Scope): Compiled {
    const l = this.value(n, sc);
    if (l.t.k !== 'list') throw new ExprError(`expected a list, but this is ${showType(l.t)}`, n.at);
    return l;
  }

  playerArg(n: Node, sc: Scope): Compiled {
    const p = this.value(n, sc);
    this.need(p, T.player, n);
    return p;
  }

  callDef(d: DefInfo, args: Node[], at: number, sc: Scope): Compiled {
    if (args.length !== d.params.length) {
      throw new ExprError(`'${d.id}' takes ${d.params.length} argument(s), got ${args.length}`, at);
    }
    if (this.defStack.includes(d.id)) {
      throw new ExprError(`definition '${d.id}' refers to itself (${[...this.defStack, d.id].join(' → ')})`, at);
    }
    // a definition without parameters is the same wherever it is used: what it failed with once, or a size
    // that cannot fit here, fails at once rather than being expanded again (in effects or not: randomness is
    // allowed only in effects)
    const plain = d.params.length === 0;
    const scope = sc.random ? 1 : 0;
    const failed = plain ? d.failure?.[scope] : undefined;
    if (failed) throw failed;
    if (plain && d.size !== undefined && d.size > this.budget) {
      throw new GrowthError(`this expression grows to more than ${MAX_EXPANDED_NODES} parts once its definitions are expanded ('${d.id}' alone takes ${d.size}); simplify the definitions it uses`, at);
    }
    const budget0 = this.budget;
    try {
      const r = this.expandDef(d, args, at, sc);
      if (plain) d.size = budget0 - this.budget;
      return r;
    } catch (e) {
      if (plain && !(e instanceof RulesetGrowthError) && e instanceof ExprError) {
        // growth depends on where it is used: tried on its own once to tell
        if (e instanceof GrowthError) { if (!d.failure) this.failsAlone(d, at); }
        else (d.failure ??= [undefined, undefined])[scope] = e;
      }
      throw e;
    }
  }

  /** After a definition's expansion grew too large here: whether it does so on its own, wherever it is used
   *  (then it is its own fault, said at the definition, and every later use fails at once). */
  private failsAlone(d: DefInfo, at: number): void {
    d.failure = [undefined, undefined]; // while trying: a use inside does not try again
    const env = this.env;
    const { site, onQuantityCall, reads } = env;
    // compiling it on its own is a trial: nothing it reads or warns about belongs to the rules
    env.site = undefined;
    env.onQuantityCall = undefined;
    env.reads = undefined;
    try {
      // in effects, where everything is allowed: growth is the same in any scope
      new Compiler(env).expandDef(d, [], at, { binds: new Map(), it: null, random: true });
    } catch (e) {
      if (e instanceof GrowthError && !(e instanceof RulesetGrowthError)) {
        const own = new DefError(d, e.message, e.at);
        d.failure = [own, own];
      } else if (!(e instanceof ExprError)) throw e;
    } finally {
      env.site = site;
      env.onQuantityCall = onQuantityCall;
      env.reads = reads;
    }
  }

  expandDef(d: DefInfo, args: Node[], at: number, sc: Scope): Compiled {
    if (!d.node) {
      try {
        d.node = parseExpr(d.src);
      } catch (e) {
        if (e instanceof ExprSyntaxError) throw new DefError(d, e.message, e.at);
        throw e;
      }
    }
    // Arguments are evaluated once, at the call (by value): `it` in an argument is the caller's item, even
    // where the definition's body runs its own list functions.
    const argv = args.map((a) => this.value(a, sc));
    const store: any[] = new Array(argv.length);
    const params = new Map<string, { fn: Fn; t: Ty }>();
    d.params.forEach((p, i) => params.set(p, { fn: () => store[i], t: argv[i]!.t }));
    this.defStack.push(d.id);
    const opaque0 = this.opaque, loops0 = this.loops, warns0 = this.warnSites;
    try {
      // a definition sees its parameters and the global names, not the caller's bindings
      const body = this.value(d.node, { binds: new Map(), it: null, params, random: sc.random });
      const plain = plainCall(body, argv, store);
      if (this.opaque !== opaque0 || this.loops === loops0) return plain;
      return { fn: cachedCall(d, plain.fn, body.fn, argv.map((a) => a.fn), store, this.warnSites !== warns0), t: body.t };
    } catch (e) {
      // growth is the fault of the whole expression being compiled, not of the definition that reached the limit
      if (e instanceof ExprError && !(e instanceof DefError) && !(e instanceof GrowthError)) throw new DefError(d, e.message, e.at);
      throw e;
    } finally {
      this.defStack.pop();
    }
  }
}

/** A definition's call: the arguments evaluated by value and stored where the body reads them. No saving and
 *  restoring: a call site is never re-entered while it runs (definitions cannot recurse, and each use of a
 *  definition is compiled on its own). */
function plainCall(body: Compiled, argv: Compiled[], store: any[]): Compiled {
  if (argv.length === 0) return body;
  const bf = body.fn;
  const afs = argv.map((a) => a.fn);
  const t = body.t;
  if (afs.length === 1) { const a0 = afs[0]!; return { fn: (c) => { store[0] = a0(c); return bf(c); }, t }; }
  if (afs.length === 2) {
    const a0 = afs[0]!, a1 = afs[1]!;
    return { fn: (c) => { const v0 = a0(c); store[1] = a1(c); store[0] = v0; return bf(c); }, t };
  }
  if (afs.length === 3) {
    const a0 = afs[0]!, a1 = afs[1]!, a2 = afs[2]!;
    return { fn: (c) => { const v0 = a0(c), v1 = a1(c); store[2] = a2(c); store[0] = v0; store[1] = v1; return bf(c); }, t };
  }
  const n = afs.length;
  const vals: any[] = new Array(n);
  return {
    fn: (c) => {
      for (let i = 0; i < n; i++) vals[i] = afs[i]!(c);
      for (let i = 0; i < n; i++) store[i] = vals[i];
      return bf(c);
    },
    t,
  };
}

/** The most values one definition keeps (by arguments) before its cache starts afresh. */
const MAX_CACHED = 4096;

/** A definition's call that, while bots judge positions (`memo.on`), reuses a value computed before for the
 *  same arguments if nothing it read has changed since (engine/memo.ts); otherwise the plain call. */
function cachedCall(d: DefInfo, plain: Fn, bf: Fn, afs: Fn[], store: any[], warns: boolean): Fn {
  const n = afs.length;
  const vals: any[] = new Array(n);
  const m = (d.memo ??= { values: new Map(), hits: 0, misses: 0, off: false });
  const cache = m.values;
  return (c) => {
    if (!memo.on || (warns && c.s.warns)) return plain(c); // a value reused would skip its warnings
    for (let i = 0; i < n; i++) vals[i] = afs[i]!(c);
    // a definition whose values are seldom reused, or a list argument: computed, its reads are the caller's
    const key = m.off ? undefined : n === 0 ? 0 : argKey(vals, n);
    if (key === undefined) {
      for (let i = 0; i < n; i++) store[i] = vals[i];
      return bf(c);
    }
    const hit = cache.get(key);
    if (hit !== undefined && stillValid(c.s, hit.deps)) {
      reuse(hit.deps);
      m.hits++;
      memo.hits++;
      // the work the value cost counts again: a reused value runs into the work limit where computing it would
      if ((budget.work += hit.work) > budget.limit) overBudget();
      return hit.v;
    }
    // checking costs more than it saves when under a quarter of calls are reused (the same for the same seeds)
    if (++m.misses === 1024 && m.hits < 1024 / 3) { m.off = true; cache.clear(); }
    for (let i = 0; i < n; i++) store[i] = vals[i];
    begin();
    // every value depends on the game's setting (player count, options), read without tracking
    track(c.s, settingKey(c.s));
    const w0 = budget.work;
    let v: unknown;
    try { v = bf(c); } catch (e) { abandon(); throw e; }
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(key, { v, deps: end(), work: budget.work - w0 });
    return v;
  };
}

function suggest(name: string, options: Iterable<string>): string {
  const h = didYouMean(name, options);
  return h ? ` (did you mean '${h}'?)` : '';
}


/** A card given as an index (a per-card zone or variable): a real card, or a rule error. */
export function cardIndex(e: number, c: Ctx): number {
  if (!Number.isInteger(e) || e < 0 || e >= c.s.loc.length) throw new RuleError(`no such card (${e < 0 ? 'none' : `#${e}`}): a per-card zone or variable needs a card`);
  return e;
}

function playerIndex(p: number, c: Ctx): number {
  if (!Number.isInteger(p) || p < 0 || p >= c.s.n) throw new RuleError(`no such player (${p < 0 ? 'none' : `seat ${p + 1}`})`);
  return p;
}

const playerLists: number[][] = [];
/** The seats 0..n-1. Shared and frozen: list values are never mutated in place by the engine. */
export function allPlayers(n: number): number[] {
  return (playerLists[n] ??= Object.freeze(Array.from({ length: n }, (_, i) => i)) as number[]);
}

