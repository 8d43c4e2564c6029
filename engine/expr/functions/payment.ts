// Built-in functions for paying a cost (engine/primitives/payment.ts): sources, payments, cheapest.
//
//   sources(cards, it.produces, it.either)          what a list of items yields: fixed units and either/or units
//   payments(cost, own, [{ sources: …, price: … }, …], coins)
//                                                   every way to buy what `own` lacks no other beats (Pareto plans)
//   cheapest(cost, own, sellers, coins)             the least coins to buy it, or -1 when it cannot be paid
//
// Each reads the game only through its argument expressions (whose reads the definition cache tracks) and
// gives the same value for the same arguments, so a definition using them is cached like any other.

import type { Ctx, Fn } from '../../model.js';
import { ExprError, RuleError, type Scope } from '../env.js';
import { T, hasField, recType, showType, type Ty, type Value } from '../types.js';
import { cheapestPayment, paymentPlans, zeroPlan, type PaymentProblem, type Supplier, type UnitSource } from '../../primitives/payment.js';
import type { Node } from '../parse.js';
import type { FnCompiler, FunctionDef } from './def.js';
import { budget, overBudget } from '../../budget.js';
import { direct } from '../direct.js';
import { newRecord } from '../value.js';

const sourceList = (of: string): Ty => T.list({ k: 'source', of });

export const sources: FunctionDef = {
  name: 'sources',
  doc: "Units a list of items yields for paying: each item's fixed counts, and one unit of any of its either/or kinds: sources(city[$p], it.produces, it.either). Optionally how many times each item yields them.",
  params: [{ name: 'list', shows: 'a list' }, { name: 'fixed', shows: 'counts about it' }, { name: 'either', shows: 'kinds about it' }, { name: 'copies', shows: 'a number about it (default 1)', optional: true }],
  returns: 'a list of sources',
  compile({ args, sc, c }) {
    const { l, b: fixed } = c.lambda(args[0]!, args[1]!, sc);
    if (fixed.t.k !== 'counts') throw new ExprError(`sources() needs counts about each item second (what it yields for sure), but this is ${showType(fixed.t)}`, args[1]!.at);
    const en = c.env.enums.get(fixed.t.of)!;
    const of = l.t.k === 'list' ? l.t.of : T.any;
    const either = c.value(args[2]!, { ...sc, it: of });
    if (!(either.t.k === 'list' && (either.t.of.k === 'str' || either.t.of.k === 'any'))) throw new ExprError(`sources() needs a list of ${en.id} values about each item third (one unit of any of them), but this is ${showType(either.t)}`, args[2]!.at);
    const copies = args[3] ? c.value(args[3], { ...sc, it: of }) : null;
    if (copies) c.need(copies, T.num, args[3]!);
    const lf = l.fn, ff0 = fixed.fn, ef = either.fn, cf = copies?.fn as Fn<number> | undefined; // a number, checked
    const kindIndex = en.index;
    let ff: Fn | null = null; // the counts' emitted code itself, from the first call (direct, emit.ts)
    return {
      fn: (x) => {
        ff ??= direct(ff0);
        const xs = lf(x); if ((budget.work += xs.length) > budget.limit) overBudget(); const save = x.it; const out: UnitSource[] = [];
        for (let i = 0; i < xs.length; i++) {
          x.it = xs[i];
          const times = cf ? cf(x) : 1;
          if (!(times >= 0)) throw new RuleError(`sources(): copies must be at least 0, not ${times}`);
          if (times === 0) continue;
          const f = ff(x) as number[];
          for (let k = 0; k < f.length; k++) if (f[k]! > 0) out.push({ kinds: oneKind(k), copies: f[k]! * times });
          const e = ef(x) as string[];
          if (e.length) {
            const kinds: number[] = [];
            for (const v of e) { const k = kindIndex.get(v); if (k === undefined) throw new RuleError(`sources(): '${v}' is not a value of ${en.id}`); if (!kinds.includes(k)) kinds.push(k); }
            out.push({ kinds, copies: times });
          }
        }
        x.it = save;
        return out;
      },
      t: sourceList(en.id),
    };
  },
};

/** The list of kind k alone, one per kind, shared by every source of that one kind (values never change: no
 *  list need be made for each). */
