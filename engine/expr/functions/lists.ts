// Built-in functions over lists: count, filter, any, all, sum, maxOf, minOf, flatten, take, top, first, size,
// contains, concat.

import { ExprError } from '../env.js';
import { MAX_LIST, budget, listTooLong, overBudget } from '../../budget.js';
import { cellRead, warn, watchCells } from '../../warnings.js';
import { T, assignable, showType, type Ty, type Value } from '../types.js';
import type { FunctionDef } from './def.js';
import type { Ctx, Fn } from '../../model.js';
import { track } from '../../memo.js';
import { exactCopy, giveScratch, takeScratch } from '../../list-room.js';
import { irOf } from '../ir.js';
import { direct } from '../direct.js';

const LIST = { name: 'list', shows: 'a list (or a zone)' };

/** A list of cards or players: whole numbers only (its scratch stays a list of small integers, list-room.ts). */
function wholeNumbers(t: Ty): boolean {
  return t.k === 'list' && (t.of.k === 'card' || t.of.k === 'player');
}

export const count: FunctionDef = {
  name: 'count',
  doc: 'The number of items of a list (or cards in a zone); with a condition, of those it holds for.',
  params: [LIST, { name: 'cond', shows: 'a condition on it', optional: true }],
  returns: 'a number',
  compile({ args, sc, c }) {
    if (args.length === 1) {
      const r = c.expr(args[0]!, sc);
      // a zone reference gives its instance's number
      if (r.t.k === 'zone' && r.t.need.length === 0) { const f = r.fn as Fn<number>; return { fn: (x) => { const z = f(x); track(x.s, z); return x.s.zones[z]!.length; }, t: T.num, ir: { k: 'zlen', z: irOf(r) } }; }
      const v = c.toValue(r, args[0]!);
      if (v.t.k !== 'list') throw new ExprError(`count() needs a list or a zone, but this is ${showType(v.t)}`, args[0]!.at);
      const f = v.fn as Fn<readonly Value[]>; // a list by its type, just checked
      return { fn: (x) => f(x).length, t: T.num, ir: { k: 'len', l: irOf(v) } };
    }
    const { l, b } = c.lambda(args[0]!, args[1]!, sc);
    c.need(b, T.bool, args[1]!);
    const lf = l.fn, bf = b.fn;
    return {
      fn: (x) => {
        const xs = lf(x); if ((budget.work += xs.length) > budget.limit) overBudget(); const save = x.it; let k = 0;
        for (let i = 0; i < xs.length; i++) { x.it = xs[i]; if (bf(x)) k++; }
        x.it = save; return k;
      },
      t: T.num,
      ir: { k: 'loop', kind: 'count', l: irOf(l), body: irOf(b) },
    };
  },
};

export const filter: FunctionDef = {
  name: 'filter',
  doc: 'The items of a list the condition holds for, in order: filter(box, .type == \'key\').',
  params: [LIST, { name: 'cond', shows: 'a condition on it' }],
  returns: 'a list',
  compile({ args, sc, c }) {
    const { l, b } = c.lambda(args[0]!, args[1]!, sc);
    c.need(b, T.bool, args[1]!);
    const lf0 = l.fn, bf0 = b.fn;
    const ints = wholeNumbers(l.t);
    // the list's and the condition's emitted code itself, from the first call (direct.ts)
    let lf: Fn<Value[]> | null = null, bf: Fn | null = null;
    return {
      fn: (x) => {
        bf ??= direct(bf0);
        const xs = (lf ??= direct(lf0))(x); if ((budget.work += xs.length) > budget.limit) overBudget(); const save = x.it;
        // the items kept go to scratch, and the result is a copy of its size (list-room.ts)
        const tmp = takeScratch(ints);
        let k = 0;
        try {
          for (let i = 0; i < xs.length; i++) { x.it = xs[i]; if (bf(x)) tmp[k++] = xs[i]; }
        } finally { giveScratch(); }
        x.it = save; return exactCopy(tmp, k);
      },
      t: l.t,
      fresh: true,
    };
  },
};

