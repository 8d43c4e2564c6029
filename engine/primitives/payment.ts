// Paying a cost: which units a party lacks, and the cheapest ways to buy them from priced suppliers.
//
// Model (generic): a cost needs `need[k]` units of each kind k. The payer's own sources are free; each
// supplier offers its own sources at a per-kind unit price. A source gives one unit of one of its kinds per
// copy. Units are used, not spent: every supplier may sell every one of its sources, whatever the payer or
// other buyers do with theirs.
//
// Method (see docs/engine.md, "Paying a cost"):
//  1. the payer's one-kind sources are subtracted from the need; what remains is the residual need N, and
//     only kinds with a positive residual are kept;
//  2. the vectors b ≤ N one party can provide form a downward-closed set, decided exactly by Hall's condition
//     (for every set T of kinds, the units asked of T are at most the copies of the sources touching T),
//     computed once per party over the lattice of vectors 0..N (its size is the product of (N_k + 1));
//  3. a dynamic programme over residual vectors: the payer's own units first (free), then one stage per
//     supplier, buying some vector b ≤ residual at price·b. Each residual keeps the Pareto set of the coins
//     paid so far (dominance pruning is exact: whatever completes a dominated partial plan completes the
//     dominating one for no more). The last supplier must sell exactly what is still missing, so its stage
//     is a lookup, and a problem with two suppliers keeps one number per residual.
// `cheapestPayment` runs the same programme with one total per residual, or, when a single kind is missing,
// buys it from the cheapest suppliers first (payment-one-kind.ts). No game is named here.

import { checkedTotals, fail, isOneKind, type PaymentPlan, type PaymentProblem, type UnitSource } from './payment-problem.js';
import { cheapestOneKind } from './payment-one-kind.js';
import { Entries, insert, lex } from './payment-pareto.js';

export type { PaymentPlan, PaymentProblem, Supplier, UnitSource } from './payment-problem.js';

/** The search grows with the product of (n+1)(n+2)/2 over the residual need n of each kind (pairs of a
 *  residual and a purchase); a cost past this is refused rather than left to run for minutes. Real costs
 *  stay under a few thousand (seven kinds of one unit each: 2,187). */
export const PAYMENT_WORK_LIMIT = 1 << 22;

// ---------------------------------------------------------------------------------------------------------
// Workspace: typed arrays reused from call to call (a bot asks about every option it holds, every turn), grown on
// demand. Nothing here calls back into user code, so one module-wide workspace is safe.

const ws = {
  resid: new Float64Array(8), // residual need per original kind
  kindOf: new Int32Array(8), // kept kind → original kind
  keep: new Int32Array(8), // original kind → kept kind, or -1
  stride: new Int32Array(8),
  top: new Int32Array(8), // N: residual need per kept kind
  digits: new Int32Array(64), // lattice vector idx → its K digits
  sum: new Int32Array(8), // units in vector idx
  supp: new Int32Array(8), // kinds with a positive digit, as a bit mask
  low: new Int32Array(8), // the kind whose unit makes vector idx from vector idx - stride[low]
  down: new Float64Array(16), // per mask U: copies of the sources whose kinds all lie in U
  feas: new Uint8Array(16), // party × lattice: 1 when the party can provide that vector
  cost: new Float64Array(16), // supplier × lattice: price of that vector
  dp: new Float64Array(8),
  dp2: new Float64Array(8),
  bd: new Int32Array(8), // odometer digits
  head: new Int32Array(8), // per residual: its first Pareto entry, or -1 (this stage and the next)
  head2: new Int32Array(8),
};

function growF64(a: Float64Array<ArrayBuffer>, n: number): Float64Array<ArrayBuffer> {
  return a.length >= n ? a : new Float64Array(Math.max(n, 2 * a.length));
}
function growI32(a: Int32Array<ArrayBuffer>, n: number): Int32Array<ArrayBuffer> {
  return a.length >= n ? a : new Int32Array(Math.max(n, 2 * a.length));
}
function growU8(a: Uint8Array<ArrayBuffer>, n: number): Uint8Array<ArrayBuffer> {
  return a.length >= n ? a : new Uint8Array(Math.max(n, 2 * a.length));
}