function oneKind(k: number): readonly number[] {
  while (oneKinds.length <= k) oneKinds.push(Object.freeze([oneKinds.length]));
  return oneKinds[k]!;
}
const oneKinds: (readonly number[])[] = [];

/** The four arguments every payment function takes, compiled and checked: one problem per evaluation. */
function problemOf(args: Node[], sc: Scope, c: FnCompiler): { fn: Fn<PaymentProblem>; of: string } {
  const need = c.value(args[0]!, sc);
  if (need.t.k !== 'counts') throw new ExprError(`the cost is counts (units of each kind needed), but this is ${showType(need.t)}`, args[0]!.at);
  const of = need.t.of;
  const own = c.value(args[1]!, sc);
  if (!(own.t.k === 'list' && own.t.of.k === 'source' && own.t.of.of === of)) throw new ExprError(`the payer's own units are sources of ${of} (see sources()), but this is ${showType(own.t)}`, args[1]!.at);
  const sellers = c.value(args[2]!, sc);
  const st = sellers.t;
  const okSellers = st.k === 'list' && (st.of.k === 'any' || (st.of.k === 'rec' && hasField(st.of, 'sources') && hasField(st.of, 'price')
    && st.of.f.sources!.k === 'list' && (st.of.f.sources as { of: Ty }).of.k === 'source' && st.of.f.price!.k === 'counts'));
  if (!okSellers) throw new ExprError(`the sellers are a list of records { sources: <sources>, price: <counts of ${of}> }, but this is ${showType(st)}`, args[2]!.at);
  const budget = args[3] ? c.value(args[3], sc) : null;
  if (budget) c.need(budget, T.num, args[3]!);
  // counts, sources and a number by their types, checked above
  const nf0 = need.fn as Fn<readonly number[]>, of0 = own.fn as Fn<readonly UnitSource[]>, sf0 = sellers.fn, bf0 = budget?.fn as Fn<number> | undefined;
  // the arguments' emitted code itself, from the first call (direct.ts)
  let nf: Fn<readonly number[]> | null = null, of2: Fn<readonly UnitSource[]> | null = null, sf: Fn | null = null, bf: Fn<number> | undefined;
  // one problem object for this use of the function, refilled at each call: the solver keeps nothing of it and calls nothing back, and every
  // argument is worked out before it is filled (a call nested in an argument has filled and used it by then).
  // Values of the rules never change once made: the solver may reuse what it worked out from the same lists.
  const prob: { -readonly [K in keyof PaymentProblem]: PaymentProblem[K] } = { need: [], own: [], suppliers: [], budget: Infinity, charge: chargeWork, fixed: true };
  return {
    fn: (x: Ctx): PaymentProblem => {
      if (sf === null) { nf = direct(nf0); of2 = direct(of0); sf = direct(sf0); bf = bf0 && direct(bf0); }
      const ss = sf(x) as unknown as readonly Supplier[]; // sellers by their type (a list of any: validation names what is wrong)
      // the sellers as they are when no price is below 0 (the usual case), else with such prices raised to 0
      const suppliers = ss === lastClamped || clamped(ss) ? ss : ss.map((r) => ({ sources: r.sources, price: r.price.map((p) => Math.max(0, p)) }));
      const need = nf!(x), own = of2!(x), coins = bf ? Math.max(0, bf(x)) : Infinity;
      prob.need = need;
      prob.own = own;
      prob.suppliers = suppliers;
      prob.budget = coins;
      return prob;
    },
    of,
  };
}

/** Whether every seller's prices are numbers above 0, or +0: what raising them to 0 leaves as they are (a price
 *  that is not a number takes the copying path, where Math.max makes it one, as it always did). */
function clamped(ss: readonly Supplier[]): boolean {
  lastClamped = null;
  for (let i = 0; i < ss.length; i++) {
    const r = ss[i];
    if (typeof r !== 'object' || r === null || !Array.isArray(r.price)) return false;
    const price = r.price;
    for (let k = 0; k < price.length; k++) {
      const p = price[k];
      if (typeof p !== 'number' || !(p > 0 || (p === 0 && 1 / p > 0))) return false;
    }
  }
  lastClamped = ss;
  return true;
}
/** The sellers `clamped` last found so (the rules' values never change: the same list is asked about for every
 *  item a player might pay for). */
let lastClamped: readonly Supplier[] | null = null;

