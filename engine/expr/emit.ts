// The safe emitter (docs/engine.md, "Expressions"): turns a compiled expression's tree (ir.ts) into JavaScript,
// so hot expressions run as straight code instead of a chain of closures. Safe by construction:
//  - the source is made only of this file's fixed templates, names it makes itself (t0, g1…) and whole numbers
//    it works out (slots, indices); every value of the ruleset, text or number, is an item of the constants
//    array K the code reads once into a name of its own (const q3 = K[3]), every part it does not write inline a
//    call of its closure, read from the array F the same way (const f2 = F[2]; f2(c));
//  - the source is then parsed with acorn and every node checked against a whitelist of node kinds, names,
//    properties and literals (whole numbers, true, false); anything else refuses it, and the closures run;
//  - the closures stay the reference: a differential test plays games both ways (test/engine/emit-*.test.ts).
// This is the one module of babelkit allowed to run generated code (`new Function`). Where that is refused
// (a page whose Content Security Policy has no 'unsafe-eval'), or turned off (`--no-compile`, the editor's
// setting), the closures run.

import { parse } from 'acorn';
import type { Fn } from '../model.js';
import type { Compiled } from './env.js';
import type { Ir, LoopKind } from './ir.js';
import { memo, track, varKey } from '../memo.js';
import { budget, overBudget } from '../budget.js';
import { cardIndex, playerIndex } from './indices.js';
import { cellAt } from './access.js';
import { geoAt } from './functions/space.js';
import { pushAll } from './functions/lists.js';
import { newRecord } from './value.js';
import { direct, standIn } from './direct.js';

/** Whether expressions compiled from now on are emitted (`available` turns false for good once the runtime
 *  refuses `new Function`). */
export const emitSettings = {
  on: true,
  available: true,
  /** the code's factory from its source: the one use of `new Function` in babelkit (a test stands in one that
   *  refuses, as a page's Content Security Policy does) */
  makeFactory(src: string): (...a: unknown[]) => Fn {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the one place allowed (see the top of the file)
    return new Function(...PARAMS, src) as (...a: unknown[]) => Fn;
  },
};

/** Turns the emitter on or off for games loaded afterwards (`--no-compile`, the editor's setting). */
export function setCompiledExpressions(on: boolean): void {
  emitSettings.on = on;
}

/** Counts, for tests and benchmarks; `onSource` sees each source emitted (the injection test reads them). */
export const emitStats: { built: number; refused: number; fallback: number; onSource?: (src: string) => void } = { built: 0, refused: 0, fallback: 0 };

/** The most parts one emitted function may hold; a larger tree stays closures. */
const MAX_PARTS = 4000;

/** The function to call for a compiled part: its emitted code (made at its first call, when the game's columns
 *  exist and only if it runs), or its closure when the emitter is off or the part is too plain to gain. */
export function emitted(r: Compiled): Fn {
  const ir = r.ir;
  if (!emitSettings.on || !emitSettings.available || !ir || !worthIt(ir)) return r.fn;
  const closure = r.fn;
  let impl: Fn | null = null;
  const settle = (): Fn => (impl ??= build(ir, closure));
  const stand: Fn = (c) => (impl ?? settle())(c);
  standIn(stand, settle);
  return stand;
}

/** A compiled part handed to code that calls it as a closure: its emitted code where it has some worth
 *  writing. */
export function asArgument(r: Compiled): Compiled {
  const fn = emitted(r);
  return fn === r.fn ? r : { ...r, fn };
}

/** A tree with at least one operator, read or loop written inline (a lone constant or call gains nothing). */
function worthIt(ir: Ir): boolean {
  switch (ir.k) {
    case 'fn': case 'const': case 'none': case 'it': case 'bind': case 'param': case 'n': case 'opt': case 'int': return false;
    default: return true;
  }
}

/** The names the emitted code receives, in order (the factory's parameters). */
const PARAMS = ['K', 'F', 'track', 'varKey', 'playerIndex', 'cardIndex', 'budget', 'overBudget', 'memo', 'cellAt', 'geoAt', 'newRecord', 'pushAll'] as const;
const HELPERS = [track, varKey, playerIndex, cardIndex, budget, overBudget, memo, cellAt, geoAt, newRecord, pushAll];