function quantifier(name: 'any' | 'all', doc: string): FunctionDef {
  const want = name === 'any';
  return {
    name,
    doc,
    params: [LIST, { name: 'cond', shows: 'a condition on it' }],
    returns: 'yes/no',
    compile({ args, sc, c }) {
      const { l, b } = c.lambda(args[0]!, args[1]!, sc);
      c.need(b, T.bool, args[1]!);
      const lf = l.fn, bf = b.fn;
      return {
        fn: (x) => {
          const xs = lf(x); if ((budget.work += xs.length) > budget.limit) overBudget(); const save = x.it;
          for (let i = 0; i < xs.length; i++) { x.it = xs[i]; if (!!bf(x) === want) { x.it = save; return want; } }
          x.it = save; return !want;
        },
        t: T.bool,
        ir: { k: 'loop', kind: name, l: irOf(l), body: irOf(b) },
      };
    },
  };
}
export const any = quantifier('any', 'Whether the condition holds for at least one item.');
export const all = quantifier('all', 'Whether the condition holds for every item (true for an empty list).');

function fold(name: 'sum' | 'maxOf' | 'minOf', doc: string): FunctionDef {
  return {
    name,
    doc,
    params: [LIST, { name: 'n', shows: 'a number about it' }],
    returns: 'a number',
    compile({ args, sc, c }) {
      const { l, b } = c.lambda(args[0]!, args[1]!, sc);
      const lf = l.fn, bf = c.num(b, args[1]!);
      const kind = name;
      return {
        fn: (x) => {
          const xs = lf(x); if ((budget.work += xs.length) > budget.limit) overBudget(); const save = x.it;
          let acc = kind === 'sum' ? 0 : NaN;
          for (let i = 0; i < xs.length; i++) {
            x.it = xs[i]; const v = bf(x);
            if (kind === 'sum') acc += v;
            else if (Number.isNaN(acc) || (kind === 'maxOf' ? v > acc : v < acc)) acc = v;
          }
          x.it = save; return Number.isNaN(acc) ? 0 : acc;
        },
        t: T.num,
        ir: { k: 'loop', kind, l: irOf(l), body: irOf(b) },
      };
    },
  };
}
export const sum = fold('sum', 'The sum of a number per item (0 for an empty list).');
export const maxOf = fold('maxOf', 'The largest of a number per item (0 for an empty list).');
export const minOf = fold('minOf', 'The smallest of a number per item (0 for an empty list).');

export const flatten: FunctionDef = {
  name: 'flatten',
  doc: 'All the lists the second argument gives per item, joined: flatten(chosen, staged[it]).',
  params: [LIST, { name: 'list2', shows: 'a list about it' }],
  returns: 'a list',
  compile({ args, sc, c }) {
    const { l, b } = c.lambda(args[0]!, args[1]!, sc);
    if (b.t.k !== 'list') throw new ExprError(`flatten() needs its second argument to give a list, but it is ${showType(b.t)}`, args[1]!.at);
    const lf0 = l.fn, bf0 = b.fn as Fn<readonly Value[]>; // a list by its type, just checked
    const ints = wholeNumbers(b.t);
    // the list's and the body's emitted code itself, from the first call (direct.ts)
    let lf: Fn<Value[]> | null = null, bf: Fn<readonly Value[]> | null = null;
    return {
      fn: (x) => {
        bf ??= direct(bf0);
        const xs = (lf ??= direct(lf0))(x); if ((budget.work += xs.length) > budget.limit) overBudget(); const save = x.it;
        const tmp = takeScratch(ints);
        let k = 0;
        try {
          for (let i = 0; i < xs.length; i++) {
            x.it = xs[i]; const ys = bf(x);
            if (k + ys.length > MAX_LIST) listTooLong();
            if ((budget.work += ys.length) > budget.limit) overBudget();
            for (let j = 0; j < ys.length; j++) tmp[k++] = ys[j];
          }
        } finally { giveScratch(); }
        x.it = save; return exactCopy(tmp, k);
      },
      t: b.t,
      fresh: true,
    };
  },
};

/** take() and takeUpTo(): the first n items of a list. Asking take() for more items than the list holds is
 *  legal (fewer are taken) but usually a slip, so it is a rule warning; takeUpTo() says fewer is expected. */
function firstN(name: 'take' | 'takeUpTo', doc: string): FunctionDef {
  return {
    name,
    doc,
    warns: name === 'take',
    params: [LIST, { name: 'n', shows: 'a number' }],
    returns: 'a list',
    compile({ args, sc, c }) {
      const l = c.listArg(args[0]!, sc);
      const k = c.value(args[1]!, sc);
      const lf = l.fn, kf = c.num(k, args[1]!);
      if (name === 'takeUpTo') return { fn: (x) => lf(x).slice(0, Math.max(0, kf(x))), t: l.t };
      const site = c.env.site?.(args[1]!.at) ?? -1;
      return {
        fn: (x) => {
          const xs = lf(x);
          watchCells(x);
          const n = kf(x);
          if (n > xs.length) warnTake(x, site, n, xs.length);
          return xs.slice(0, Math.max(0, n));
        },
        t: l.t,
      };
    },
  };
}