/** The search's combinations count against the step's work limit (and validate's check), like list items:
 *  a cost recomputed for every card of a long list would otherwise run for minutes within the limit. */
function chargeWork(combinations: number): void {
  if ((budget.work += combinations) > budget.limit) overBudget();
}

/** What a payment function throws for what the solver threw: a malformed problem (a price that is not a whole
 *  number, a cost too large to search) is a rule error. */
function thrown(e: unknown): unknown {
  return e instanceof RangeError ? new RuleError(e.message) : e;
}

/** Whether the payer's one-kind sources alone meet the need (then paying costs nothing). */
function ownCovers(p: PaymentProblem): boolean {
  const need = p.need;
  let left = 0;
  for (let k = 0; k < need.length; k++) left += need[k]!;
  if (left === 0) return true;
  const own = p.own;
  // the units of the same list of sources are counted once (the rules' values never change)
  if (own !== gotFrom || need.length !== gotKinds) {
    gotFrom = null;
    if (got.length < need.length) got = new Float64Array(need.length);
    got.fill(0, 0, need.length);
    for (let i = 0; i < own.length; i++) { const s = own[i]!; if (s.kinds.length === 1) { const k = s.kinds[0]!; got[k] = got[k]! + s.copies; } }
    gotFrom = own;
    gotKinds = need.length;
  }
  for (let k = 0; k < need.length; k++) if (got[k]! < need[k]!) return false;
  return true;
}
/** ownCovers' units per kind, reused from call to call (it calls nothing back), and the sources they count */
let got = new Float64Array(8);
let gotFrom: readonly UnitSource[] | null = null;
let gotKinds = -1;

const SELLERS = { name: 'sellers', shows: 'a list of { sources, price }' };

export const payments: FunctionDef = {
  name: 'payments',
  doc: 'Every way to pay a cost that no other way beats (paying each seller at most as much and one less): the cheapest, and a dearer one that pays another seller (the buyer may prefer it). Own units first, the rest bought from the sellers at their prices, within the coins given. Each plan is a record { total, pay, bought }: pay[i] coins to seller i, bought[i] the counts bought there. No plan: it cannot be paid.',
  params: [{ name: 'cost', shows: 'counts' }, { name: 'own', shows: 'sources' }, SELLERS, { name: 'coins', shows: 'a number', optional: true }],
  returns: 'a list of plans',
  compile({ args, sc, c }) {
    const p = problemOf(args, sc, c);
    const pf = p.fn;
    const plan = recType([['total', T.num], ['pay', T.list(T.num)], ['bought', T.list({ k: 'counts', of: p.of })]]);
    // nothing to buy: one plan, paying nothing
    const paysNothing = (n: number) => {
      const z = zeroPlan(n, size);
      const r = newRecord();
      r.total = 0;
      r.pay = z.toSupplier;
      r.bought = z.bought;
      return [r];
    };
    const size = c.env.enums.get(p.of)!.values.length;
    return {
      fn: (x) => {
        try {
          const prob = pf(x);
          // nothing to buy: one plan, paying nothing (the common case needs no search)
          if (ownCovers(prob)) return paysNothing(prob.suppliers.length);
          const plans = paymentPlans(prob);
          const out: Value[] = [];
          for (let i = 0; i < plans.length; i++) {
            const q = plans[i]!;
            const r = newRecord();
            r.total = q.total;
            r.pay = q.toSupplier;
            r.bought = q.bought;
            out.push(r);
          }
          return out;
        } catch (e) { throw thrown(e); }
      },
      t: T.list(plan),
    };
  },
};

export const cheapest: FunctionDef = {
  name: 'cheapest',
  doc: 'The least coins to pay a cost (0 when own units suffice), or -1 when it cannot be paid within the coins given.',
  params: [{ name: 'cost', shows: 'counts' }, { name: 'own', shows: 'sources' }, SELLERS, { name: 'coins', shows: 'a number', optional: true }],
  returns: 'a number',
  compile({ args, sc, c }) {
    const pf = problemOf(args, sc, c).fn;
    return {
      fn: (x) => {
        try {
          const prob = pf(x);
          return ownCovers(prob) ? 0 : cheapestPayment(prob) ?? -1;
        } catch (e) { throw thrown(e); }
      },
      t: T.num,
    };
  },
};
