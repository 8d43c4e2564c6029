// Type-checks an expression AST and compiles it to closures, once, at load time.
// No eval, no Function constructor: every node becomes a small JS closure over its children (the parts: access.ts
// reads fields and indices, operators.ts the operators, def-call.ts a definition's call and its cache).

import type { Fn } from '../model.js';
import { parseExpr, ExprSyntaxError, type Node } from './parse.js';
import { T, assignable, asValue, recType, showType, type Ty, type Value } from './types.js';
import { didYouMean } from '../suggest.js';
import { FUNCTIONS, arityOf } from './functions/index.js';
import type { NodeCompiler } from './functions/def.js';
import { compileField, compileIndex } from './access.js';
import { compileBinary } from './operators.js';
import { cachedCall, plainCall } from './def-call.js';
import { asArgument, emitted } from './emit.js';
import { irOf } from './ir.js';
import { allPlayers, indexExample } from './indices.js';
import { DefError, ExprError, GrowthError, RulesetGrowthError, type Compiled, type DefInfo, type Env, type QuantityInfo, type Scope } from './env.js';
import { quantityValue } from '../modifiers.js';
import { track, varKey } from '../memo.js';
import { newRecord } from './value.js';
export { emptyOf, sameValue } from './value.js';
export { allPlayers, cardIndex } from './indices.js';
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
  return emitted(r) as Fn<number>; // a zone by its type, just checked: its instance's number
}

