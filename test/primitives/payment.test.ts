// The payment solver (engine/primitives/payment.ts) on the cases a 7 Wonders player knows — a card paid
// from one's own city, buying from the neighbours at 2 or at 1 coin, either/or cards, unlimited resources,
// the coins one has — and, as a property, against an exhaustive reference on thousands of random problems.
// Game words live here only: the engine knows kinds, sources and suppliers.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cheapestPayment, paymentPlans, type PaymentPlan, type PaymentProblem, type Supplier, type UnitSource,
} from '../../engine/primitives/payment.js';
import { canProvide, referencePlans } from './payment-reference.js';

const WOOD = 0, STONE = 1, CLAY = 2, ORE = 3, GLASS = 4, PAPYRUS = 5, LOOM = 6;
const KINDS = 7;

/** A cost, e.g. cost({ [STONE]: 2, [ORE]: 1 }). */
function cost(units: Partial<Record<number, number>> = {}): number[] {
  return Array.from({ length: KINDS }, (_, k) => units[k] ?? 0);
}
/** A card producing one unit of one kind (a fixed producer), `copies` of them. */
const card = (kind: number, copies = 1): UnitSource => ({ kinds: [kind], copies });
/** An either/or card: one unit of any one of its kinds per turn. */
const either = (...kinds: number[]): UnitSource => ({ kinds, copies: 1 });
/** A neighbour selling its sellable cards; 2 coins a unit unless a trading card lowers a kind to 1. */
function neighbour(sources: UnitSource[], atOne: number[] = []): Supplier {
  return { sources, price: Array.from({ length: KINDS }, (_, k) => (atOne.includes(k) ? 1 : 2)) };
}
const NOBODY: Supplier = neighbour([]);
const RAW = [WOOD, STONE, CLAY, ORE];

/** Deep-frozen, so a solver writing into its input would throw. */
function frozen<T>(v: T): T {
  if (typeof v === 'object' && v !== null) {
    for (const x of Object.values(v)) frozen(x);
    Object.freeze(v);
  }
  return v;
}
function problem(p: PaymentProblem): PaymentProblem {
  return frozen(p);
}
const payments = (plans: PaymentPlan[]) => plans.map((p) => p.toSupplier);

/** A plan's `bought` is a real witness: within each supplier's sources, priced exactly as toSupplier,
 *  and with the payer's own units it covers the need. Returns what is wrong, or null. */
function witnessProblem(p: PaymentProblem, plan: PaymentPlan): string | null {
  if (plan.bought.length !== p.suppliers.length || plan.toSupplier.length !== p.suppliers.length) return 'one entry per supplier expected';
  let total = 0;
  const missing = p.need.slice();
  for (let s = 0; s < p.suppliers.length; s++) {
    const sup = p.suppliers[s]!;
    const b = plan.bought[s]!;
    if (b.length !== p.need.length || b.some((n) => !Number.isInteger(n) || n < 0)) return `bought[${s}] is not a count per kind`;
    if (!canProvide(b, sup.sources)) return `supplier ${s} cannot sell ${b}`;
    const coins = b.reduce((a, n, k) => a + n * sup.price[k]!, 0);
    if (coins !== plan.toSupplier[s]) return `supplier ${s}: ${b} costs ${coins}, plan says ${plan.toSupplier[s]}`;
    total += coins;
    b.forEach((n, k) => { missing[k] = Math.max(0, missing[k]! - n); });
  }
  if (total !== plan.total) return `total ${plan.total} is not the sum ${total}`;
  if (!canProvide(missing, p.own)) return `own units cannot cover the rest ${missing}`;
  return null;
}

function expectWitnesses(p: PaymentProblem, plans: PaymentPlan[]): void {
  for (const plan of plans) expect(witnessProblem(p, plan), JSON.stringify(plan)).toBeNull();
}

