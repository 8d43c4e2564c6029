// Type-checks an expression AST and compiles it to closures, once, at load time.
// No eval, no Function constructor: every node becomes a small JS closure over its children.

import type { Ctx, Fn, Game } from '../model.js';
import { parseExpr, ExprSyntaxError, type Node } from './parse.js';
import { T, assignable, asValue, showType, type Ty } from './types.js';
import { didYouMean } from '../suggest.js';
import { randInt } from '../rng.js';
import { instances } from '../instances.js';

export class ExprError extends Error {
  constructor(message: string, readonly at: number) {
    super(message);
  }
}

export interface ZoneInfo {
  id: string;
  index: number;
  base: number;
  perPlayer: boolean;
  cells: string[] | null;
  cellIndex: Map<string, number>;
}

/** Where a grid cell lies: its level (1 on a flat grid) and the cells around it. */
export interface CellGeometry {
  level: number;
  /** orthogonally adjacent cells on the same level */
  neighbours: string[];
  /** the cell directly above / below (empty at the top / bottom level and on flat grids) */
  above: string[];
  below: string[];
}

export interface TableInfo {
  id: string;
  key: string;
  rows: Map<string, Record<string, unknown>>;
  cols: Map<string, Ty>;
}

export interface DefInfo {
  id: string;
  params: string[];
  src: string;
  /** report a problem inside the definition's own text */
  where: string;
  node?: Node;
  t?: Ty;
}

/** Everything a name in an expression can refer to. Built by the ruleset compiler. */
export interface Env {
  zones: Map<string, ZoneInfo>;
  vars: Map<string, { index: number; t: Ty; perPlayer?: boolean }>;
  options: Map<string, { index: number; t: Ty }>;
  tables: Map<string, TableInfo>;
  defs: Map<string, DefInfo>;
  fields: Map<string, Ty>;
  roles: Set<string>;
  teams: Set<string>;
  cardTypes: Set<string>;
  cardIds: Set<string>;
  allCells: Set<string>;
  /** card field → the texts it may hold (`type`: the card types, a role field: the roles, a cell field: the
   *  cells, a text field: the values cards hold), to catch `it.type == 'instrction'` at load time */
  literalDomains: Map<string, Set<string>>;
  /** cell name → its place in its grid (cells of the same name lie alike in every grid) */
  cellGeometry: Map<string, CellGeometry>;
  maxPlayers: number;
  /** binding name → slot (one global slot table) */
  slotOf(name: string): number;
  /** called when an expression uses a randomising function (only allowed in effects) */
  getGame(): Game;
}

/** Names in scope at one point of the ruleset. */
export interface Scope {
  binds: Map<string, Ty>;
  it: Ty | null;
  /** definition parameters being substituted: name → compiled argument */
  params?: Map<string, { fn: Fn; t: Ty }>;
  /** whether randomness is allowed (effects: yes; conditions: no) */
  random: boolean;
}

export interface Compiled {
  fn: Fn;
  t: Ty;
}

const BUILTIN_NAMES = ['players', 'playerCount', 'none', 'it'];
export const BUILTIN_FUNCTIONS: string[] = [
  'count', 'filter', 'any', 'all', 'sum', 'maxOf', 'minOf', 'max', 'min', 'abs', 'floor', 'ceil', 'take', 'top', 'first',
  'flatten', 'others', 'role', 'team', 'seat', 'next', 'prev', 'cells', 'randomOf', 'contains', 'size', 'player',
  'concat', 'revealed',
  'level', 'neighbours', 'above', 'below', 'cellOf', 'ownerOf',
];

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
  if (r.t.need.length) throw new ExprError(`zone '${r.t.zone}' needs a ${r.t.need[0]} index here, e.g. ${r.t.zone}[${r.t.need[0] === 'player' ? '$p' : "'A1'"}]`, node.at);
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
    return { fn: (x) => x.s.zones[f(x)], t };
  }
  if (r.t.k === 'zone' || r.t.k === 'table') throw new ExprError(`${showType(r.t)} is not a value`, node.at);
  return { fn: r.fn, t };
}

/** A value of a zone type stays a zone instance number; everything else is its value. */
/** Definitions are expanded at each use: this bounds what one expression may grow into. */
const MAX_EXPANDED_NODES = 20_000;

