// The least coins to pay a cost of which one kind is still missing once the payer's one-kind sources are
// subtracted (most costs asked about: a unit or two of one kind). Then no search is needed: the payer uses as
// many of its either/or units of that kind as it has, and buys the rest from the cheapest suppliers first,
// each selling at most the copies of its sources that give that kind. That is what the search of payment.ts
// finds on a lattice of one kind, where Hall's condition is a single count per party.

import type { PaymentProblem, UnitSource } from './payment-problem.js';

/** Past this, sums of prices are no longer exact in floating point in every order: the search answers. */
const EXACT = 2 ** 52;

/** The least coins (within the budget) to buy the `n` units of kind `k` the payer's one-kind sources leave
 *  missing, or null when it cannot be paid; undefined when this shortcut declines (more than 31 suppliers, or
 *  prices so large that sums might round) and the search must answer. The problem is validated, `n` > 0, and
 *  every party's copies of kind `k` together are at least `n`. */
export function cheapestOneKind(p: PaymentProblem, k: number, n: number): number | null | undefined {
  const sup = p.suppliers;
  const S = sup.length;
  if (S > 31) return undefined;
  // the payer's either/or sources (its one-kind sources are already subtracted), each giving at most n
  const own = copiesOf(p.own, k, n, true);
  if (own >= n) return 0;
  if (S === 0) return null;
  let left = n - own;
  let total = 0;
  let taken = 0; // suppliers bought from, as a bit mask
  while (left > 0) {
    // the cheapest supplier not yet bought from (the first of equal prices)
    let best = -1;
    for (let s = 0; s < S; s++) {
      if (taken & (1 << s)) continue;
      if (best < 0 || sup[s]!.price[k]! < sup[best]!.price[k]!) best = s;
    }
    if (best < 0) return null; // every supplier sold all it has (the caller checked there are copies enough)
    taken |= 1 << best;
    const price = sup[best]!.price[k]!;
    if (price * n > EXACT) return undefined;
    const units = Math.min(left, copiesOf(sup[best]!.sources, k, n, false));
    total += units * price;
    left -= units;
  }
  const budget = p.budget ?? Infinity;
  return total <= budget ? total : null;
}

/** Units of kind `k` a party's sources give together, each source at most `cap` (more never helps, and keeps the
 *  sum finite), leaving out one-kind sources when they were already subtracted from the need. */
function copiesOf(list: readonly UnitSource[], k: number, cap: number, skipSingles: boolean): number {
  let sum = 0;
  for (let i = 0; i < list.length; i++) {
    const src = list[i]!;
    const ks = src.kinds;
    let gives = false, single = true;
    for (let j = 0; j < ks.length; j++) {
      if (ks[j] === k) gives = true;
      if (ks[j] !== ks[0]) single = false;
    }
    if (!gives || (skipSingles && single)) continue;
    sum += Math.min(src.copies, cap);
  }
  return sum;
}