/** Outcome of `residual` and `prepare`: the residual need is empty, cannot be met at all, or is to be searched
 *  (laid out in `ws` by `prepare`). */
const COVERED = 0;
const IMPOSSIBLE = 1;
const SEARCH = 2;

/** Shape of the prepared search: kept kinds, lattice vectors (idx 0 = nothing, idx size-1 = N). Functions
 *  copy them into locals K and L (module bindings are slower to read in hot loops). */
let kept = 0;
let size = 0;

/** Validates, subtracts the payer's one-kind sources, and lays out the lattice and every party's
 *  feasible vectors and every supplier's prices. */
function prepare(p: PaymentProblem, limit: number): number {
  const state = residual(p, limit);
  if (state === SEARCH) layout(p);
  return state;
}

/** Validates, subtracts the payer's one-kind sources, keeps the kinds still needed (`kept`, ws.kindOf, ws.keep,
 *  ws.resid), says whether the cost is covered or impossible, and charges the search's work. */
function residual(p: PaymentProblem, limit: number): number {
  const totals = checkedTotals(p, limit);
  const kinds = p.need.length;
  ws.resid = growF64(ws.resid, kinds);
  ws.keep = growI32(ws.keep, kinds);
  const resid = ws.resid;
  // 1. the payer's one-kind sources (kinds listed twice still count as one kind)
  const singles = totals.singles;
  let K = 0;
  let units = 0;
  for (let k = 0; k < kinds; k++) {
    const n = p.need[k]! - singles[k]!;
    if (n > 0) {
      resid[k] = n;
      ws.keep[k] = K++;
      units += n;
    } else {
      resid[k] = 0;
      ws.keep[k] = -1;
    }
  }
  kept = K;
  if (K === 0) return COVERED;

  // A kind needed beyond every copy that could give it cannot be paid: said before any search, so an
  // absurd cost is an answer, not a refused search.
  ws.kindOf = growI32(ws.kindOf, K);
  ws.top = growI32(ws.top, K);
  ws.stride = growI32(ws.stride, K);
  for (let k = 0; k < kinds; k++) if (ws.keep[k]! >= 0) ws.kindOf[ws.keep[k]!] = k;
  const avail = totals.avail;
  let work = 1;
  for (let j = 0; j < K; j++) {
    const n = resid[ws.kindOf[j]!]!;
    if (n > avail[ws.kindOf[j]!]!) return IMPOSSIBLE;
    work *= ((n + 1) * (n + 2)) / 2;
  }
  if (work > PAYMENT_WORK_LIMIT) {
    fail('need', `leaves too much to buy: the search would visit ${work} combinations (the limit is ${PAYMENT_WORK_LIMIT})`, units);
  }
  // at most `work` pairs of a residual and a purchase in each supplier's stage
  p.charge?.(work * Math.max(1, p.suppliers.length));
  return SEARCH;
}

/** Lays out the lattice of the kept kinds' residual need, every party's feasible vectors and every supplier's
 *  prices (after `residual` said SEARCH). */
