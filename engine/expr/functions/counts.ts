// Built-in functions on counts (a number per value of an enumeration: a cost, a production): total, plus,
// minus, covers, sumCounts, countsBy.

import type { Ctx, Fn } from '../../model.js';
import { ExprError } from '../env.js';
import { T, showType, type Ty } from '../types.js';
import type { CallInput, FnCompiler, FunctionDef } from './def.js';
import { budget, overBudget } from '../../budget.js';
import type { Node } from '../parse.js';
import type { Scope } from '../env.js';

/** Compiles an argument that must be counts; returns it and its enumeration. */
function countsArg(c: FnCompiler, n: Node, sc: Scope, of?: string): { fn: Fn<number[]>; of: string } {
  const v = c.value(n, sc);
  if (v.t.k !== 'counts') throw new ExprError(`expected counts (a number per value of an enumeration), but this is ${showType(v.t)}`, n.at);
  if (of && v.t.of !== of) throw new ExprError(`expected counts of ${of}, but these are counts of ${v.t.of}`, n.at);
  return { fn: v.fn as Fn<number[]>, of: v.t.of };
}

export const total: FunctionDef = {
  name: 'total',
  doc: 'The sum of all the counts: total(it.cost) is how many units a cost asks for.',
  params: [{ name: 'counts', shows: 'counts' }],
  returns: 'a number',
  compile({ args, sc, c }) {
    const a = countsArg(c, args[0]!, sc).fn;
    return { fn: (x) => { const v = a(x); let t = 0; for (let i = 0; i < v.length; i++) t += v[i]!; return t; }, t: T.num };
  },
};

function pair(name: 'plus' | 'minus', doc: string, op: (a: number, b: number) => number): FunctionDef {
  return {
    name,
    doc,
    params: [{ name: 'a', shows: 'counts' }, { name: 'b', shows: 'counts of the same enumeration' }],
    returns: 'counts',
    compile({ args, sc, c }) {
      const a = countsArg(c, args[0]!, sc);
      const b = countsArg(c, args[1]!, sc, a.of);
      const af = a.fn, bf = b.fn;
      return {
        fn: (x) => { const u = af(x), v = bf(x); const out = new Array(u.length); for (let i = 0; i < u.length; i++) out[i] = op(u[i]!, v[i]!); return out; },
        t: { k: 'counts', of: a.of },
      };
    },
  };
}
export const plus = pair('plus', 'Counts added value by value: plus(it.cost, bonus.cost) is both costs paid together.', (a, b) => a + b);
export const minus = pair('minus', 'Counts taken away value by value, never below 0: what is still missing.', (a, b) => Math.max(0, a - b));

export const covers: FunctionDef = {
  name: 'covers',
  doc: 'Whether the first counts are at least the second for every value.',
  params: [{ name: 'have', shows: 'counts' }, { name: 'need', shows: 'counts of the same enumeration' }],
  returns: 'yes/no',
  compile({ args, sc, c }) {
    const a = countsArg(c, args[0]!, sc);
    const bf = countsArg(c, args[1]!, sc, a.of).fn, af = a.fn;
    return { fn: (x) => { const u = af(x), v = bf(x); for (let i = 0; i < u.length; i++) if (u[i]! < v[i]!) return false; return true; }, t: T.bool };
  },
};

export const sumCounts: FunctionDef = {
  name: 'sumCounts',
  doc: 'The counts about each item, added: sumCounts(city[$p], it.produces).',
  params: [{ name: 'list', shows: 'a list' }, { name: 'counts', shows: 'counts about it' }],
  returns: 'counts',
  compile({ args, sc, c }) {
    const { l, b } = c.lambda(args[0]!, args[1]!, sc);
    if (b.t.k !== 'counts') throw new ExprError(`sumCounts() needs counts about each item, but this is ${showType(b.t)}`, args[1]!.at);
    const size = c.env.enums.get(b.t.of)!.values.length;
    const lf = l.fn, bf = b.fn as Fn<readonly number[]>; // counts by its type, just checked: a number per value
    return {
      fn: (x) => {
        const xs = lf(x); if ((budget.work += xs.length) > budget.limit) overBudget(); const save = x.it; const out = new Array(size).fill(0);
        for (let i = 0; i < xs.length; i++) { x.it = xs[i]; const v = bf(x); for (let k = 0; k < size; k++) out[k] += v[k]; }
        x.it = save; return out;
      },
      t: b.t,
    };
  },
};

export const countsBy: FunctionDef = {
  name: 'countsBy',
  doc: 'Counts of an enumeration built from a number about each of its values (it): countsBy(resource, price($p, it)).',
  params: [{ name: 'enumeration', shows: 'an enumeration' }, { name: 'n', shows: 'a number about each value' }],
  returns: 'counts',
  compile(x: CallInput) {
    const { args, sc, c } = x;
    const e = args[0]!;
    const en = e.k === 'name' ? c.env.enums.get(e.name) : undefined;
    if (!en) throw new ExprError(`countsBy() needs the name of an enumeration first${c.env.enums.size ? ` (${[...c.env.enums.keys()].join(', ')})` : ''}`, e.at);
    const b = c.value(args[1]!, { ...sc, it: T.str as Ty });
    const bf = c.num(b, args[1]!);
    const values = en.values;
    return {
      fn: (ctx: Ctx) => {
        const save = ctx.it; const out = new Array(values.length);
        for (let i = 0; i < values.length; i++) { ctx.it = values[i]; out[i] = bf(ctx); }
        ctx.it = save; return out;
      },
      t: { k: 'counts', of: en.id },
    };
  },
};
