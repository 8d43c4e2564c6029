// Built-in functions that name, order and search values: let, sort, argmax, argmin, indexOf.

import { ExprError } from '../env.js';
import { T, showType, type Ty, type Value } from '../types.js';
import { emptyOf } from '../value.js';
import { budget, overBudget } from '../../budget.js';
import type { FunctionDef } from './def.js';
import { irOf } from '../ir.js';

export const let_: FunctionDef = {
  name: 'let',
  doc: 'Names a value computed once for use in an expression: let($n, count(hand[$p]), $n * $n + $n).',
  params: [{ name: '$name', shows: 'a new $name' }, { name: 'value', shows: 'a value' }, { name: 'body', shows: 'an expression using $name' }],
  returns: 'the body\'s value',
  compile({ args, sc, c }) {
    const b = args[0]!;
    if (b.k !== 'bind') throw new ExprError(`let() names its value with a $name first, e.g. let($n, count(deck), $n + 1)`, b.at);
    if (sc.binds.has(b.name) || sc.params?.has(b.name)) throw new ExprError(`'$${b.name}' is already bound here; pick another name`, b.at);
    const v = c.value(args[1]!, sc);
    const slot = c.env.slotOf(b.name);
    const binds = new Map(sc.binds);
    binds.set(b.name, v.t);
    const body = c.value(args[2]!, { ...sc, binds });
    const vf = v.fn, bf = body.fn;
    return {
      fn: (x) => {
        const save = x.bindings[slot];
        x.bindings[slot] = vf(x);
        const r = bf(x);
        x.bindings[slot] = save;
        return r;
      },
      t: body.t,
      ir: { k: 'let', slot, v: irOf(v), body: irOf(body) },
    };
  },
};

export const sort: FunctionDef = {
  name: 'sort',
  doc: 'The items in ascending order of a number about each (a stable sort: ties keep their order); without it, numbers or texts in their own order.',
  params: [{ name: 'list', shows: 'a list' }, { name: 'key', shows: 'a number about it', optional: true }],
  returns: 'a list',
  compile({ args, sc, c }) {
    if (args.length === 1) {
      const l = c.listArg(args[0]!, sc);
      const of = (l.t as { of: Ty }).of;
      if (of.k !== 'num' && of.k !== 'str' && of.k !== 'any') throw new ExprError(`sort() without a key sorts numbers or texts; give a key for ${showType(l.t)}, e.g. sort(list, it.cost)`, args[0]!.at);
      const lf = l.fn;
      // numbers or texts by the check above (`any`: an empty list's items, never compared)
      return { fn: (x) => (lf(x) as (number | string)[]).slice().sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)), t: l.t };
    }
    const { l, b } = c.lambda(args[0]!, args[1]!, sc);
    const lf = l.fn, bf = c.num(b, args[1]!);
    return {
      fn: (x) => {
        const xs = lf(x); if ((budget.work += xs.length) > budget.limit) overBudget(); const save = x.it;
        const keyed = new Array(xs.length);
        for (let i = 0; i < xs.length; i++) { x.it = xs[i]; keyed[i] = { k: bf(x), i, v: xs[i] }; }
        x.it = save;
        keyed.sort((p: { k: number; i: number }, q: { k: number; i: number }) => (p.k - q.k) || (p.i - q.i));
        return keyed.map((e: { v: Value }) => e.v);
      },
      t: l.t,
    };
  },
};

function arg(name: 'argmax' | 'argmin', doc: string): FunctionDef {
  const better = name === 'argmax' ? (a: number, b: number) => a > b : (a: number, b: number) => a < b;
  return {
    name,
    doc,
    params: [{ name: 'list', shows: 'a list' }, { name: 'n', shows: 'a number about it' }],
    returns: 'an item (none or empty when the list is empty)',
    compile({ args, sc, c }) {
      const { l, b, of } = c.lambda(args[0]!, args[1]!, sc);
      const lf = l.fn, bf = c.num(b, args[1]!);
      const empty = emptyOf(of, c.env);
      return {
        fn: (x) => {
          const xs = lf(x); if ((budget.work += xs.length) > budget.limit) overBudget(); const save = x.it;
          let best: Value = empty, bestV = 0, found = false;
          for (let i = 0; i < xs.length; i++) {
            x.it = xs[i]; const v = bf(x);
            if (!found || better(v, bestV)) { best = xs[i]; bestV = v; found = true; }
          }
          x.it = save;
          return best;
        },
        t: of,
      };
    },
  };
}
export const argmax = arg('argmax', 'The first item with the largest number about it.');
export const argmin = arg('argmin', 'The first item with the smallest number about it.');

export const indexOf: FunctionDef = {
  name: 'indexOf',
  doc: 'The position of a value in a list (0 for the first, as list[i] counts), or -1 when it is not there.',
  params: [{ name: 'list', shows: 'a list' }, { name: 'x', shows: 'a value' }],
  returns: 'a number',
  compile({ args, sc, c }) {
    const l = c.listArg(args[0]!, sc);
    const v = c.value(args[1]!, sc);
    const lf = l.fn, vf = v.fn;
    return { fn: (x) => lf(x).indexOf(vf(x)), t: T.num };
  },
};
