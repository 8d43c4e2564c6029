// What the safe emitter (emit.ts) may write for a compiled expression: a small tree beside its closure, made by
// the compiler for the parts it knows how to write inline. Every value in it is data (a constant, a slot, an
// index the compiler worked out, the closure of a part written as a call); nothing in it is source text.

import type { Fn } from '../model.js';
import type { CellGeometry, DefCache, Env } from './env-core.js';

export type LoopKind = 'count' | 'any' | 'all' | 'sum' | 'maxOf' | 'minOf';
export type BinOp = '+' | '-' | '*' | '<' | '<=' | '>' | '>=' | '===' | '!==' | '&&' | '||';

export type Ir =
  /** a part written as a call of its closure (the reference) */
  | { k: 'fn'; f: Fn }
  /** a value of the ruleset: it lives in the constants array, never in the source */
  | { k: 'const'; v: unknown }
  /** `none` */
  | { k: 'none' }
  | { k: 'it' }
  /** a binding's slot */
  | { k: 'bind'; slot: number }
  /** a definition's parameter: item i of its call's argument store */
  | { k: 'param'; store: unknown[]; i: number }
  /** playerCount */
  | { k: 'n' }
  | { k: 'opt'; i: number }
  /** a variable (read tracked for the definition cache); per player or per card with its index */
  | { k: 'var'; i: number }
  | { k: 'pvar'; i: number; p: Ir }
  | { k: 'cvar'; i: number; e: Ir }
  /** an index the compiler worked out (a zone's first instance) */
  | { k: 'int'; v: number }
  /** zone instances: by player, by card, by a cell named in the text */
  | { k: 'zplayer'; z: Ir; p: Ir; stride: number }
  | { k: 'zcard'; z: Ir; e: Ir }
  | { k: 'zcell'; z: Ir; ci: number }
  /** a zone instance by a cell given by an expression (the cell's index looked up by its name, first) */
  | { k: 'zcellOf'; z: Ir; cell: Ir; cells: ReadonlyMap<string, number>; zone: string }
  /** the cells of one level of a grid (`byLevel[level]`, or `empty`) */
  | { k: 'levelCells'; byLevel: readonly (readonly string[])[]; empty: readonly string[]; l: Ir }
  /** a cell's geometry: its level, neighbours, the cell above or below */
  | { k: 'geo'; geo: ReadonlyMap<string, CellGeometry>; prop: 'level' | 'neighbours' | 'above' | 'below'; cell: Ir }
  /** a zone instance's cards, and how many (read tracked) */
  | { k: 'zlist'; z: Ir }
  | { k: 'zlen'; z: Ir }
  | { k: 'len'; l: Ir }
  /** a card's field by its column; `empty` for no card */
  | { k: 'field'; e: Ir; name: string; empty: unknown; env: Env }
  | { k: 'un'; op: '-' | '!'; a: Ir }
  | { k: 'bin'; op: BinOp; a: Ir; b: Ir }
  /** division and remainder: 0 when dividing by 0 (the divisor evaluated first) */
  | { k: 'div'; op: '/' | '%'; a: Ir; b: Ir }
  | { k: 'cond'; t: Ir; a: Ir; b: Ir }
  /** count/any/all/sum/maxOf/minOf over a list with `it` bound to each item */
  | { k: 'loop'; kind: LoopKind; l: Ir; body: Ir }
  /** a definition's call: its arguments stored, then its body */
  | { k: 'call'; store: unknown[]; args: Ir[]; body: Ir }
  /** let($name, value, body): the slot's value saved, the value bound, the body, the slot restored */
  | { k: 'let'; slot: number; v: Ir; body: Ir }
  /** a list of the items' values, and a record of the fields' values (names as constants), in order */
  | { k: 'list'; items: Ir[] }
  | { k: 'rec'; names: string[]; items: Ir[] }
  /** concat: the lists joined (pushAll checks the length and counts the work, as the closure does) */
  | { k: 'concat'; ls: Ir[] }
  /** a definition's call through its cache (def-call.ts): its arguments, then, while the cache is in use
   *  (`memo.on`, the definition's cache not `off`, no warnings kept if it may warn), the lookup `f` with the
   *  arguments put in `vals`; otherwise the plain call (arguments stored, then the body). `whole` is the
   *  closure of it all, called instead where the body is too large to write inline. */
  | { k: 'cached'; gate: DefCache; warns: boolean; vals: unknown[]; f: Fn; whole: Fn; store: unknown[]; args: Ir[]; body: Ir };

/** The tree of a compiled part: its own, or a call of its closure. */
export function irOf(r: { fn: Fn; ir?: Ir }): Ir {
  return r.ir ?? { k: 'fn', f: r.fn };
}