function build(ir: Ir, closure: Fn): Fn {
  try {
    const e = new Emission();
    const src = e.program(ir);
    if (!src || !checkSource(src)) { emitStats.refused++; return closure; }
    emitStats.onSource?.(src);
    let factory: (...a: unknown[]) => Fn;
    try {
      factory = emitSettings.makeFactory(src);
    } catch {
      // a Content Security Policy without 'unsafe-eval' (or a runtime without code generation): closures for good
      emitSettings.available = false;
      emitStats.fallback++;
      return closure;
    }
    emitStats.built++;
    return factory(e.K, e.F, ...HELPERS);
  } catch {
    emitStats.refused++;
    return closure;
  }
}

/** Thrown while emitting: this tree cannot be written (too large, an index that is not a whole number). */
class Refused extends Error {}

/** A whole number the compiler worked out (a slot, an index): the only numbers written into the source. */
function index(v: number): string {
  if (!Number.isSafeInteger(v) || v < 0) throw new Refused();
  return String(v);
}

/** One function being written: its temporaries, and inside a loop's body the temporary holding the item (`it`
 *  read there without going through the context). */
interface Frame { temps: number; it?: string }

class Emission {
  readonly K: unknown[] = [];
  readonly F: Fn[] = [];
  private readonly fns: string[] = [];
  private parts = 0;
  /** the index of an object or function already among the constants (or closures): one name for each */
  private readonly kIndex = new Map<unknown, number>();
  private readonly fIndex = new Map<Fn, number>();

  program(ir: Ir): string | null {
    try {
      const main = this.fn(ir);
      // every constant and closure read once, into a name of its own (q<n>, f<n>), when the code is made
      const decl = (n: number, name: string, from: string) => n ? `const ${Array.from({ length: n }, (_, i) => `${name}${i} = ${from}[${i}]`).join(', ')};\n` : '';
      return `${decl(this.K.length, 'q', 'K')}${decl(this.F.length, 'f', 'F')}${this.fns.join('\n')}\nreturn ${main};`;
    } catch (e) {
      if (e instanceof Refused) return null;
      throw e;
    }
  }

  /** A function of its own (g<n>) returning the tree's value; its name. */
  private fn(ir: Ir, loop?: LoopKind, list?: Ir): string {
    const f: Frame = { temps: 0 };
    let body: string;
    if (loop) body = this.loopBody(f, loop, list!, ir);
    else body = `return ${this.x(f, ir)};`;
    const name = `g${this.fns.length}`;
    const temps = f.temps ? `let ${Array.from({ length: f.temps }, (_, i) => `t${i}`).join(', ')};\n` : '';
    this.fns.push(`function ${name}(c) {\n${temps}${body}\n}`);
    return name;
  }

  /** A call of a part's closure. */
  private call(fn: Fn): string {
    const d = direct(fn);
    let i = this.fIndex.get(d);
    if (i === undefined) { i = this.F.push(d) - 1; this.fIndex.set(d, i); }
    return `f${i}(c)`;
  }

  private temp(f: Frame): string {
    return `t${f.temps++}`;
  }

  private konst(v: unknown): string {
    // an object (a list, a column, a definition's argument store) once; a plain value each time (0 and -0 apart)
    const shared = (typeof v === 'object' && v !== null) || typeof v === 'function';
    let i = shared ? this.kIndex.get(v) : undefined;
    if (i === undefined) { i = this.K.push(v) - 1; if (shared) this.kIndex.set(v, i); }
    return `q${i}`;
  }

  private loopBody(f: Frame, kind: LoopKind, list: Ir, body: Ir): string {
    const head = `const xs = ${this.x(f, list)};\nif ((budget.work += xs.length) > budget.limit) overBudget();\nconst sv = c.it;\n`;
    // the item in a temporary too: the body reads it there (every part it calls restores \`c.it\` before returning)
    const item = this.temp(f);
    const each = `for (let i = 0; i < xs.length; i++) {\n${item} = xs[i];\nc.it = ${item};\n`;
    f.it = item;
    switch (kind) {
      case 'count':
        return `${head}let k = 0;\n${each}if (${this.x(f, body)}) k++;\n}\nc.it = sv;\nreturn k;`;
      case 'any': case 'all': {
        const want = kind === 'any' ? 'true' : 'false';
        return `${head}${each}if (!!(${this.x(f, body)}) === ${want}) {\nc.it = sv;\nreturn ${want};\n}\n}\nc.it = sv;\nreturn !${want};`;
      }
      case 'sum':
        return `${head}let a = 0;\n${each}a += ${this.x(f, body)};\n}\nc.it = sv;\nreturn a !== a ? 0 : a;`;
      case 'maxOf': case 'minOf': {
        const cmp = kind === 'maxOf' ? '>' : '<';
        return `${head}let a = 0 / 0;\n${each}const v = ${this.x(f, body)};\nif (a !== a || v ${cmp} a) a = v;\n}\nc.it = sv;\nreturn a !== a ? 0 : a;`;
      }
    }
  }

