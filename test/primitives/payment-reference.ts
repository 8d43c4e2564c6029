// An exhaustive reference for engine/primitives/payment.ts, written to be obviously right rather than fast:
// it tries every use of every source copy (the payer's: one of its kinds or unused; a supplier's: bought as
// one of its kinds or not), keeping every distinct outcome (units covered so far, coins paid to each
// supplier), then keeps the outcomes that cover the need within budget and filters them to the Pareto set
// by comparing every pair. Coverage is counted up to the need (a unit past it changes nothing), which only
// merges identical outcomes; nothing is pruned.

import type { PaymentProblem, UnitSource } from '../../engine/primitives/payment.js';

export interface ReferenceResult {
  /** the Pareto-minimal payment vectors, sorted by total then lexicographically */
  plans: { toSupplier: number[]; total: number }[];
  /** the least total, or null */
  min: number | null;
}

/** Infinity copies are capped at the total need: a plan never uses more units of one source than that. */
function copiesOf(src: UnitSource, cap: number): number {
  return src.copies === Infinity ? cap : src.copies;
}

export function referencePlans(p: PaymentProblem): ReferenceResult {
  const need = p.need;
  const S = p.suppliers.length;
  const cap = need.reduce((a, b) => a + b, 0);
  // An outcome is one number: units covered per kind (digit k in radix need[k]+1, up to the need), then the
  // coins paid to each supplier (digit s in radix payRadix, above every sum a supplier could be paid).
  const coveredStride: number[] = [];
  let Lc = 1;
  for (const n of need) {
    coveredStride.push(Lc);
    Lc *= n + 1;
  }
  const payRadix = 1 + Math.max(0, ...p.suppliers.map((sup) => sup.sources.reduce((a, src) => a + copiesOf(src, cap), 0) * Math.max(0, ...sup.price)));
  const payStride = p.suppliers.map((_, s) => Lc * payRadix ** s);
  const covered = (o: number, k: number) => Math.floor((o % Lc) / coveredStride[k]!) % (need[k]! + 1);
  const paid = (o: number, s: number) => Math.floor(o / payStride[s]!) % payRadix;

  let outcomes = new Set<number>([0]);
  /** One copy of a source: every outcome so far, times each way of using the copy. */
  const step = (kinds: readonly number[], supplier: number) => {
    const next = new Set<number>();
    for (const o of outcomes) {
      next.add(o); // unused, or not bought
      for (const k of kinds) {
        const unit = covered(o, k) < need[k]! ? coveredStride[k]! : 0;
        const coins = supplier >= 0 ? payStride[supplier]! * p.suppliers[supplier]!.price[k]! : 0;
        next.add(o + unit + coins);
      }
    }
    outcomes = next;
  };
  for (const src of p.own) for (let c = 0; c < copiesOf(src, cap); c++) step(src.kinds, -1);
  p.suppliers.forEach((sup, s) => {
    for (const src of sup.sources) for (let c = 0; c < copiesOf(src, cap); c++) step(src.kinds, s);
  });

  const budget = p.budget ?? Infinity;
  const paying = new Map<string, number[]>();
  for (const o of outcomes) {
    if (o % Lc !== Lc - 1) continue; // some kind not fully covered
    const pay = p.suppliers.map((_, s) => paid(o, s));
    if (pay.reduce((a, b) => a + b, 0) > budget) continue;
    paying.set(pay.join(','), pay);
  }
  const all = [...paying.values()];
  const dominated = (a: number[], b: number[]) => b.every((v, i) => v <= a[i]!) && b.some((v, i) => v < a[i]!);
  const plans = all
    .filter((a) => !all.some((b) => dominated(a, b)))
    .map((toSupplier) => ({ toSupplier, total: toSupplier.reduce((x, y) => x + y, 0) }))
    .sort((a, b) => a.total - b.total || compareLex(a.toSupplier, b.toSupplier));
  return { plans, min: plans.length ? plans[0]!.total : null };
}

function compareLex(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** Whether `units` (count per kind) can be drawn from the sources, each copy giving one unit of one of
 *  its kinds: tries every source for every unit, in turn. */
export function canProvide(units: readonly number[], sources: readonly UnitSource[]): boolean {
  const want: number[] = [];
  units.forEach((n, k) => { for (let i = 0; i < n; i++) want.push(k); });
  const left = sources.map((s) => s.copies);
  const place = (i: number): boolean => {
    if (i === want.length) return true;
    for (let s = 0; s < sources.length; s++) {
      if (left[s]! > 0 && sources[s]!.kinds.includes(want[i]!)) {
        left[s]!--;
        const ok = place(i + 1);
        left[s]!++;
        if (ok) return true;
      }
    }
    return false;
  };
  return place(0);
}