function layout(p: PaymentProblem): void {
  const sup = p.suppliers;
  const own = p.own;
  const resid = ws.resid;
  const K = kept;
  let units = 0;
  for (let j = 0; j < K; j++) units += resid[ws.kindOf[j]!]!;

  // 2. the lattice 0..N in mixed radix: idx = Σ digit_j · stride_j. Vector idx is vector idx - stride[j]
  //    plus one unit of kind j, j = low[idx] (the digit the count to idx raised), so sums, supports and
  //    prices follow in one step each.
  const nK = K;
  let nL = 1;
  const top = ws.top;
  const stride = ws.stride;
  for (let j = 0; j < nK; j++) {
    const n = resid[ws.kindOf[j]!]!;
    top[j] = n;
    stride[j] = nL;
    nL *= n + 1;
  }
  size = nL;
  ws.digits = growI32(ws.digits, nL * nK);
  ws.sum = growI32(ws.sum, nL);
  ws.supp = growI32(ws.supp, nL);
  ws.low = growI32(ws.low, nL);
  const digits = ws.digits;
  const sum = ws.sum;
  const supp = ws.supp;
  const low = ws.low;
  for (let j = 0; j < nK; j++) digits[j] = 0;
  sum[0] = 0;
  supp[0] = 0;
  for (let idx = 1; idx < nL; idx++) {
    // the previous vector plus one: carry through digits at their maximum
    const prev = (idx - 1) * nK;
    const cur = idx * nK;
    let j = 0;
    while (digits[prev + j] === top[j]) {
      digits[cur + j] = 0;
      j++;
    }
    digits[cur + j] = digits[prev + j]! + 1;
    for (let t = j + 1; t < nK; t++) digits[cur + t] = digits[prev + t]!;
    const from = idx - stride[j]!;
    low[idx] = j;
    sum[idx] = sum[from]! + 1;
    supp[idx] = supp[from]! | (1 << j);
  }

  // 3. what each party can provide: party 0 is the payer (its one-kind sources are already counted),
  //    party s+1 is supplier s
  const parties = sup.length + 1;
  ws.feas = growU8(ws.feas, parties * nL);
  ws.down = growF64(ws.down, 1 << nK);
  feasible(own, 0, units, true);
  for (let s = 0; s < sup.length; s++) feasible(sup[s]!.sources, (s + 1) * nL, units, false);

  // 4. prices of every vector, per supplier
  ws.cost = growF64(ws.cost, Math.max(1, sup.length) * nL);
  const cost = ws.cost;
  const kindOf = ws.kindOf;
  for (let s = 0; s < sup.length; s++) {
    const price = sup[s]!.price;
    const base = s * nL;
    cost[base] = 0;
    for (let idx = 1; idx < nL; idx++) {
      const j = low[idx]!;
      cost[base + idx] = cost[base + idx - stride[j]!]! + price[kindOf[j]!]!;
    }
  }
  ws.dp = growF64(ws.dp, nL);
  ws.dp2 = growF64(ws.dp2, nL);
  ws.bd = growI32(ws.bd, K);
}

/** Marks in ws.feas[base + idx] the vectors the sources can provide together (Hall's condition: for every
 *  set T of kinds, units of T ≤ copies of sources listing a kind in T). A vector qualifies when it meets the
 *  condition for its own support and every vector one unit smaller qualifies (those cover every smaller T). */
function feasible(list: readonly UnitSource[], base: number, units: number, skipSingles: boolean): void {
  const K = kept;
  const full = (1 << K) - 1;
  const down = ws.down;
  down.fill(0, 0, full + 1);
  let total = 0;
  for (let i = 0; i < list.length; i++) {
    const src = list[i]!;
    if (skipSingles && isOneKind(src)) continue;
    let mask = 0;
    for (let j = 0; j < src.kinds.length; j++) {
      const r = ws.keep[src.kinds[j]!]!;
      if (r >= 0) mask |= 1 << r;
    }
    if (mask === 0) continue;
    // more copies than units needed in all never help; capping keeps the sums finite
    const c = Math.min(src.copies, units);
    down[mask] = down[mask]! + c;
    total += c;
  }
  // down[U] = copies of sources whose kinds lie within U (sum over subsets)
  for (let b = 0; b < K; b++) {
    const bit = 1 << b;
    for (let m = 0; m <= full; m++) if (m & bit) down[m] = down[m]! + down[m ^ bit]!;
  }
  const feas = ws.feas;
  const sum = ws.sum;
  const supp = ws.supp;
  const stride = ws.stride;
  const nL = size;
  feas[base] = 1;
  for (let idx = 1; idx < nL; idx++) {
    const m = supp[idx]!;
    // copies touching the support = all copies minus those of sources entirely outside it
    let ok = sum[idx]! <= total - down[full ^ m]! ? 1 : 0;
    for (let rest = m; ok && rest !== 0; rest &= rest - 1) {
      const j = 31 - Math.clz32(rest & -rest);
      if (!feas[base + idx - stride[j]!]) ok = 0;
    }
    feas[base + idx] = ok;
  }
}