  /** The expression for a tree, in the current function. */
  private x(f: Frame, ir: Ir): string {
    if (++this.parts > MAX_PARTS) throw new Refused();
    switch (ir.k) {
      case 'fn': return this.call(ir.f);
      case 'const': return this.konst(ir.v);
      case 'none': return '(-1)';
      case 'it': return f.it ?? 'c.it';
      case 'bind': return `c.bindings[${index(ir.slot)}]`;
      case 'param': return `${this.konst(ir.store)}[${index(ir.i)}]`;
      case 'n': return 'c.s.players';
      case 'opt': return `c.s.options[${index(ir.i)}]`;
      case 'var': { const i = index(ir.i); return `(track(c.s, varKey(c.s, ${i})), c.s.vars[${i}])`; }
      case 'pvar': case 'cvar': {
        const i = index(ir.i), t = this.temp(f);
        const check = ir.k === 'pvar' ? `playerIndex(${this.x(f, ir.p)}, c)` : `cardIndex(${this.x(f, ir.e)}, c)`;
        return `(${t} = ${check}, track(c.s, varKey(c.s, ${i})), c.s.vars[${i}][${t}])`;
      }
      case 'int': return index(ir.v);
      case 'zplayer': return `(${this.x(f, ir.z)} + playerIndex(${this.x(f, ir.p)}, c) * ${index(ir.stride)})`;
      case 'zcard': return `(${this.x(f, ir.z)} + cardIndex(${this.x(f, ir.e)}, c))`;
      case 'zcell': return `(${this.x(f, ir.z)} + ${index(ir.ci)})`;
      case 'zcellOf': {
        // the cell first, then the zone (as the closure does)
        const t = this.temp(f);
        return `(${t} = cellAt(${this.konst(ir.cells)}, ${this.x(f, ir.cell)}, ${this.konst(ir.zone)}), ${this.x(f, ir.z)} + ${t})`;
      }
      case 'levelCells': {
        const t = this.temp(f);
        return `((${t} = ${this.konst(ir.byLevel)}[${this.x(f, ir.l)}]) === undefined ? ${this.konst(ir.empty)} : ${t})`;
      }
      case 'geo': return `geoAt(${this.konst(ir.geo)}, ${this.x(f, ir.cell)}).${geoProp(ir.prop)}`;
      case 'zlist': case 'zlen': {
        const t = this.temp(f);
        return `(${t} = ${this.x(f, ir.z)}, track(c.s, ${t}), c.s.zones[${t}]${ir.k === 'zlen' ? '.length' : ''})`;
      }
      case 'len': return `(${this.x(f, ir.l)}).length`;
      case 'field': {
        const col = ir.env.gameColumns().get(ir.name);
        if (!col) throw new Refused();
        const t = this.temp(f);
        return `((${t} = ${this.x(f, ir.e)}) === undefined || ${t} < 0 ? ${this.konst(ir.empty)} : ${this.konst(col)}[${t}])`;
      }
      case 'un': return `(${ir.op}${this.x(f, ir.a)})`;
      case 'bin': return `(${this.x(f, ir.a)} ${op(ir.op)} ${this.x(f, ir.b)})`;
      case 'div': {
        const t = this.temp(f);
        const d = this.x(f, ir.b);
        return `((${t} = ${d}) === 0 ? 0 : ${this.x(f, ir.a)} ${ir.op === '/' ? '/' : '%'} ${t})`;
      }
      case 'cond': return `(${this.x(f, ir.t)} ? ${this.x(f, ir.a)} : ${this.x(f, ir.b)})`;
      case 'loop': return `${this.fn(ir.body, ir.kind, ir.l)}(c)`;
      case 'cached': {
        // a body too large to write here: the call of the whole closure
        if (this.parts + size(ir.body) > MAX_PARTS) return this.call(ir.whole);
        const ts = ir.args.map(() => this.temp(f));
        const args = ir.args.map((a, i) => `${ts[i]} = ${this.x(f, a)}`);
        const vals = this.konst(ir.vals), store = this.konst(ir.store);
        const lookup = [...ts.map((t, i) => `${vals}[${i}] = ${t}`), this.call(ir.f)];
        const plain = [...ts.map((t, i) => `${store}[${i}] = ${t}`), this.x(f, ir.body)];
        const gate = `memo.on && !${this.konst(ir.gate)}.off${ir.warns ? ' && !c.s.warns' : ''}`;
        return `(${[...args, `(${gate} ? (${lookup.join(', ')}) : (${plain.join(', ')}))`].join(', ')})`;
      }
      case 'let': {
        const save = this.temp(f), r = this.temp(f), slot = `c.bindings[${index(ir.slot)}]`;
        return `(${save} = ${slot}, ${slot} = ${this.x(f, ir.v)}, ${r} = ${this.x(f, ir.body)}, ${slot} = ${save}, ${r})`;
      }
      case 'list': return `[${ir.items.map((x) => this.x(f, x)).join(', ')}]`;
      case 'rec': {
        const t = this.temp(f);
        const fields = ir.items.map((x, i) => `${t}[${this.konst(ir.names[i])}] = ${this.x(f, x)}`);
        return `(${[`${t} = newRecord()`, ...fields, t].join(', ')})`;
      }
      case 'concat': {
        const t = this.temp(f);
        return `(${[`${t} = []`, ...ir.ls.map((l) => `pushAll(${t}, ${this.x(f, l)})`), t].join(', ')})`;
      }
      case 'call': {
        const ts = ir.args.map(() => this.temp(f));
        const args = ir.args.map((a, i) => `${ts[i]} = ${this.x(f, a)}`);
        const store = this.konst(ir.store);
        const stores = ts.map((t, i) => `${store}[${i}] = ${t}`);
        return `(${[...args, ...stores, this.x(f, ir.body)].join(', ')})`;
      }
    }
  }
}

