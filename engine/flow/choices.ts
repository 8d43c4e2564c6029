// The legal choices of an open decision: every subset of its options with a size in [min, max], enumerated
// (`choices`) or only counted (`choiceCount`). Clients, bots and the flow's rule that a decision with one legal
// choice is taken at once read them.

import type { Choice, OpenPrompt } from '../model.js';
import type { Value } from '../expr/types.js';

/** All subsets of the options with a size in [min, max], in a stable order. */
export function choices(p: OpenPrompt): Choice[] {
  const out: Choice[] = [];
  const n = p.options.length;
  for (let k = p.min; k <= p.max; k++) combos(p.options, n, k, 0, [], out);
  return out;
}

function combos(xs: readonly Value[], n: number, k: number, from: number, cur: Value[], out: Choice[]): void {
  if (cur.length === k) { out.push(cur.slice()); return; }
  for (let i = from; i <= n - (k - cur.length); i++) {
    cur.push(xs[i]);
    combos(xs, n, k, i + 1, cur, out);
    cur.pop();
  }
}

/** Number of legal choices of an open prompt, without building them. */
export function choiceCount(p: OpenPrompt): number {
  if (p.max === 1) return p.min === 1 ? p.options.length : p.options.length + 1;
  let total = 0;
  for (let k = p.min; k <= p.max; k++) total += binom(p.options.length, k);
  return total;
}

export function binom(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}