class Compiler {
  private defStack: string[] = [];
  private budget = MAX_EXPANDED_NODES;
  /** field nodes that read a card's field (for checkLiteral) */
  private cardFields = new WeakSet<Node>();
  constructor(private env: Env) {}

  expr(n: Node, sc: Scope): Compiled {
    if (--this.budget < 0) throw new ExprError(`this expression grows to more than ${MAX_EXPANDED_NODES} parts once its definitions are expanded; simplify the definitions it uses`, n.at);
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
        if (t.k === 'any' || (t.k === 'list' && t.of.k === 'any')) t = b.t;
        const tf = test.fn, af = a.fn, bf = b.fn;
        return { fn: (c) => (tf(c) ? af(c) : bf(c)), t };
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
      if (r.t.need.length) throw new ExprError(`zone '${r.t.zone}' needs a ${r.t.need[0]} index, e.g. ${r.t.zone}[${r.t.need[0] === 'player' ? '$p' : "'A1'"}]`, n.at);
      const f = r.fn;
      return { fn: (c) => c.s.zones[f(c)], t: T.list(T.card) };
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
    if (name === 'none') return { fn: () => -1, t: T.player };
    const z = env.zones.get(name);
    if (z) {
      const need: ('player' | 'cell')[] = [];
      if (z.perPlayer) need.push('player');
      if (z.cells) need.push('cell');
      const base = z.base;
      return { fn: () => base, t: { k: 'zone', zone: name, need } };
    }
    const v = env.vars.get(name);
    if (v) {
      if (v.perPlayer) throw new ExprError(`variable '${name}' has one value per player: write ${name}[$p]`, at);
      const i = v.index;
      return { fn: (c) => c.s.vars[i], t: v.t };
    }
    const o = env.options.get(name);
    if (o) { const i = o.index; return { fn: (c) => c.s.opts[i], t: o.t }; }
    if (env.tables.has(name)) return { fn: () => name, t: { k: 'table', table: name } };
    const d = env.defs.get(name);
    if (d) {
      if (d.params.length) throw new ExprError(`'${name}' takes ${d.params.length} argument(s): ${name}(${d.params.join(', ')})`, at);
      return this.callDef(d, [], at, sc);
    }
    const all = [...BUILTIN_NAMES, ...env.zones.keys(), ...env.vars.keys(), ...env.options.keys(), ...env.tables.keys(), ...env.defs.keys()];
    const hint = didYouMean(name, all);
    throw new ExprError(`unknown name '${name}'${hint ? ` (did you mean '${hint}'?)` : ''}; names are zones, variables, options, tables and definitions`, at);
  }