/** The parts a tree writes (a cached call's body counted as written inline), worked out once per tree. */
const sizes = new WeakMap<Ir, number>();
function size(ir: Ir): number {
  let n = sizes.get(ir);
  if (n !== undefined) return n;
  n = 1;
  for (const x of children(ir)) n += size(x);
  sizes.set(ir, n);
  return n;
}

/** A tree's own parts, in no particular order. */
function children(ir: Ir): readonly Ir[] {
  switch (ir.k) {
    case 'pvar': return [ir.p];
    case 'cvar': case 'zcard': case 'field': return [ir.e];
    case 'zplayer': return [ir.z, ir.p];
    case 'zcell': case 'zlist': case 'zlen': return [ir.z];
    case 'len': return [ir.l];
    case 'un': return [ir.a];
    case 'bin': case 'div': return [ir.a, ir.b];
    case 'cond': return [ir.t, ir.a, ir.b];
    case 'loop': return [ir.l, ir.body];
    case 'zcellOf': return [ir.z, ir.cell];
    case 'levelCells': return [ir.l];
    case 'geo': return [ir.cell];
    case 'let': return [ir.v, ir.body];
    case 'list': case 'rec': return ir.items;
    case 'concat': return ir.ls;
    case 'call': case 'cached': return [...ir.args, ir.body];
    default: return [];
  }
}

const GEO = new Set(['level', 'neighbours', 'above', 'below']);
/** A cell's geometry field, one of the fixed set. */
function geoProp(p: string): string {
  if (!GEO.has(p)) throw new Refused();
  return p;
}

const OPS = new Set(['+', '-', '*', '<', '<=', '>', '>=', '===', '!==', '&&', '||']);
/** An operator of the tree, one of the fixed set (a tree built by hand cannot smuggle text through it). */
function op(o: string): string {
  if (!OPS.has(o)) throw new Refused();
  return o;
}

// ---- the whitelist check of the emitted source (acorn's tree) ----

const NAMES = new Set<string>([...PARAMS, 'c', 'xs', 'sv', 'i', 'k', 'a', 'v', 'undefined']);
const GENERATED = /^[gtqf]\d+$/;
/** properties read with a dot */
const PROPS = new Set(['s', 'bindings', 'it', 'players', 'options', 'vars', 'zones', 'length', 'work', 'limit', 'on', 'off', 'warns', ...GEO]);
const CALLEES = new Set(['track', 'varKey', 'playerIndex', 'cardIndex', 'overBudget', 'cellAt', 'geoAt', 'newRecord', 'pushAll']);
const BINARY = new Set(['+', '-', '*', '/', '%', '<', '<=', '>', '>=', '===', '!==']);
const KINDS = new Set([
  'Program', 'FunctionDeclaration', 'BlockStatement', 'ReturnStatement', 'VariableDeclaration', 'VariableDeclarator',
  'ExpressionStatement', 'IfStatement', 'ForStatement', 'UpdateExpression', 'BinaryExpression', 'LogicalExpression',
  'UnaryExpression', 'AssignmentExpression', 'ConditionalExpression', 'SequenceExpression', 'MemberExpression',
  'CallExpression', 'Identifier', 'Literal', 'ArrayExpression',
]);