/** Whether the payer can provide vector o and no vector one unit larger. The search starts from these
 *  only: using less of its own never helps (a purchase that completes a larger residual, capped at the
 *  smaller one, costs no more and leaves nothing missing), and a payer with either/or sources can provide
 *  many vectors. */
function isMaximalOwn(o: number): boolean {
  const K = kept;
  const feas = ws.feas;
  if (!feas[o]) return false;
  for (let j = 0; j < K; j++) if (ws.digits[o * K + j]! < ws.top[j]! && feas[o + ws.stride[j]!]) return false;
  return true;
}

// ---------------------------------------------------------------------------------------------------------

/** The least total coins to buy what is missing (0 when own units suffice), or null when impossible within
 *  budget. */
export function cheapestPayment(p: PaymentProblem): number | null {
  const state = residual(p, 0);
  if (state === COVERED) return 0;
  if (state === IMPOSSIBLE) return null;
  // one kind missing (most costs): no lattice to search
  if (kept === 1) {
    const k = ws.kindOf[0]!;
    const v = cheapestOneKind(p, k, ws.resid[k]!);
    if (v !== undefined) return v;
  }
  layout(p);
  const K = kept;
  const L = size;
  const budget = p.budget ?? Infinity;
  const S = p.suppliers.length;
  const top = L - 1;
  const feas = ws.feas;
  const cost = ws.cost;
  let dp = ws.dp;
  let dp2 = ws.dp2;
  // own units (free): the residual top - o for each largest vector o the payer can provide
  dp.fill(Infinity, 0, L);
  for (let o = 0; o < L; o++) if (isMaximalOwn(o)) dp[top - o] = 0;
  if (dp[0] === 0) return 0;
  if (S === 0) return null;
  const digits = ws.digits;
  const stride = ws.stride;
  const bd = ws.bd;
  for (let s = 0; s < S - 1; s++) {
    const fb = (s + 1) * L;
    const cb = s * L;
    dp2.fill(Infinity, 0, L);
    for (let r = 0; r < L; r++) {
      const here = dp[r]!;
      if (here === Infinity || here > budget) continue; // unreachable, or already past the budget
      // odometer over b ≤ r
      for (let j = 0; j < K; j++) bd[j] = 0;
      let b = 0;
      for (;;) {
        if (feas[fb + b]) {
          const c = here + cost[cb + b]!;
          if (c < dp2[r - b]!) dp2[r - b] = c;
        }
        let j = 0;
        for (; j < K; j++) {
          if (bd[j]! < digits[r * K + j]!) {
            bd[j]!++;
            b += stride[j]!;
            break;
          }
          b -= bd[j]! * stride[j]!;
          bd[j] = 0;
        }
        if (j === K) break;
      }
    }
    const t = dp;
    dp = dp2;
    dp2 = t;
  }
  // the last supplier sells exactly what is still missing
  const fb = S * L;
  const cb = (S - 1) * L;
  let best = Infinity;
  for (let r = 0; r < L; r++) {
    if (dp[r] !== Infinity && feas[fb + r]) {
      const c = dp[r]! + cost[cb + r]!;
      if (c < best) best = c;
    }
  }
  return best <= budget && best !== Infinity ? best : null;
}

// ---------------------------------------------------------------------------------------------------------
// Pareto sets (payment-pareto.ts): one pool of entries, reused from call to call.

const entries = new Entries();

interface Candidate {
  entry: number;
  /** residual bought from the last supplier (lattice index) */
  last: number;
  pay: number[];
  total: number;
  units: number;
}

/** The plan that pays nothing: `suppliers` zeros, and as many lists of `kinds` zeros bought. Made by loops:
 *  Array.from with a function, and fill(), cost more than these short lists. */
export function zeroPlan(suppliers: number, kinds: number): PaymentPlan {
  const toSupplier: number[] = [];
  const bought: number[][] = [];
  for (let s = 0; s < suppliers; s++) {
    toSupplier.push(0);
    const v: number[] = [];
    for (let k = 0; k < kinds; k++) v.push(0);
    bought.push(v);
  }
  return { toSupplier, total: 0, bought };
}

