// Built-in functions on numbers: max, min, abs, floor, ceil.

import { T } from '../types.js';
import type { FunctionDef } from './def.js';

function pair(name: 'max' | 'min', doc: string): FunctionDef {
  return {
    name,
    doc,
    params: [{ name: 'a', shows: 'a number' }, { name: 'b', shows: 'a number' }],
    returns: 'a number',
    compile({ args, sc, c }) {
      const a = c.value(args[0]!, sc), b = c.value(args[1]!, sc);
      const af = c.num(a, args[0]!), bf = c.num(b, args[1]!);
      return { fn: name === 'max' ? (x) => Math.max(af(x), bf(x)) : (x) => Math.min(af(x), bf(x)), t: T.num };
    },
  };
}
export const max = pair('max', 'The larger of two numbers.');
export const min = pair('min', 'The smaller of two numbers.');

function unary(name: 'abs' | 'floor' | 'ceil', doc: string, m: (v: number) => number): FunctionDef {
  return {
    name,
    doc,
    params: [{ name: 'x', shows: 'a number' }],
    returns: 'a number',
    compile({ args, sc, c }) {
      const a = c.value(args[0]!, sc);
      const af = c.num(a, args[0]!);
      return { fn: (x) => m(af(x)), t: T.num };
    },
  };
}
export const abs = unary('abs', 'The size of a number, without its sign.', Math.abs);
export const floor = unary('floor', 'A number rounded down.', Math.floor);
export const ceil = unary('ceil', 'A number rounded up.', Math.ceil);
