// Built-in functions on scores (the ruleset's `scores` section): score, scoreWinners.

import { ExprError } from '../env.js';
import { T } from '../types.js';
import { scoreOf, scoreWinners as winners } from '../../scores.js';
import { didYouMean } from '../../suggest.js';
import type { FunctionDef } from './def.js';

export const score: FunctionDef = {
  name: 'score',
  opaque: true,
  doc: "A player's total score, or their score in one category: score($p), score($p, 'bonus').",
  params: [{ name: 'p', shows: 'a player' }, { name: 'category', shows: 'a category id (text)', optional: true }],
  returns: 'a number',
  compile({ args, sc, c, n }) {
    const cats = c.env.scoreCategories;
    if (!cats) throw new ExprError('score() needs a `scores` section in the ruleset', n.at);
    const pf = c.playerArg(args[0]!, sc).fn;
    let k = -1;
    if (args[1]) {
      const a = args[1];
      if (a.k !== 'str') throw new ExprError(`the category is a text naming one of ${cats.join(', ')}`, a.at);
      k = cats.indexOf(a.v);
      if (k < 0) {
        const hint = didYouMean(a.v, cats);
        throw new ExprError(`no score category '${a.v}'${hint ? ` (did you mean '${hint}'?)` : ''}; categories are ${cats.join(', ')}`, a.at);
      }
    }
    const cat = k;
    return { fn: (x) => scoreOf(x, pf(x), cat), t: T.num };
  },
};

export const scoreWinners: FunctionDef = {
  name: 'scoreWinners',
  opaque: true,
  doc: 'The players with the highest total score; a tie goes to the best tie-break, and a tie that stands is shared.',
  params: [],
  returns: 'a list of players',
  compile({ c, n }) {
    if (!c.env.scoreCategories) throw new ExprError('scoreWinners() needs a `scores` section in the ruleset', n.at);
    return { fn: (x) => winners(x), t: T.list(T.player) };
  },
};