/** Every Pareto-minimal way to pay: no other plan pays each supplier at most as much and one strictly less.
 *  Sorted by total, then by toSupplier lexicographically; at most `limit` of them (the first in that order).
 *  Empty when the need cannot be met within budget. */
export function paymentPlans(p: PaymentProblem, limit = Infinity): PaymentPlan[] {
  const state = prepare(p, limit);
  const S = p.suppliers.length;
  const kinds = p.need.length;
  const zeros = () => zeroPlan(S, kinds);
  if (state === COVERED) return limit >= 1 ? [zeros()] : [];
  if (state === IMPOSSIBLE || limit === 0) return [];
  const K = kept;
  const L = size;
  const budget = p.budget ?? Infinity;
  const top = L - 1;
  const feas = ws.feas;
  if (feas[top]) return [zeros()]; // the payer's own units suffice
  if (S === 0) return [];

  const D = S - 1;
  const E = entries;
  E.reset(D);
  ws.head = growI32(ws.head, L);
  ws.head2 = growI32(ws.head2, L);
  let head = ws.head;
  let head2 = ws.head2;
  head.fill(-1, 0, L);
  for (let o = 0; o < L; o++) if (isMaximalOwn(o)) head[top - o] = E.add(-1, -1, 0, 0);

  const cost = ws.cost;
  const digits = ws.digits;
  const stride = ws.stride;
  const sum = ws.sum;
  const bd = ws.bd;
  for (let s = 0; s < D; s++) {
    const fb = (s + 1) * L;
    const cb = s * L;
    head2.fill(-1, 0, L);
    for (let r = 0; r < L; r++) {
      if (head[r] === -1) continue;
      for (let j = 0; j < K; j++) bd[j] = 0;
      let b = 0;
      for (;;) {
        if (feas[fb + b]) {
          const c = cost[cb + b]!;
          for (let e = head[r]!; e !== -1; e = E.next[e]!) {
            const t = E.total[e]! + c;
            if (t <= budget) head2[r - b] = insert(E, head2[r - b]!, e, s, c, b, t, E.units[e]! + sum[b]!);
          }
        }
        let j = 0;
        for (; j < K; j++) {
          if (bd[j]! < digits[r * K + j]!) {
            bd[j]!++;
            b += stride[j]!;
            break;
          }
          b -= bd[j]! * stride[j]!;
          bd[j] = 0;
        }
        if (j === K) break;
      }
    }
    const t = head;
    head = head2;
    head2 = t;
  }

  // the last supplier sells exactly what is still missing
  const fb = S * L;
  const cb = D * L;
  const cands: Candidate[] = [];
  for (let r = 0; r < L; r++) {
    if (!feas[fb + r]) continue;
    for (let e = head[r]!; e !== -1; e = E.next[e]!) {
      const t = E.total[e]! + cost[cb + r]!;
      if (t > budget) continue;
      const pay = new Array<number>(S);
      for (let d = 0; d < D; d++) pay[d] = E.pay[e * D + d]!;
      pay[D] = cost[cb + r]!;
      cands.push({ entry: e, last: r, pay, total: t, units: E.units[e]! + sum[r]! });
    }
  }
  cands.sort((a, b) => a.total - b.total || lex(a.pay, b.pay) || a.units - b.units);
  // a vector dominated by another has a strictly smaller total, so it comes later; an equal one too
  const chosen: Candidate[] = [];
  for (const c of cands) {
    if (chosen.length >= limit) break;
    if (!chosen.some((k) => k.pay.every((v, i) => v <= c.pay[i]!))) chosen.push(c);
  }
  return chosen.map((c) => {
    const plan = zeros();
    plan.toSupplier = c.pay;
    plan.total = c.total;
    writeVector(plan.bought[D]!, c.last);
    let e = c.entry;
    for (let s = D - 1; s >= 0; s--) {
      writeVector(plan.bought[s]!, E.bought[e]!);
      e = E.parent[e]!;
    }
    return plan;
  });
}

/** Writes lattice vector idx into a per-kind array (original kind numbering). */
function writeVector(out: number[], idx: number): void {
  const K = kept;
  for (let j = 0; j < K; j++) out[ws.kindOf[j]!] = ws.digits[idx * K + j]!;
}
