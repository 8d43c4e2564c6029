// Majority awards ("most gets 6, second 3"): placing() gives one item's award when the items of a list are
// ranked by a number about each, highest first, with a declared rule for ties; rank() gives its place. A
// designer writes one score category per award instead of a definition per place and tie.

import { ExprError } from '../env.js';
import { T, assignable, showType } from '../types.js';
import { didYouMean } from '../../suggest.js';
import { budget, overBudget } from '../../budget.js';
import type { Node } from '../parse.js';
import type { FunctionDef } from './def.js';
import type { Fn } from '../../model.js';

/** How tied items share the places they tie for. */
type TieRule = 'share' | 'split' | 'divide' | 'none';
const TIE_RULES: TieRule[] = ['share', 'split', 'divide', 'none'];

function tieRuleOf(n: Node): TieRule {
  if (n.k !== 'str') throw new ExprError(`placing()'s tie rule is one of ${TIE_RULES.map((r) => `'${r}'`).join(', ')}, written in quotes`, n.at);
  if ((TIE_RULES as string[]).includes(n.v)) return n.v as TieRule;
  const hint = didYouMean(n.v, TIE_RULES);
  throw new ExprError(`'${n.v}' is not a tie rule${hint ? ` (did you mean '${hint}'?)` : ''}: ${TIE_RULES.map((r) => `'${r}'`).join(', ')}`, n.at);
}

/**
 * The award of the item whose number is `mine` among `all` numbers (`awards[0]` for the highest): it ties with
 * `tied` items (itself included) for place `place` (0 = first), covering places place … place + tied − 1.
 */
export function awardOf(mine: number, all: readonly number[], awards: readonly number[], rule: TieRule): number {
  let place = 0, tied = 0;
  for (const v of all) { if (v > mine) place++; else if (v === mine) tied++; }
  const at = (k: number) => (k < awards.length ? awards[k]! : 0);
  if (tied <= 1) return at(place);
  switch (rule) {
    case 'share': return at(place);
    case 'divide': return Math.floor(at(place) / tied);
    case 'none': return 0;
    case 'split': {
      let sum = 0;
      for (let k = place; k < place + tied; k++) sum += at(k);
      return Math.floor(sum / tied);
    }
  }
}

export const placing: FunctionDef = {
  name: 'placing',
  doc: "The award x takes when the items of the list are ranked by a number about each (it), highest first: awards[0] for the most, awards[1] for second… Ties follow the rule: 'share' (each tied item takes the award of the place, the next places are used up), 'split' (the awards of the places they cover, shared, rounded down), 'divide' (the place's award shared, rounded down; the next places used up) or 'none' (nothing; the next places used up). An item not in the list takes 0: placing($p, filter(players, strength(it) > 0), strength(it), [6, 3], 'share').",
  params: [{ name: 'x', shows: 'an item of the list' }, { name: 'list', shows: 'a list' }, { name: 'n', shows: 'a number about it' }, { name: 'awards', shows: 'a list of numbers' }, { name: 'ties', shows: "'share', 'split', 'divide' or 'none'" }],
  returns: 'a number',
  compile({ args, sc, c }) {
    const x = c.value(args[0]!, sc);
    const { l, b, of } = c.lambda(args[1]!, args[2]!, sc);
    c.need(b, T.num, args[2]!);
    if (!assignable(x.t, of)) throw new ExprError(`placing() ranks ${showType(l.t)}, and x is ${showType(x.t)}`, args[0]!.at);
    const aw = c.value(args[3]!, sc);
    c.need(aw, T.list(T.num), args[3]!);
    const rule = tieRuleOf(args[4]!);
    // a number about each item and a list of numbers, by their types, just checked
    const xf = x.fn, lf = l.fn, bf = b.fn as Fn<number>, af = aw.fn as Fn<readonly number[]>;
    return {
      fn: (e) => {
        const me = xf(e), xs = lf(e);
        if ((budget.work += xs.length) > budget.limit) overBudget();
        const save = e.it;
        const nums: number[] = new Array(xs.length);
        let mine: number | undefined;
        for (let i = 0; i < xs.length; i++) { e.it = xs[i]; nums[i] = bf(e); if (xs[i] === me) mine = nums[i]; }
        e.it = save;
        return mine === undefined ? 0 : awardOf(mine, nums, af(e), rule);
      },
      t: T.num,
    };
  },
};

export const rank: FunctionDef = {
  name: 'rank',
  doc: 'The place of x when the items of the list are ranked by a number about each (it), highest first: 1 for the most; tied items share the best place they tie for (two tied for most are both 1, the next is 3); 0 when x is not in the list.',
  params: [{ name: 'x', shows: 'an item of the list' }, { name: 'list', shows: 'a list' }, { name: 'n', shows: 'a number about it' }],
  returns: 'a number',
  compile({ args, sc, c }) {
    const x = c.value(args[0]!, sc);
    const { l, b, of } = c.lambda(args[1]!, args[2]!, sc);
    c.need(b, T.num, args[2]!);
    if (!assignable(x.t, of)) throw new ExprError(`rank() ranks ${showType(l.t)}, and x is ${showType(x.t)}`, args[0]!.at);
    const xf = x.fn, lf = l.fn, bf = b.fn as Fn<number>; // a number about each item, just checked
    return {
      fn: (e) => {
        const me = xf(e), xs = lf(e);
        if ((budget.work += xs.length) > budget.limit) overBudget();
        const save = e.it;
        const nums: number[] = new Array(xs.length);
        let mine: number | undefined;
        for (let i = 0; i < xs.length; i++) { e.it = xs[i]; nums[i] = bf(e); if (xs[i] === me) mine = nums[i]; }
        e.it = save;
        if (mine === undefined) return 0;
        let above = 0;
        for (const v of nums) if (v > mine) above++;
        return above + 1;
      },
      t: T.num,
    };
  },
};