describe('paying a card cost (7 Wonders examples)', () => {
  it('a card paid by the city’s own fixed production costs nothing, and nothing is bought', () => {
    const p = problem({
      need: cost({ [STONE]: 2, [ORE]: 1 }),
      own: [card(STONE), card(STONE), card(ORE)],
      suppliers: [neighbour([card(STONE, 2)]), neighbour([card(ORE)])],
    });
    expect(paymentPlans(p)).toEqual([{ toSupplier: [0, 0], total: 0, bought: [cost(), cost()] }]);
    expect(cheapestPayment(p)).toBe(0);
  });

  it('an empty cost has one plan: pay nobody', () => {
    const p = problem({ need: cost(), own: [], suppliers: [NOBODY, NOBODY] });
    expect(paymentPlans(p)).toEqual([{ toSupplier: [0, 0], total: 0, bought: [cost(), cost()] }]);
    expect(cheapestPayment(p)).toBe(0);
  });

  it('one missing wood, 2 on the left and 1 on the right: cheaper on the right, yet paying the left is a choice', () => {
    // plans are compared supplier by supplier: 1 coin to the right does not dominate 2 to the left,
    // since the left plan gives the right neighbour nothing (a player may not want to feed the leader)
    const p = problem({
      need: cost({ [WOOD]: 1 }),
      own: [],
      suppliers: [neighbour([card(WOOD)]), neighbour([card(WOOD)], [WOOD])],
    });
    expect(paymentPlans(p)).toEqual([
      { toSupplier: [0, 1], total: 1, bought: [cost(), cost({ [WOOD]: 1 })] },
      { toSupplier: [2, 0], total: 2, bought: [cost({ [WOOD]: 1 }), cost()] },
    ]);
    expect(cheapestPayment(p)).toBe(1);
  });

  it('the same price on both sides: two plans, the player chooses whom to pay', () => {
    const p = problem({ need: cost({ [WOOD]: 1 }), own: [], suppliers: [neighbour([card(WOOD)]), neighbour([card(WOOD)])] });
    expect(payments(paymentPlans(p))).toEqual([[0, 2], [2, 0]]);
  });

  it('a real trade-off: wood is cheap on the left, stone on the right', () => {
    // both neighbours have wood and stone; a trading post makes the left's wood 1, the right's stone 1
    const p = problem({
      need: cost({ [WOOD]: 1, [STONE]: 1 }),
      own: [],
      suppliers: [neighbour([card(WOOD), card(STONE)], [WOOD]), neighbour([card(WOOD), card(STONE)], [STONE])],
    });
    const plans = paymentPlans(p);
    // 1 + 1 is cheapest; paying one side only costs 3; wood right + stone left (2 + 2) is dominated
    expect(payments(plans)).toEqual([[1, 1], [0, 3], [3, 0]]);
    expect(plans[0]!.bought).toEqual([cost({ [WOOD]: 1 }), cost({ [STONE]: 1 })]);
    expect(cheapestPayment(p)).toBe(2);
    expectWitnesses(p, plans);
  });

  it('either/or cards on both sides sell one unit each, whatever their owner uses', () => {
    const p = problem({
      need: cost({ [CLAY]: 1, [ORE]: 1 }),
      own: [],
      suppliers: [neighbour([either(CLAY, ORE)]), neighbour([either(CLAY, ORE)])],
    });
    // one unit from each side: neither card can give both kinds
    expect(payments(paymentPlans(p))).toEqual([[2, 2]]);
    expectWitnesses(p, paymentPlans(p));
    // with the city's own wood/clay card paying the clay, the ore comes from either side
    const q = problem({ ...p, own: [either(WOOD, CLAY)] });
    const plans = paymentPlans(q);
    expect(payments(plans)).toEqual([[0, 2], [2, 0]]);
    expect(plans[0]!.bought).toEqual([cost(), cost({ [ORE]: 1 })]);
  });

  it('a dominated plan is dropped: the city’s either/or card pays the dear kind', () => {
    // the wood/ore card could pay either; buying ore (2) pays the same neighbour more than buying wood (1),
    // so that plan is dominated and only one is offered
    const p = problem({
      need: cost({ [WOOD]: 1, [ORE]: 1 }),
      own: [either(WOOD, ORE)],
      suppliers: [neighbour([card(WOOD), card(ORE)], [WOOD]), NOBODY],
    });
    const plans = paymentPlans(p);
    expect(plans).toEqual([{ toSupplier: [1, 0], total: 1, bought: [cost({ [WOOD]: 1 }), cost()] }]);
  });

  it('a card not for sale serves only its owner: a neighbour’s forum is not among what it sells', () => {
    // the city's forum (glass/loom/papyrus) pays the glass; the papyrus must be bought. The left neighbour
    // also has a forum, but it is not for sale, so only its papyrus card is offered.
    const p = problem({
      need: cost({ [GLASS]: 1, [PAPYRUS]: 1 }),
      own: [either(GLASS, LOOM, PAPYRUS)],
      suppliers: [neighbour([card(PAPYRUS)]), NOBODY],
    });
    expect(paymentPlans(p)).toEqual([{ toSupplier: [2, 0], total: 2, bought: [cost({ [PAPYRUS]: 1 }), cost()] }]);
    const unsold = problem({ ...p, suppliers: [NOBODY, NOBODY] });
    expect(paymentPlans(unsold)).toEqual([]);
    expect(cheapestPayment(unsold)).toBeNull();
  });

  it('a kind nobody produces cannot be paid', () => {
    const p = problem({ need: cost({ [LOOM]: 1 }), own: [card(WOOD)], suppliers: [neighbour([card(STONE)]), neighbour([either(CLAY, ORE)])] });
    expect(paymentPlans(p)).toEqual([]);
    expect(cheapestPayment(p)).toBeNull();
  });

  it('a neighbour’s card sells one unit per turn: two stone need two stone cards', () => {
    const p = problem({ need: cost({ [STONE]: 2 }), own: [], suppliers: [neighbour([card(STONE)]), NOBODY] });
    expect(paymentPlans(p)).toEqual([]);
    const two = problem({ ...p, suppliers: [neighbour([card(STONE), card(STONE)]), NOBODY] });
    expect(payments(paymentPlans(two))).toEqual([[4, 0]]);
  });

  it('the coins in hand: a budget too small leaves no plan, and cuts the dearer plans only', () => {
    const p = problem({
      need: cost({ [STONE]: 2 }),
      own: [],
      suppliers: [neighbour([card(STONE, 2)]), neighbour([card(STONE)], [STONE])],
    });
    expect(payments(paymentPlans(p))).toEqual([[2, 1], [4, 0]]);
    expect(payments(paymentPlans({ ...p, budget: 3 }))).toEqual([[2, 1]]);
    expect(cheapestPayment({ ...p, budget: 3 })).toBe(3);
    expect(paymentPlans({ ...p, budget: 2 })).toEqual([]);
    expect(cheapestPayment({ ...p, budget: 2 })).toBeNull();
    // a budget of 0 still allows what the city pays itself
    expect(cheapestPayment({ need: cost({ [STONE]: 2 }), own: [card(STONE, 2)], suppliers: [], budget: 0 })).toBe(0);
  });

  it('an unlimited resource (Infinity copies): the city’s pays any amount, a neighbour’s sells any amount', () => {
    const own = problem({ need: cost({ [WOOD]: 5, [CLAY]: 1 }), own: [card(WOOD, Infinity), either(CLAY, ORE)], suppliers: [] });
    expect(paymentPlans(own)).toEqual([{ toSupplier: [], total: 0, bought: [] }]);
    expect(cheapestPayment(own)).toBe(0);
    const bought = problem({
      need: cost({ [STONE]: 4, [GLASS]: 1 }),
      own: [],
      suppliers: [neighbour([card(STONE, Infinity), card(GLASS)], [STONE]), neighbour([{ kinds: [STONE, GLASS], copies: Infinity }])],
    });
    const plans = paymentPlans(bought);
    // all from the left (4·1 + 2), or the glass from the right, or more and more stone from the right
    expect(payments(plans)).toEqual([[4, 2], [6, 0], [3, 4], [2, 6], [1, 8], [0, 10]]);
    expect(cheapestPayment(bought)).toBe(6);
    expectWitnesses(bought, plans);
  });

  it('a price of 0 (an expansion’s free trade) still buys only what is missing', () => {
    const p = problem({
      need: cost({ [ORE]: 2 }),
      own: [card(ORE)],
      suppliers: [{ sources: [card(ORE, 3)], price: cost() }, neighbour([card(ORE)])],
    });
    expect(paymentPlans(p)).toEqual([{ toSupplier: [0, 0], total: 0, bought: [cost({ [ORE]: 1 }), cost()] }]);
    expect(cheapestPayment(p)).toBe(0);
  });

  it('no suppliers: the city pays alone or not at all', () => {
    const p = problem({ need: cost({ [CLAY]: 1, [ORE]: 1 }), own: [either(CLAY, ORE), either(ORE, WOOD)], suppliers: [] });
    expect(paymentPlans(p)).toEqual([{ toSupplier: [], total: 0, bought: [] }]);
    const q = problem({ need: cost({ [CLAY]: 2 }), own: [either(CLAY, ORE)], suppliers: [] });
    expect(paymentPlans(q)).toEqual([]);
    expect(cheapestPayment(q)).toBeNull();
  });

  it('three suppliers (an expansion trading across the table)', () => {
    const p = problem({
      need: cost({ [WOOD]: 1, [GLASS]: 1 }),
      own: [],
      suppliers: [neighbour([card(WOOD)], [WOOD]), neighbour([either(WOOD, GLASS)]), { sources: [card(GLASS)], price: cost({ [GLASS]: 3 }) }],
    });
    const plans = paymentPlans(p);
    // wood left at 1 + glass from the middle at 2; wood left + glass from the far one at 3; middle wood + far glass
    expect(payments(plans)).toEqual([[1, 2, 0], [1, 0, 3], [0, 2, 3]]);
    expect(cheapestPayment(p)).toBe(3);
    expectWitnesses(p, plans);
  });

  it('a cost of all seven kinds from own, either/or and both neighbours: the whole trade-off', () => {
    // own: wood, stone, a clay/ore card, glass; the left sells papyrus, loom and ore (raw at 1, a trading
    // post), the right a clay/ore card, loom and papyrus at 2
    const p = problem({
      need: cost({ [WOOD]: 1, [STONE]: 1, [CLAY]: 1, [ORE]: 1, [GLASS]: 1, [PAPYRUS]: 1, [LOOM]: 1 }),
      own: [card(WOOD), card(STONE), either(CLAY, ORE), card(GLASS)],
      suppliers: [neighbour([card(PAPYRUS), card(LOOM), card(ORE)], RAW), neighbour([either(CLAY, ORE), card(LOOM), card(PAPYRUS)])],
    });
    const plans = paymentPlans(p);
    // the own card pays clay and the ore is bought left at 1, papyrus and loom from either side at 2;
    // or the own card pays ore and the clay comes from the right at 2, the rest from the right too.
    // (4,2) and (2,4) are dominated by (3,2) and (1,4).
    expect(payments(plans)).toEqual([[1, 4], [3, 2], [5, 0], [0, 6]]);
    expect(plans.map((x) => x.total)).toEqual([5, 5, 5, 6]);
    expect(plans[2]!.bought).toEqual([cost({ [ORE]: 1, [PAPYRUS]: 1, [LOOM]: 1 }), cost()]);
    expect(cheapestPayment(p)).toBe(5);
    expectWitnesses(p, plans);
    expect(paymentPlans(p, 2)).toEqual(plans.slice(0, 2));
  });

  it('two costs paid together are one summed need', () => {
    const a = cost({ [STONE]: 1 });
    const b = cost({ [STONE]: 1, [CLAY]: 1 });
    const p = problem({ need: a.map((n, k) => n + b[k]!), own: [card(STONE), either(CLAY, STONE)], suppliers: [neighbour([card(STONE)]), NOBODY] });
    expect(payments(paymentPlans(p))).toEqual([[2, 0]]);
  });
});