  list(n: Node & { k: 'list' }, sc: Scope): Compiled {
    const items = n.items.map((x) => this.value(x, sc));
    let of: Ty = T.any;
    for (let i = 0; i < items.length; i++) {
      const it = items[i]!;
      if (of.k === 'any') of = it.t;
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

  field(n: Node & { k: 'field' }, sc: Scope): Compiled {
    const o = this.value(n.obj, sc);
    const name = n.name;
    const f = o.fn;
    if (o.t.k === 'card' || o.t.k === 'any') {
      this.cardFields.add(n);
      const ft = this.env.fields.get(name);
      if (!ft) {
        const hint = didYouMean(name, this.env.fields.keys());
        throw new ExprError(`no card type has a field '${name}'${hint ? ` (did you mean '${hint}'?)` : ''}`, n.at);
      }
      const game = () => this.env.getGame();
      let col: unknown[] | undefined;
      if (n.obj.k === 'it') {
        // `it.field` (filters over whole zones): read the column straight from the current item
        return {
          fn: (c) => {
            const e = c.it;
            if (e === undefined || e < 0) return undefined;
            return (col ??= game().columns.get(name)!)[e];
          },
          t: ft,
        };
      }
      return {
        fn: (c) => {
          const e = f(c);
          if (e === undefined || e < 0) return undefined;
          return (col ??= game().columns.get(name)!)[e];
        },
        t: ft,
      };
    }
    if (o.t.k === 'rec') {
      const ft = o.t.f[name];
      if (!ft) throw new ExprError(`${showType(o.t)} has no field '${name}'${suggest(name, Object.keys(o.t.f))}`, n.at);
      return { fn: (c) => f(c)[name], t: ft };
    }
    if (o.t.k === 'row') {
      const tab = this.env.tables.get(o.t.table)!;
      const ft = tab.cols.get(name);
      if (!ft) throw new ExprError(`table '${tab.id}' has no column '${name}'${suggest(name, tab.cols.keys())}`, n.at);
      return { fn: (c) => f(c)[name], t: ft };
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
        return { fn: (c) => c.s.vars[i][playerIndex(xf(c), c)], t: pv.t };
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
        if (a.t.k === 'list') {
          const fn: Fn = (c) => sameList(af(c), bf(c));
          return { fn: n.op === '==' ? fn : (c) => !fn(c), t: T.bool };
        }
        // a comparison with a literal (it.type == 'seal') compares with the constant directly
        const lit = n.right.k === 'str' || n.right.k === 'num' || n.right.k === 'bool' ? n.right.v : undefined;
        if (lit !== undefined) return { fn: n.op === '==' ? (c) => af(c) === lit : (c) => af(c) !== lit, t: T.bool };
        return { fn: n.op === '==' ? (c) => af(c) === bf(c) : (c) => af(c) !== bf(c), t: T.bool };
      }
      case 'in': {
        if (b.t.k !== 'list') throw new ExprError(`'in' needs a list on its right, but this is ${showType(b.t)}`, n.right.at);
        if (!assignable(a.t, b.t.of)) throw new ExprError(`cannot look for ${showType(a.t)} in ${showType(b.t)}`, n.at);
        if (n.right.k === 'list' && a.t.k === 'str') n.right.items.forEach((x) => this.checkLiteral(x, n.left));
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
    if (other.k === 'call' && (other.fn === 'role' || other.fn === 'team')) {
      dom = other.fn === 'role' ? env.roles : env.teams;
      what = `a ${other.fn}`;
    } else if (other.k === 'field' && this.cardFields.has(other)) {
      dom = env.literalDomains.get(other.name);
      what = `the ${other.name} of any card`;
    }
    if (!dom || dom.has(lit.v)) return;
    const hint = didYouMean(lit.v, dom);
    if (hint) throw new ExprError(`'${lit.v}' is not ${what} (did you mean '${hint}'?)`, lit.at);
  }

  lambda(list: Node, body: Node, sc: Scope): { l: Compiled; b: Compiled; of: Ty } {
    const l = this.value(list, sc);
    if (l.t.k !== 'list') throw new ExprError(`expected a list, but this is ${showType(l.t)}`, list.at);
    const of = l.t.of;
    const b = this.value(body, { ...sc, it: of });
    return { l, b, of };
  }

  call(n: Node & { k: 'call' }, sc: Scope): Compiled {
    const args = n.args;
    const arity = (lo: number, hi = lo) => {
      if (args.length < lo || args.length > hi) {
        throw new ExprError(`${n.fn}() takes ${lo === hi ? lo : `${lo} to ${hi}`} argument(s), got ${args.length}`, n.at);
      }
    };
    const d = this.env.defs.get(n.fn);
    if (d) return this.callDef(d, args, n.at, sc);
    switch (n.fn) {
      case 'count': {
        arity(1, 2);
        if (args.length === 1) {
          const r = this.expr(args[0]!, sc);
          if (r.t.k === 'zone' && r.t.need.length === 0) { const f = r.fn; return { fn: (c) => c.s.zones[f(c)]!.length, t: T.num }; }
          const v = this.toValue(r, args[0]!);
          if (v.t.k !== 'list') throw new ExprError(`count() needs a list or a zone, but this is ${showType(v.t)}`, args[0]!.at);
          const f = v.fn;
          return { fn: (c) => f(c).length, t: T.num };
        }
        const { l, b } = this.lambda(args[0]!, args[1]!, sc);
        this.need(b, T.bool, args[1]!);
        const lf = l.fn, bf = b.fn;
        return {
          fn: (c) => {
            const xs = lf(c); const save = c.it; let k = 0;
            for (let i = 0; i < xs.length; i++) { c.it = xs[i]; if (bf(c)) k++; }
            c.it = save; return k;
          },
          t: T.num,
        };
      }
      case 'filter': {
        arity(2);
        const { l, b } = this.lambda(args[0]!, args[1]!, sc);
        this.need(b, T.bool, args[1]!);
        const lf = l.fn, bf = b.fn;
        return {
          fn: (c) => {
            const xs = lf(c); const save = c.it; const out = [];
            for (let i = 0; i < xs.length; i++) { c.it = xs[i]; if (bf(c)) out.push(xs[i]); }
            c.it = save; return out;
          },
          t: l.t,
        };
      }
      case 'any': case 'all': {
        arity(2);
        const { l, b } = this.lambda(args[0]!, args[1]!, sc);
        this.need(b, T.bool, args[1]!);
        const lf = l.fn, bf = b.fn;
        const want = n.fn === 'any';
        return {
          fn: (c) => {
            const xs = lf(c); const save = c.it;
            for (let i = 0; i < xs.length; i++) { c.it = xs[i]; if (!!bf(c) === want) { c.it = save; return want; } }
            c.it = save; return !want;
          },
          t: T.bool,
        };
      }
      case 'sum': case 'maxOf': case 'minOf': {
        arity(2);
        const { l, b } = this.lambda(args[0]!, args[1]!, sc);
        this.need(b, T.num, args[1]!);
        const lf = l.fn, bf = b.fn;
        const kind = n.fn;
        return {
          fn: (c) => {
            const xs = lf(c); const save = c.it;
            let acc = kind === 'sum' ? 0 : NaN;
            for (let i = 0; i < xs.length; i++) {
              c.it = xs[i]; const v = bf(c);
              if (kind === 'sum') acc += v;
              else if (Number.isNaN(acc) || (kind === 'maxOf' ? v > acc : v < acc)) acc = v;
            }
            c.it = save; return Number.isNaN(acc) ? 0 : acc;
          },
          t: T.num,
        };
      }
      case 'flatten': {
        arity(2);
        const { l, b } = this.lambda(args[0]!, args[1]!, sc);
        if (b.t.k !== 'list') throw new ExprError(`flatten() needs its second argument to give a list, but it is ${showType(b.t)}`, args[1]!.at);
        const lf = l.fn, bf = b.fn;
        return {
          fn: (c) => {
            const xs = lf(c); const save = c.it; const out: any[] = [];
            for (let i = 0; i < xs.length; i++) { c.it = xs[i]; const ys = bf(c); for (let j = 0; j < ys.length; j++) out.push(ys[j]); }
            c.it = save; return out;
          },
          t: b.t,
        };
      }
      case 'max': case 'min': {
        arity(2);
        const a = this.value(args[0]!, sc), b = this.value(args[1]!, sc);
        this.need(a, T.num, args[0]!); this.need(b, T.num, args[1]!);
        const af = a.fn, bf = b.fn;
        return { fn: n.fn === 'max' ? (c) => Math.max(af(c), bf(c)) : (c) => Math.min(af(c), bf(c)), t: T.num };
      }
      case 'abs': case 'floor': case 'ceil': {
        arity(1);
        const a = this.value(args[0]!, sc);
        this.need(a, T.num, args[0]!);
        const af = a.fn;
        const m = n.fn === 'abs' ? Math.abs : n.fn === 'floor' ? Math.floor : Math.ceil;
        return { fn: (c) => m(af(c)), t: T.num };
      }
      case 'take': {
        arity(2);
        const l = this.listArg(args[0]!, sc);
        const k = this.value(args[1]!, sc);
        this.need(k, T.num, args[1]!);
        const lf = l.fn, kf = k.fn;
        return { fn: (c) => lf(c).slice(0, Math.max(0, kf(c))), t: l.t };
      }
      case 'top': case 'first': {
        arity(1);
        const l = this.listArg(args[0]!, sc);
        const lf = l.fn;
        const of = (l.t as { of: Ty }).of;
        // a zone's top card is the last one placed; first() is the first of a list
        return n.fn === 'top'
          ? { fn: (c) => { const xs = lf(c); return xs.length ? xs[xs.length - 1] : -1; }, t: of }
          : { fn: (c) => { const xs = lf(c); return xs.length ? xs[0] : -1; }, t: of };
      }
      case 'size': {
        arity(1);
        const l = this.listArg(args[0]!, sc);
        const lf = l.fn;
        return { fn: (c) => lf(c).length, t: T.num };
      }
      case 'contains': {
        arity(2);
        const l = this.listArg(args[0]!, sc);
        const x = this.value(args[1]!, sc);
        const lf = l.fn, xf = x.fn;
        return { fn: (c) => lf(c).includes(xf(c)), t: T.bool };
      }
      case 'concat': {
        // concat(a, b, …): the lists joined in order (e.g. several zones offered in one prompt)
        if (args.length < 1) throw new ExprError('concat() takes at least one list', n.at);
        const ls = args.map((x) => this.listArg(x, sc));
        let of: Ty = T.any;
        ls.forEach((l, i) => {
          const t = (l.t as { of: Ty }).of;
          if (of.k === 'any') of = t;
          else if (t.k !== 'any' && !assignable(t, of)) throw new ExprError(`concat() joins lists of one type: ${showType(T.list(of))} and ${showType(l.t)}`, args[i]!.at);
        });
        const fs = ls.map((l) => l.fn);
        return {
          fn: (c) => { const out: any[] = []; for (const f of fs) { const xs = f(c); for (let i = 0; i < xs.length; i++) out.push(xs[i]); } return out; },
          t: T.list(of),
        };
      }
      case 'revealed': {
        // revealed(card): the card lies face up for everyone (turned up by `reveal` and not moved since)
        arity(1);
        const a = this.value(args[0]!, sc);
        this.need(a, T.card, args[0]!);
        const af = a.fn;
        return { fn: (c) => { const e = af(c); return e >= 0 && c.s.shown[e] === 1; }, t: T.bool };
      }
      case 'others': {
        arity(1);
        const p = this.playerArg(args[0]!, sc);
        const pf = p.fn;
        return { fn: (c) => { const me = pf(c); const out: number[] = []; for (let i = 0; i < c.s.n; i++) if (i !== me) out.push(i); return out; }, t: T.list(T.player) };
      }
      case 'role': case 'team': {
        arity(1);
        const p = this.playerArg(args[0]!, sc);
        const pf = p.fn;
        if (n.fn === 'role') return { fn: (c) => { const i = pf(c); return i < 0 ? '' : c.g.roles[c.s.roles[i]!]?.id ?? ''; }, t: T.str };
        return { fn: (c) => { const i = pf(c); const r = i < 0 ? undefined : c.g.roles[c.s.roles[i]!]; return r ? c.g.teams[r.team]!.id : ''; }, t: T.str };
      }
      case 'seat': {
        arity(1);
        const p = this.playerArg(args[0]!, sc);
        const pf = p.fn;
        return { fn: (c) => pf(c) + 1, t: T.num };
      }
      case 'player': {
        arity(1);
        const a = this.value(args[0]!, sc);
        this.need(a, T.num, args[0]!);
        const af = a.fn;
        return { fn: (c) => { const k = af(c) - 1; return Number.isInteger(k) && k >= 0 && k < c.s.n ? k : -1; }, t: T.player };
      }
      case 'next': case 'prev': {
        arity(1, 2);
        const p = this.playerArg(args[0]!, sc);
        const k = args[1] ? this.value(args[1], sc) : { fn: () => 1, t: T.num };
        this.need(k, T.num, args[1] ?? args[0]!);
        const pf = p.fn, kf = k.fn;
        const dir = n.fn === 'next' ? 1 : -1;
        return {
          fn: (c) => {
            const n2 = c.s.n, p0 = pf(c);
            if (p0 < 0) return -1; // the neighbour of nobody is nobody
            return (((p0 + dir * Math.trunc(kf(c))) % n2) + n2) % n2;
          },
          t: T.player,
        };
      }
      case 'cells': {
        arity(1, 2);
        const r = this.expr(args[0]!, sc);
        if (r.t.k !== 'zone' || r.t.need[r.t.need.length - 1] !== 'cell' || r.t.need.length !== 1) {
          throw new ExprError(`cells() needs a grid zone (with its player index if it has one), e.g. cells(board)`, args[0]!.at);
        }
        const cells = this.env.zones.get(r.t.zone)!.cells!;
        if (args.length === 1) return { fn: () => cells, t: T.list(T.cell) };
        // cells(zone, level): the cells of one level of a spatial grid (built once per level)
        const lv = this.value(args[1]!, sc);
        this.need(lv, T.num, args[1]!);
        const lf = lv.fn;
        const byLevel: string[][] = [];
        for (const x of cells) {
          const l = this.env.cellGeometry.get(x)?.level ?? 1;
          (byLevel[l] ??= []).push(x);
        }
        byLevel.forEach((xs) => Object.freeze(xs));
        const empty: string[] = Object.freeze([]) as unknown as string[];
        return { fn: (c) => byLevel[lf(c)] ?? empty, t: T.list(T.cell) };
      }
      case 'level': case 'neighbours': case 'above': case 'below': {
        // spatial grids: a cell's level, its orthogonal neighbours on that level, the cell above / below it
        arity(1);
        const geo = this.env.cellGeometry;
        const lit = args[0]!;
        // a text literal naming a cell of some grid is that cell: neighbours('A1@2')
        const a = lit.k === 'str' && geo.has(lit.v) ? { fn: () => lit.v, t: T.cell } : this.value(lit, sc);
        this.need(a, T.cell, args[0]!);
        const af = a.fn;
        const kind = n.fn;
        const at = (c: Ctx) => {
          const cell = af(c);
          const g = geo.get(cell);
          if (!g) throw new RuleError(`'${cell === null || cell === undefined ? 'no cell' : String(cell)}' is not a cell of any grid`);
          return g;
        };
        if (kind === 'level') return { fn: (c) => at(c).level, t: T.num };
        return { fn: (c) => at(c)[kind], t: T.list(T.cell) };
      }
      case 'cellOf': case 'ownerOf': {
        // where a card lies: the cell of the grid zone holding it, the player whose zone holds it
        arity(1);
        const a = this.value(args[0]!, sc);
        this.need(a, T.card, args[0]!);
        const af = a.fn;
        if (n.fn === 'ownerOf') {
          return { fn: (c) => { const e = af(c); return e === undefined || e < 0 ? -1 : instances(c.g).owner[c.s.loc[e]!]!; }, t: T.player };
        }
        return {
          fn: (c) => {
            const e = af(c);
            if (e === undefined || e < 0) throw new RuleError('cellOf(): no card');
            const inst = instances(c.g), k = c.s.loc[e]!;
            const ci = inst.cell[k]!;
            if (ci < 0) throw new RuleError(`cellOf(): the card lies in zone '${c.g.zones[inst.zone[k]!]!.id}', which is not a grid`);
            return c.g.zones[inst.zone[k]!]!.cells![ci];
          },
          t: T.cell,
        };
      }
      case 'randomOf': {
        arity(1);
        if (!sc.random) throw new ExprError('randomOf() is only allowed in effects, not in conditions or scores', n.at);
        const l = this.listArg(args[0]!, sc);
        const lf = l.fn;
        return { fn: (c) => { const xs = lf(c); return xs.length ? xs[randInt(c.s.rng, xs.length)] : -1; }, t: (l.t as { of: Ty }).of };
      }
    }
    const hint = didYouMean(n.fn, [...BUILTIN_FUNCTIONS, ...this.env.defs.keys()]);
    throw new ExprError(`unknown function '${n.fn}'${hint ? ` (did you mean '${hint}'?)` : ''}`, n.at);
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
    try {
      // a definition sees its parameters and the global names, not the caller's bindings
      const body = this.value(d.node, { binds: new Map(), it: null, params, random: sc.random });
      if (argv.length === 0) return body;
      // No saving and restoring: a call site is never re-entered while it runs (definitions cannot recurse,
      // and each use of a definition is compiled on its own).
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
    } catch (e) {
      if (e instanceof ExprError && !(e instanceof DefError)) throw new DefError(d, e.message, e.at);
      throw e;
    } finally {
      this.defStack.pop();
    }
  }
}

/** An error inside a definition's own text, reported at the definition. */
export class DefError extends ExprError {
  constructor(readonly def: DefInfo, message: string, at: number) {
    super(message, at);
  }
}

/** A rule broken while playing (a ruleset asks for a cell that does not exist…). */
export class RuleError extends Error {}

function suggest(name: string, options: Iterable<string>): string {
  const h = didYouMean(name, options);
  return h ? ` (did you mean '${h}'?)` : '';
}

function sameList(a: any[], b: any[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
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