type AstNode = { type: string; [k: string]: unknown };

/** Whether the emitted source holds only what the emitter writes: the kinds of node, names, properties,
 *  operators and literals above. */
export function checkSource(src: string): boolean {
  let tree: AstNode;
  try {
    tree = parse(src, { ecmaVersion: 2020, sourceType: 'script', allowReturnOutsideFunction: true }) as unknown as AstNode;
  } catch {
    return false;
  }
  return allowed(tree);
}

/** A declaration of a name for a constant or a closure (q<n>, f<n>) reads item n of K or F, and nothing else;
 *  other declared names are not those. */
function heldName(n: AstNode): boolean {
  const id = n.id as AstNode;
  const m = id.type === 'Identifier' ? /^([qf])(\d+)$/.exec(id.name as string) : null;
  const init = n.init as AstNode | null;
  const held = init !== null && init.type === 'MemberExpression' && init.computed === true && (init.object as AstNode).type === 'Identifier'
    && ((init.object as AstNode).name === 'K' || (init.object as AstNode).name === 'F');
  if (!m) return !held;
  return held && (init.object as AstNode).name === (m[1] === 'q' ? 'K' : 'F') && (init.property as AstNode).type === 'Literal'
    && String((init.property as AstNode).value) === m[2];
}

function allowed(n: AstNode): boolean {
  if (!KINDS.has(n.type)) return false;
  switch (n.type) {
    case 'Identifier': {
      const name = n.name as string;
      if (!NAMES.has(name) && !GENERATED.test(name)) return false;
      break;
    }
    case 'Literal': {
      const v = n.value, raw = n.raw as string;
      if (typeof v === 'boolean') { if (raw !== 'true' && raw !== 'false') return false; }
      else if (typeof v !== 'number' || !Number.isSafeInteger(v) || !/^\d+$/.test(raw)) return false;
      return true;
    }
    case 'MemberExpression':
      if (!n.computed) {
        const p = n.property as AstNode;
        if (p.type !== 'Identifier' || !PROPS.has(p.name as string)) return false;
        return allowed(n.object as AstNode);
      }
      if (n.optional) return false;
      break;
    case 'CallExpression': {
      const callee = n.callee as AstNode;
      // a helper, a function of the code (g<n>) or a part's closure (f<n>, read from F once)
      const named = callee.type === 'Identifier' && (CALLEES.has(callee.name as string) || /^[gf]\d+$/.test(callee.name as string));
      if (!named || n.optional) return false;
      break;
    }
    case 'ArrayExpression': if ((n.elements as (AstNode | null)[]).some((x) => x === null)) return false; break;
    case 'BinaryExpression': if (!BINARY.has(n.operator as string)) return false; break;
    case 'LogicalExpression': if (n.operator !== '&&' && n.operator !== '||') return false; break;
    case 'UnaryExpression': if (n.operator !== '-' && n.operator !== '!') return false; break;
    case 'UpdateExpression': if (n.operator !== '++') return false; break;
    case 'AssignmentExpression': {
      if (n.operator !== '=' && n.operator !== '+=') return false;
      // a constant's or closure's name is never written
      const left = n.left as AstNode;
      if (left.type === 'Identifier' && /^[qf]\d+$/.test(left.name as string)) return false;
      break;
    }
    case 'VariableDeclaration': if (n.kind !== 'let' && n.kind !== 'const') return false; break;
    case 'VariableDeclarator': if (!heldName(n)) return false; break;
    case 'FunctionDeclaration':
      if (n.async || n.generator || (n.params as AstNode[]).length !== 1 || (n.params as AstNode[])[0]!.name !== 'c') return false;
      break;
  }
  for (const key of Object.keys(n)) {
    if (key === 'type' || key === 'start' || key === 'end') continue;
    const v = n[key];
    if (Array.isArray(v)) { for (const x of v) if (x && typeof x === 'object' && !allowed(x as AstNode)) return false; }
    else if (v && typeof v === 'object' && 'type' in v && !allowed(v as AstNode)) return false;
  }
  return true;
}