/** take()'s warning (a function of its own: a message closure inside take() would make V8 allocate a context for
 *  its values on every call, warning or not). */
function warnTake(x: Ctx, site: number, n: number, have: number): void {
  warn(x, site, () => `take() asked for ${n} items of a list of ${have} (takeUpTo() takes as many as there are without a warning)`, cellRead(x));
}

export const take = firstN('take', 'The first n items of a list (of a zone: from the bottom).');
export const takeUpTo = firstN('takeUpTo', 'The first n items of a list, or all of them when it holds fewer (take() warns then).');

function end(name: 'top' | 'first', doc: string): FunctionDef {
  return {
    name,
    doc,
    params: [LIST],
    returns: 'an item (none when empty)',
    compile({ args, sc, c }) {
      const l = c.listArg(args[0]!, sc);
      const lf0 = l.fn;
      let lf: Fn<Value[]> | null = null; // the list's emitted code itself, from the first call (direct.ts)
      const of = (l.t as { of: Ty }).of;
      // a zone's top card is the last one placed; first() is the first of a list
      return name === 'top'
        ? { fn: (x) => { const xs = (lf ??= direct(lf0))(x); return xs.length ? xs[xs.length - 1] : -1; }, t: of }
        : { fn: (x) => { const xs = (lf ??= direct(lf0))(x); return xs.length ? xs[0] : -1; }, t: of };
    },
  };
}
export const top = end('top', "The last item of a list: a zone's top card.");
export const first = end('first', 'The first item of a list (of a zone: its bottom card).');

export const size: FunctionDef = {
  name: 'size',
  doc: 'The number of items of a list.',
  params: [LIST],
  returns: 'a number',
  compile({ args, sc, c }) {
    const l = c.listArg(args[0]!, sc);
    const lf = l.fn;
    return { fn: (x) => lf(x).length, t: T.num, ir: { k: 'len', l: irOf(l) } };
  },
};

export const contains: FunctionDef = {
  name: 'contains',
  doc: 'Whether the list holds the value.',
  params: [LIST, { name: 'x', shows: 'a value' }],
  returns: 'yes/no',
  compile({ args, sc, c }) {
    const l = c.listArg(args[0]!, sc);
    const v = c.value(args[1]!, sc);
    const lf = l.fn, xf = v.fn;
    return { fn: (x) => lf(x).includes(xf(x)), t: T.bool };
  },
};

export const concat: FunctionDef = {
  name: 'concat',
  doc: 'The lists joined in order: concat(hand[$p], board[$p]) offers two zones in one prompt.',
  params: [{ name: 'a', shows: 'a list' }, { name: 'b', shows: 'a list', optional: true, rest: true }],
  returns: 'a list',
  compile({ args, sc, c, n }) {
    if (args.length < 1) throw new ExprError('concat() takes at least one list', n.at);
    const ls = args.map((a) => c.listArg(a, sc));
    let of: Ty = T.any;
    ls.forEach((l, i) => {
      const t = (l.t as { of: Ty }).of;
      if (of.k === 'any') of = t;
      else if (t.k !== 'any' && !assignable(t, of)) throw new ExprError(`concat() joins lists of one type: ${showType(T.list(of))} and ${showType(l.t)}`, args[i]!.at);
    });
    const fs = ls.map((l) => l.fn);
    return {
      fn: (x) => {
        const out: Value[] = [];
        for (let i = 0; i < fs.length; i++) pushAll(out, fs[i]!(x));
        return out;
      },
      t: T.list(of),
      ir: { k: 'concat', ls: ls.map(irOf) },
    };
  },
};

/** concat's step: a list's items pushed onto the list being joined (its length checked, its items counted as
 *  work). */
export function pushAll(out: Value[], xs: readonly Value[]): void {
  if (out.length + xs.length > MAX_LIST) listTooLong();
  if ((budget.work += xs.length) > budget.limit) overBudget();
  for (let i = 0; i < xs.length; i++) out.push(xs[i]);
}