export function compileNode(node: Node, env: Env, scope: Scope, expected?: Ty): Compiled {
  const c = new Compiler(env);
  const r = c.expr(node, scope);
  const t = asValue(r.t);
  if (expected && !assignable(r.t, expected)) {
    throw new ExprError(`expected ${showType(expected)}, but this is ${showType(r.t)}`, node.at);
  }
  if (r.t.k === 'zone' && r.t.need.length === 0) {
    const f = r.fn as Fn<number>; // a zone reference gives its instance's number
    const zone: Compiled = { fn: (x) => { const z = f(x); track(x.s, z); return x.s.zones[z]; }, t, ir: { k: 'zlist', z: irOf(r) } };
    return { fn: emitted(zone), t };
  }
  if (r.t.k === 'zone' || r.t.k === 'table') throw new ExprError(`${showType(r.t)} is not a value`, node.at);
  // the expression as a whole runs as emitted code when the emitter is on and can write it (emit.ts)
  const out: Compiled = { fn: emitted(r), t };
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

class Compiler implements NodeCompiler {
  private defStack: string[] = [];
  private budget = MAX_EXPANDED_NODES;
  private depth = 0;
  /** the nesting depth of the built-in function whose arguments are being compiled (value() emits them) */
  private argDepth = -1;
  /** uses so far of what the definition cache cannot follow (randomness, opaque functions) */
  private opaque = 0;
  /** the quantities called so far (by index): a definition calling one is cached only if each of them can be
   *  (QuantityDef.cache, known once the whole ruleset is compiled) */
  private quantityCalls: number[] = [];
  /** list functions with a condition compiled so far (a definition without one is too cheap to cache) */
  private loops = 0;
  /** what may write a rule warning or the table cell it cites, compiled so far */
  warnSites = 0;
  /** field nodes that read a card's field (for checkLiteral) */
  cardFields = new WeakSet<Node>();
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
      case 'num': { const v = n.v; return { fn: () => v, t: T.num, ir: { k: 'const', v } }; }
      case 'str': { const v = n.v; return { fn: () => v, t: T.str, ir: { k: 'const', v } }; }
      case 'bool': { const v = n.v; return { fn: () => v, t: T.bool, ir: { k: 'const', v } }; }
      case 'it': {
        if (!sc.it) throw new ExprError("'it' is only defined inside a list function such as filter(list, it.x == 1)", n.at);
        return { fn: (c) => c.it, t: sc.it, ir: { k: 'it' } };
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
          const f = this.num(a, n.arg);
          return { fn: (c) => -f(c), t: T.num, ir: { k: 'un', op: '-', a: irOf(a) } };
        }
        this.need(a, T.bool, n.arg);
        const f = a.fn;
        return { fn: (c) => !f(c), t: T.bool, ir: { k: 'un', op: '!', a: irOf(a) } };
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
        const out: Compiled = { fn: (c) => (tf(c) ? af(c) : bf(c)), t, ir: { k: 'cond', t: irOf(test), a: irOf(a), b: irOf(b) } };
        if (a.fresh && b.fresh) out.fresh = true;
        return out;
      }
    }
  }

  /** Compile and convert a concrete zone to its card list. */
  value(n: Node, sc: Scope): Compiled {
    const r = this.toValue(this.expr(n, sc), n);
    // an argument of a built-in function runs as emitted code where it has some to write: the function
    // calls it as a closure, and would otherwise walk its closures
    return this.depth === this.argDepth ? asArgument(r) : r;
  }

  /** A compiled expression as a value: a zone without an index is its list of cards; a table needs a key. */
  toValue(r: Compiled, n: Node): Compiled {
    if (r.t.k === 'zone') {
      if (r.t.need.length) throw new ExprError(`zone '${r.t.zone}' needs a ${r.t.need[0]} index, e.g. ${r.t.zone}[${indexExample(r.t.need[0]!)}]`, n.at);
      const f = r.fn as Fn<number>; // a zone reference gives its instance's number
      return { fn: (c) => { const z = f(c); track(c.s, z); return c.s.zones[z]; }, t: T.list(T.card), ir: { k: 'zlist', z: irOf(r) } };
    }
    if (r.t.k === 'table') throw new ExprError(`table '${r.t.table}' needs a key, e.g. ${r.t.table}[playerCount]`, n.at);
    return r;
  }

  need(r: Compiled, t: Ty, n: Node): void {
    if (!assignable(r.t, t)) throw new ExprError(`expected ${showType(t)}, but this is ${showType(r.t)}`, n.at);
  }

  // the closure of an expression whose type was just checked gives a value of that type (the type checker's
  // guarantee, at no cost at run time)
  num(r: Compiled, n: Node): Fn<number> { this.need(r, T.num, n); return r.fn as Fn<number>; }
  player(r: Compiled, n: Node): Fn<number> { this.need(r, T.player, n); return r.fn as Fn<number>; }
  card(r: Compiled, n: Node): Fn<number> { this.need(r, T.card, n); return r.fn as Fn<number>; }
  cell(r: Compiled, n: Node): Fn<string> { this.need(r, T.cell, n); return r.fn as Fn<string>; }

  bind(name: string, at: number, sc: Scope): Compiled {
    const p = sc.params?.get(name);
    if (p) return p;
    const t = sc.binds.get(name);
    if (!t) {
      const hint = didYouMean(name, [...sc.binds.keys(), ...(sc.params?.keys() ?? [])]);
      throw new ExprError(`'$${name}' is not bound here${hint ? ` (did you mean '$${hint}'?)` : ''}`, at);
    }
    const slot = this.env.slotOf(name);
    // a quantity's parts read their parameters, $owner and $this from slots of their own; `$self` is the caller's
    if (name === 'self') this.env.onOpaque?.();
    return { fn: (c) => c.bindings[slot], t, ir: { k: 'bind', slot } };
  }

  name(name: string, at: number, sc: Scope): Compiled {
    const env = this.env;
    if (name === 'players') return { fn: (c) => allPlayers(c.s.players), t: T.list(T.player) };
    if (name === 'playerCount') return { fn: (c) => c.s.players, t: T.num, ir: { k: 'n' } };
    if (name === 'none') return { fn: () => -1, t: T.none, ir: { k: 'none' } };
    const z = env.zones.get(name);
    if (z) {
      const need: ('player' | 'cell' | 'card')[] = [];
      if (z.perPlayer) need.push('player');
      if (z.perCard) need.push('card');
      if (z.cells) need.push('cell');
      const base = z.base;
      return { fn: () => base, t: { k: 'zone', zone: name, need }, ir: { k: 'int', v: base } };
    }
    const v = env.vars.get(name);
    if (v) {
      if (v.perPlayer) throw new ExprError(`variable '${name}' has one value per player: write ${name}[$p]`, at);
      if (v.perCard) throw new ExprError(`variable '${name}' has one value per card: write ${name}[$c]`, at);
      const i = v.index;
      return { fn: (c) => { track(c.s, varKey(c.s, i)); return c.s.vars[i]; }, t: v.t, ir: { k: 'var', i } };
    }
    const o = env.options.get(name);
    if (o) { env.reads?.add(`option:${name}`); const i = o.index; return { fn: (c) => c.s.options[i], t: o.t, ir: { k: 'opt', i } }; }
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
      const constant = Object.freeze(n.items.map((x) => (x as { v: number | string | boolean }).v));
      return { fn: () => constant, t: T.list(of) };
    }
    const fs = items.map((x) => x.fn);
    return { fn: (c) => fs.map((f) => f(c)), t: T.list(of), ir: { k: 'list', items: items.map(irOf) } };
  }

  /** `{ name: value, … }`: a record, built at each evaluation (records are never changed in place). */
  record(n: Node & { k: 'rec' }, sc: Scope): Compiled {
    const parts = n.fields.map((x) => ({ name: x.name, c: this.value(x.value, sc) }));
    const t = recType(parts.map((x) => [x.name, x.c.t]));
    const names = parts.map((x) => x.name);
    const fs = parts.map((x) => x.c.fn);
    return {
      fn: (c) => {
        const o = newRecord();
        for (let i = 0; i < fs.length; i++) o[names[i]!] = fs[i]!(c);
        return o;
      },
      t,
      ir: { k: 'rec', names, items: parts.map((x) => irOf(x.c)) },
    };
  }

  field(n: Node & { k: 'field' }, sc: Scope): Compiled { return compileField(this, n, sc); }

  index(n: Node & { k: 'index' }, sc: Scope): Compiled { return compileIndex(this, n, sc); }

  binary(n: Node & { k: 'binary' }, sc: Scope): Compiled { return compileBinary(this, n, sc); }

  lambda(list: Node, body: Node, sc: Scope): { l: Compiled<Value[]>; b: Compiled; of: Ty } {
    this.loops++;
    const l = this.value(list, sc);
    if (l.t.k !== 'list') throw new ExprError(`expected a list, but this is ${showType(l.t)}`, list.at);
    const of = l.t.of;
    const body0 = this.toValue(this.expr(body, { ...sc, it: of }), body);
    // a function that keeps the body as a closure (filter, flatten…) calls its emitted code when there is some
    const b: Compiled = { ...body0, fn: emitted(body0) };
    return { l: l as Compiled<Value[]>, b, of }; // a list by its type, just checked
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
    if (f.random || f.opaque) { this.opaque++; this.env.onOpaque?.(); }
    if (f.warns) this.warnSites++;
    const argDepth0 = this.argDepth;
    this.argDepth = this.depth;
    try {
      return f.compile({ args, n, sc, c: this });
    } finally {
      this.argDepth = argDepth0;
    }
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
    // modifiers read the cards in play, tracked like any read (modifiers.ts); whether a quantity can be cached is
    // known once every quantity has compiled. Its modifiers may warn: no cached value while warnings are kept.
    this.quantityCalls.push(q.index);
    this.warnSites++;
    const i = q.index;
    const na = afs.length;
    const vals: Value[] = new Array(na);
    return {
      fn: (c) => {
        // arguments first (they may read other quantities), then the quantity itself. The values go to this
        // call's own list: a call is never re-entered while it reads its arguments (an argument is a tree apart,
        // each use of a definition compiled on its own), and the quantity takes them before any modifier runs.
        for (let k = 0; k < na; k++) vals[k] = afs[k]!(c);
        return quantityValue(c, c.g.quantities[i]!, vals);
      },
      t: q.t,
    };
  }

  listArg(n: Node, sc: Scope): Compiled<Value[]> {
    const l = this.value(n, sc);
    if (l.t.k !== 'list') throw new ExprError(`expected a list, but this is ${showType(l.t)}`, n.at);
    return l as Compiled<Value[]>; // a list by its type, just checked
  }

  playerArg(n: Node, sc: Scope): Compiled<number> {
    const p = this.value(n, sc);
    this.need(p, T.player, n);
    return p as Compiled<number>; // a player (a seat number) by its type, just checked
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
    const store: Value[] = new Array(argv.length);
    const params = new Map<string, Compiled>();
    d.params.forEach((p, i) => params.set(p, { fn: () => store[i], t: argv[i]!.t, ir: { k: 'param', store, i } }));
    this.defStack.push(d.id);
    const opaque0 = this.opaque, loops0 = this.loops, warns0 = this.warnSites, quantities0 = this.quantityCalls.length;
    try {
      // a definition sees its parameters and the global names, not the caller's bindings
      const body = this.value(d.node, { binds: new Map(), it: null, params, random: sc.random });
      const plain = plainCall(body, argv, store);
      if (this.opaque !== opaque0 || this.loops === loops0) return plain;
      const quantities = [...new Set(this.quantityCalls.slice(quantities0))];
      return cachedCall(d, plain, body, argv, store, this.warnSites !== warns0, quantities);
    } catch (e) {
      // growth is the fault of the whole expression being compiled, not of the definition that reached the limit
      if (e instanceof ExprError && !(e instanceof DefError) && !(e instanceof GrowthError)) throw new DefError(d, e.message, e.at);
      throw e;
    } finally {
      this.defStack.pop();
    }
  }
}


