/**
 * `npm run bench` (third part): the payment solver (engine/primitives/payment.ts), µs per call of
 * cheapestPayment and paymentPlans on a typical cost and on the worst realistic ones (a 7 Wonders city and
 * its two neighbours). Each figure is the median of many timed batches after a warm-up.
 * Targets: typical cheapestPayment well under 5 µs; worst-case paymentPlans under 1 ms.
 *
 *   node dist/bench/payment.js [--batches N]
 */
import { cheapestPayment, paymentPlans, type PaymentProblem, type Supplier, type UnitSource } from '../engine/primitives/payment.js';

const WOOD = 0, STONE = 1, CLAY = 2, ORE = 3, GLASS = 4, PAPYRUS = 5, LOOM = 6;
const KINDS = 7;
const RAW = [WOOD, STONE, CLAY, ORE];
const MANUFACTURED = [GLASS, PAPYRUS, LOOM];

const cost = (units: Partial<Record<number, number>>) => Array.from({ length: KINDS }, (_, k) => units[k] ?? 0);
const card = (kind: number): UnitSource => ({ kinds: [kind], copies: 1 });
const either = (...kinds: number[]): UnitSource => ({ kinds, copies: 1 });
const neighbour = (sources: UnitSource[], atOne: number[] = []): Supplier => ({
  sources,
  price: Array.from({ length: KINDS }, (_, k) => (atOne.includes(k) ? 1 : 2)),
});

/** A mid-game city and neighbours: a cost of 3 units, 2 own sources, 3 and 2 sellable ones. */
const typical: PaymentProblem = {
  need: cost({ [STONE]: 2, [ORE]: 1 }),
  own: [card(STONE), either(WOOD, CLAY)],
  suppliers: [neighbour([card(STONE), card(ORE), either(STONE, ORE)], RAW), neighbour([card(CLAY), card(ORE)])],
};
/** The same city paying a cost its own production covers (the most common question of all). */
const covered: PaymentProblem = { ...typical, need: cost({ [STONE]: 1, [CLAY]: 1 }) };

/** 6 either/or sources; 6 either/or and 8 fixed sellable ones per neighbour; prices 1 or 2. */
const pairs = [[WOOD, CLAY], [STONE, ORE], [GLASS, LOOM], [PAPYRUS, WOOD], [CLAY, STONE], [ORE, GLASS]] as const;
const city = (shift: number): UnitSource[] => [
  ...pairs.map(([a, b]) => either((a + shift) % KINDS, (b + shift) % KINDS)),
  ...[WOOD, STONE, CLAY, ORE, GLASS, PAPYRUS, LOOM, WOOD].map((k) => card((k + shift) % KINDS)),
];
const worstOwn = [either(WOOD, STONE), either(WOOD, STONE), either(CLAY, ORE), either(CLAY, ORE), either(GLASS, PAPYRUS), either(GLASS, PAPYRUS)];
const worstSuppliers = [neighbour(city(1), RAW), neighbour(city(3), MANUFACTURED)];
const sevenKinds: PaymentProblem = { need: cost({ [WOOD]: 1, [STONE]: 1, [CLAY]: 1, [ORE]: 1, [GLASS]: 1, [PAPYRUS]: 1, [LOOM]: 1 }), own: worstOwn, suppliers: worstSuppliers };
const fiveUnits: PaymentProblem = { need: cost({ [WOOD]: 2, [ORE]: 2, [LOOM]: 1 }), own: worstOwn, suppliers: worstSuppliers };
/** Seven kinds again, with nothing of the payer's own: everything is bought, the most plans. */
const sevenBought: PaymentProblem = { ...sevenKinds, own: [] };

let sink = 0;

/** Median µs per call over `batches` batches sized to take about 2 ms each, after a warm-up. */
function time(f: () => number, batches: number): { median: number; min: number; max: number } {
  const warmStart = performance.now();
  let calls = 0;
  while (performance.now() - warmStart < 200) {
    sink += f();
    calls++;
  }
  const perBatch = Math.max(1, Math.round(calls / 100)); // ~2 ms a batch
  const us: number[] = [];
  for (let b = 0; b < batches; b++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < perBatch; i++) sink += f();
    us.push(Number(process.hrtime.bigint() - t0) / 1e3 / perBatch);
  }
  us.sort((a, b) => a - b);
  return { median: us[Math.floor(us.length / 2)]!, min: us[0]!, max: us[us.length - 1]! };
}

function main(): void {
  const i = process.argv.indexOf('--batches');
  const batches = i >= 0 ? Number(process.argv[i + 1]) : 101;
  if (!Number.isInteger(batches) || batches < 1) {
    console.error('--batches expects a positive integer');
    process.exit(2);
  }
  const cases: [string, PaymentProblem][] = [
    ['typical (3 units to buy from)', typical],
    ['typical, own units suffice', covered],
    ['worst: 7 kinds, 6 + 14 + 14 sources', sevenKinds],
    ['worst: 5 units of 3 kinds', fiveUnits],
    ['worst: 7 kinds, all bought', sevenBought],
  ];
  console.log(`payment solver, µs per call (median of ${batches} batches after a 200 ms warm-up; [min, max])`);
  const rows = cases.flatMap(([name, p]) => {
    const plans = paymentPlans(p);
    const cheap = time(() => cheapestPayment(p) ?? -1, batches);
    const all = time(() => paymentPlans(p).length, batches);
    const fmt = (t: { median: number; min: number; max: number }) => `${t.median.toFixed(2)}  [${t.min.toFixed(2)}, ${t.max.toFixed(2)}]`;
    return [[name, String(plans.length), String(cheapestPayment(p)), fmt(cheap), fmt(all)]];
  });
  const header = ['case', 'plans', 'cheapest', 'cheapestPayment µs', 'paymentPlans µs'];
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  const line = (cells: string[]) => cells.map((x, c) => (c === 0 ? x.padEnd(widths[c]!) : x.padStart(widths[c]!))).join('  ');
  console.log(line(header));
  for (const r of rows) console.log(line(r));
  const typicalCheap = time(() => cheapestPayment(typical) ?? -1, batches).median;
  const worstPlans = Math.max(...[sevenKinds, fiveUnits, sevenBought].map((p) => time(() => paymentPlans(p).length, batches).median));
  console.log(`  typical cheapestPayment ${typicalCheap.toFixed(2)} µs, target < 5 µs: ${typicalCheap < 5 ? 'met' : 'MISSED'}`);
  console.log(`  worst paymentPlans ${worstPlans.toFixed(0)} µs, target < 1000 µs: ${worstPlans < 1000 ? 'met' : 'MISSED'}`);
  if (sink === 0.5) console.log(''); // keeps the calls observable
}

main();