describe('bad input is refused with a RangeError naming the field', () => {
  const ok: PaymentProblem = { need: cost({ [WOOD]: 1 }), own: [], suppliers: [neighbour([card(WOOD)])] };
  const cases: [string, PaymentProblem, RegExp][] = [
    ['a negative need', { ...ok, need: [-1] }, /need\[0\] must be a whole number >= 0 \(got -1\)/],
    ['a fractional need', { ...ok, need: [1.5] }, /need\[0\]/],
    ['an infinite need', { ...ok, need: [Infinity] }, /need\[0\]/],
    ['a kind out of range', { ...ok, suppliers: [{ sources: [{ kinds: [7], copies: 1 }], price: ok.suppliers[0]!.price }] }, /suppliers\[0\]\.sources\[0\]\.kinds\[0\] must be a kind 0\.\.6 \(got 7\)/],
    ['a source with no kinds', { ...ok, own: [{ kinds: [], copies: 1 }] }, /own\[0\]\.kinds must be a non-empty array/],
    ['NaN copies', { ...ok, own: [{ kinds: [0], copies: NaN }] }, /own\[0\]\.copies must be a whole number >= 0 or Infinity \(got NaN\)/],
    ['negative copies', { ...ok, own: [{ kinds: [0], copies: -1 }] }, /own\[0\]\.copies/],
    ['a negative price', { ...ok, suppliers: [{ sources: [], price: [-1, 0, 0, 0, 0, 0, 0] }] }, /suppliers\[0\]\.price\[0\] must be a whole number >= 0 \(got -1\)/],
    ['an infinite price', { ...ok, suppliers: [{ sources: [], price: [Infinity, 0, 0, 0, 0, 0, 0] }] }, /suppliers\[0\]\.price\[0\]/],
    ['a price list of the wrong length', { ...ok, suppliers: [{ sources: [], price: [2, 2] }] }, /suppliers\[0\]\.price must be an array of 7 prices/],
    ['a negative budget', { ...ok, budget: -1 }, /budget must be a number >= 0/],
    ['a NaN budget', { ...ok, budget: NaN }, /budget/],
    ['suppliers that are not a list', { ...ok, suppliers: null as unknown as Supplier[] }, /suppliers must be an array \(got null\)/],
  ];
  for (const [what, p, message] of cases) {
    it(what, () => {
      expect(() => paymentPlans(p)).toThrow(RangeError);
      expect(() => paymentPlans(p)).toThrow(message);
      expect(() => cheapestPayment(p)).toThrow(message);
    });
  }

  it('a negative or fractional limit', () => {
    expect(() => paymentPlans(ok, -1)).toThrow(/limit must be a whole number >= 0/);
    expect(() => paymentPlans(ok, 1.5)).toThrow(RangeError);
    expect(paymentPlans(ok, 0)).toEqual([]);
  });

  it('a cost too large to search is refused, not run for minutes; one no source can meet is simply impossible', () => {
    const many = Array.from({ length: KINDS }, () => 40);
    const sources = [{ kinds: [0, 1, 2, 3, 4, 5, 6], copies: Infinity }];
    expect(() => cheapestPayment({ need: many, own: [], suppliers: [neighbour(sources)] })).toThrow(/need leaves too much to buy/);
    expect(cheapestPayment({ need: many, own: [], suppliers: [neighbour([card(WOOD, 3)])] })).toBeNull();
    // an unlimited own source makes any amount of its kind free, before any search
    expect(cheapestPayment({ need: cost({ [WOOD]: 1_000_000 }), own: [card(WOOD, Infinity)], suppliers: [] })).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Property: the solver agrees with an exhaustive reference on random small problems.

const sourceArb = (kinds: number): fc.Arbitrary<UnitSource> =>
  fc.record({
    // duplicates allowed: a kind listed twice is still one kind
    kinds: fc.array(fc.integer({ min: 0, max: kinds - 1 }), { minLength: 1, maxLength: kinds }),
    copies: fc.oneof({ weight: 12, arbitrary: fc.constant(1) }, { weight: 5, arbitrary: fc.constant(2) }, { weight: 1, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.constant(Infinity) }),
  });

// mostly 2-4 kinds: with one kind the payer's own sources cover the cost too often to tell much
const problemArb: fc.Arbitrary<PaymentProblem> = fc.oneof({ weight: 1, arbitrary: fc.constant(1) }, { weight: 4, arbitrary: fc.integer({ min: 2, max: 4 }) }).chain((kinds) =>
  fc.record({
    // mostly something to pay: a problem the payer covers alone tells little
    need: fc.array(fc.oneof({ weight: 1, arbitrary: fc.constant(0) }, { weight: 5, arbitrary: fc.integer({ min: 1, max: 3 }) }), { minLength: kinds, maxLength: kinds }),
    own: fc.array(sourceArb(kinds), { maxLength: 4, size: 'small' }),
    suppliers: fc.array(
      fc.record({
        sources: fc.array(sourceArb(kinds), { minLength: 1, maxLength: 3 }),
        // a free kind now and then (most plans then cost nothing, which tells less)
        price: fc.array(fc.oneof({ weight: 1, arbitrary: fc.constant(0) }, { weight: 8, arbitrary: fc.integer({ min: 1, max: 3 }) }), { minLength: kinds, maxLength: kinds }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    budget: fc.option(fc.integer({ min: 0, max: 12 }), { nil: undefined }),
  }),
);

describe('property: the exact Pareto set, against an exhaustive reference', () => {
  it('same plans, same cheapest total, and every plan a real witness (5,000 random problems)', () => {
    fc.assert(
      fc.property(problemArb, (p) => {
        const ref = referencePlans(p);
        const plans = paymentPlans(p);
        expect(plans.map(({ toSupplier, total }) => ({ toSupplier, total }))).toEqual(ref.plans);
        expect(cheapestPayment(p)).toBe(ref.min);
        expectWitnesses(p, plans);
        // a limit returns the first plans in the same order
        expect(paymentPlans(p, 1)).toEqual(plans.slice(0, 1));
      }),
      { seed: 20_250_607, numRuns: 5_000 },
    );
  });
});

// One kind missing once the payer's one-kind sources are counted (most costs): answered without the search, by
// the cheapest suppliers first. Up to five suppliers, prices often equal, either/or sources everywhere.
const oneKindArb: fc.Arbitrary<PaymentProblem> = fc.integer({ min: 1, max: 3 }).chain((kinds) =>
  fc.record({
    missing: fc.integer({ min: 0, max: kinds - 1 }),
    n: fc.integer({ min: 1, max: 4 }),
    own: fc.array(sourceArb(kinds), { maxLength: 4, size: 'small' }),
    suppliers: fc.array(
      fc.record({
        sources: fc.array(sourceArb(kinds), { minLength: 0, maxLength: 3 }),
        price: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: kinds, maxLength: kinds }),
      }),
      { minLength: 0, maxLength: 5 },
    ),
    budget: fc.option(fc.integer({ min: 0, max: 12 }), { nil: undefined }),
  }).map(({ missing, n, own, suppliers, budget }) => {
    // the payer's one-kind sources of the missing kind are counted in its need: n stays missing
    const need = new Array<number>(kinds).fill(0);
    need[missing] = n;
    for (const src of own) if (src.kinds.every((k) => k === src.kinds[0]) && src.kinds[0] === missing) need[missing] += src.copies === Infinity ? 0 : src.copies;
    const ownKept = own.filter((src) => !(src.copies === Infinity && src.kinds.every((k) => k === missing)));
    return { need, own: ownKept, suppliers, ...(budget === undefined ? {} : { budget }) };
  }),
);

describe('property: one kind missing', () => {
  it('the cheapest total is the reference\'s, and the search\'s cheapest plan (3,000 random problems)', () => {
    fc.assert(
      fc.property(oneKindArb, (p) => {
        const min = referencePlans(p).min;
        expect(cheapestPayment(p)).toBe(min);
        expect(paymentPlans(p)[0]?.total ?? null).toBe(min);
      }),
      { seed: 20_261_130, numRuns: 3_000 },
    );
  });
});

describe('fixed lists asked about again', () => {
  it('give every cost the answers the same problem gives with lists of its own (2,000 random problems)', () => {
    // each problem asked as `fixed` with its lists, then with other costs against the same lists (what a caller
    // weighing several items does), against copies asked afresh
    const copy = <T>(v: T): T => structuredClone(v);
    fc.assert(
      fc.property(problemArb, fc.array(fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 4, maxLength: 4 }), { minLength: 1, maxLength: 4 }), (p, needs) => {
        const fixed = { ...p, fixed: true };
        for (const need of [p.need, ...needs.map((n) => n.slice(0, p.need.length)), p.need]) {
          const asked = { ...fixed, need };
          const fresh = { ...copy(p), need: need.slice() };
          expect(cheapestPayment(asked)).toBe(cheapestPayment(fresh));
          expect(paymentPlans(asked)).toEqual(paymentPlans(fresh));
        }
      }),
      { seed: 20_261_201, numRuns: 2_000 },
    );
  });

  it('are checked again after lists that failed, and only lists promised fixed are reused', () => {
    const own = [card(WOOD)];
    const suppliers = [neighbour([card(STONE)]), NOBODY];
    const need = cost({ [STONE]: 1 });
    expect(cheapestPayment({ need, own, suppliers, fixed: true })).toBe(2);
    // a problem with the same need and lists of its own in between, then malformed lists: refused every time
    const bad = [{ sources: [card(STONE)], price: cost() }, { sources: [{ kinds: [9], copies: 1 }], price: cost() }];
    expect(() => cheapestPayment({ need, own, suppliers: bad, fixed: true })).toThrow(/suppliers\[1\]\.sources\[0\]\.kinds\[0\]/);
    expect(() => cheapestPayment({ need, own, suppliers: bad, fixed: true })).toThrow(RangeError);
    // lists not promised fixed are read afresh: a list changed in place between two calls is seen
    const mine: UnitSource[] = [];
    const open = { need, own: mine, suppliers };
    expect(cheapestPayment(open)).toBe(2);
    mine.push(card(STONE));
    expect(cheapestPayment(open)).toBe(0);
  });
});

describe('the biggest realistic case', () => {
  // the payer with 6 either/or cards, two neighbours with 6 either/or cards and 8 fixed cards each, prices
  // 1 or 2, a cost of all 7 kinds; and the same with a cost of 5 units of 3 kinds
  const pairs = [[WOOD, CLAY], [STONE, ORE], [GLASS, LOOM], [PAPYRUS, WOOD], [CLAY, STONE], [ORE, GLASS]];
  const city = (shift: number): UnitSource[] => [
    ...pairs.map(([a, b]) => either((a! + shift) % KINDS, (b! + shift) % KINDS)),
    ...[WOOD, STONE, CLAY, ORE, GLASS, PAPYRUS, LOOM, WOOD].map((k) => card((k + shift) % KINDS)),
  ];
  const worst = problem({
    need: cost({ [WOOD]: 1, [STONE]: 1, [CLAY]: 1, [ORE]: 1, [GLASS]: 1, [PAPYRUS]: 1, [LOOM]: 1 }),
    own: [either(WOOD, STONE), either(WOOD, STONE), either(CLAY, ORE), either(CLAY, ORE), either(GLASS, PAPYRUS), either(GLASS, PAPYRUS)],
    suppliers: [neighbour(city(1), RAW), neighbour(city(3), [GLASS, PAPYRUS, LOOM])],
  });

  it('seven kinds against 6 + 14 + 14 sources: the reference’s Pareto set, real witnesses', () => {
    const plans = paymentPlans(worst);
    expect(plans.length).toBeGreaterThan(1);
    expect(plans.map(({ toSupplier, total }) => ({ toSupplier, total }))).toEqual(referencePlans(worst).plans);
    expect(cheapestPayment(worst)).toBe(plans[0]!.total);
    expectWitnesses(worst, plans);
  });

  it('five units of three kinds, and the same problem with a third supplier', () => {
    const five = problem({ ...worst, need: cost({ [WOOD]: 2, [ORE]: 2, [LOOM]: 1 }), own: worst.own.slice(0, 3) });
    const ref = referencePlans(five);
    expect(paymentPlans(five).map(({ toSupplier, total }) => ({ toSupplier, total }))).toEqual(ref.plans);
    expect(cheapestPayment(five)).toBe(ref.min);
    const three = problem({ ...five, suppliers: [...five.suppliers, neighbour(city(5).slice(0, 8), [LOOM])] });
    const plans = paymentPlans(three);
    expect(plans.map(({ toSupplier, total }) => ({ toSupplier, total }))).toEqual(referencePlans(three).plans);
    expectWitnesses(three, plans);
  });

  it('answers do not depend on what was asked before (the solver reuses its scratch space)', () => {
    const small = problem({ need: cost({ [STONE]: 1 }), own: [], suppliers: [neighbour([card(STONE)]), NOBODY] });
    const first = paymentPlans(worst);
    const smallFirst = paymentPlans(small);
    expect(paymentPlans(worst)).toEqual(first);
    expect(paymentPlans(small)).toEqual(smallFirst);
    expect(cheapestPayment(small)).toBe(2);
  });
});

describe('the engine stays generic', () => {
  it('engine/primitives names no game term', () => {
    const dir = fileURLToPath(new URL('../../engine/primitives/', import.meta.url));
    const words = /\b(wood|stone|clay|ore|glass|papyrus|loom|wonder|guild|neighbou?r|city|trading|resource|tower|blueprint|card)s?\b/i;
    for (const f of readdirSync(dir)) {
      const text = readFileSync(join(dir, f), 'utf8');
      const hit = text.split('\n').findIndex((line) => words.test(line));
      expect(hit, `${f}:${hit + 1}: ${text.split('\n')[hit]}`).toBe(-1);
    }
  });
});
