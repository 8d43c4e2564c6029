// The built-in functions of the expression language: one registry, one entry per function (lists.ts,
// numbers.ts, players.ts, space.ts, cards.ts). The compiler (../compile.ts) checks the argument count against
// an entry's parameters and randomness against where the expression is, then calls its compile function.

import { Registry } from '../../lang/registry.js';
import type { FunctionDef } from './def.js';
import { all, any, concat, contains, count, filter, first, flatten, maxOf, minOf, size, sum, take, takeUpTo, top } from './lists.js';
import { abs, ceil, floor, max, min } from './numbers.js';
import { next, nextWhere, others, player, prev, prevWhere, role, seat, seatsFrom, team } from './players.js';
import { above, below, cellOf, cells, level, neighbours, ownerOf, zoneOf } from './space.js';
import { randomOf, revealed } from './cards.js';
import { argmax, argmin, indexOf, let_, sort } from './values.js';
import { countsBy, covers, minus, plus, sumCounts, total } from './counts.js';
import { score, scoreWinners } from './scores.js';
import { belief, beliefRole } from './belief.js';
import { cheapest, payments, sources } from './payment.js';
import { placing, rank } from './placings.js';

export type { FunctionDef, FnParam, FnCompiler, CallInput } from './def.js';

export const FUNCTIONS = new Registry<FunctionDef>('function', [
  count, filter, any, all, sum, maxOf, minOf, flatten, take, takeUpTo, top, first, size, contains, concat,
  max, min, abs, floor, ceil,
  others, role, team, seat, player, next, prev, seatsFrom, nextWhere, prevWhere, belief, beliefRole,
  cells, level, neighbours, above, below, cellOf, ownerOf, zoneOf,
  revealed, randomOf,
  let_, sort, argmax, argmin, indexOf,
  total, plus, minus, covers, sumCounts, countsBy,
  score, scoreWinners, placing, rank,
  sources, payments, cheapest,
]);

/** The number of arguments an entry takes: [least, most]. */
export function arityOf(d: FunctionDef): [number, number] {
  const least = d.params.filter((p) => !p.optional).length;
  const most = d.params.some((p) => p.rest) ? Infinity : d.params.length;
  return [least, most];
}
