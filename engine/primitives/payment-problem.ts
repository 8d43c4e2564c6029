// A payment problem's shape (a cost, the payer's own sources, the suppliers and their prices) and its
// validation: cheap, and naming the bad field so the ruleset layer can point at it. The search is payment.ts.

/** One source of units: each copy gives one unit of any one of `kinds` (a fixed producer lists one kind).
 *  `copies` may be Infinity (an unlimited producer). */
// (a type, not an interface: a source is also a record value of the expression language, engine/expr/types.ts)
export type UnitSource = {
  readonly kinds: readonly number[];
  readonly copies: number;
};

export interface Supplier {
  readonly sources: readonly UnitSource[];
  /** coins per unit bought from this supplier, per kind (index = kind); whole numbers >= 0 */
  readonly price: readonly number[];
}

export interface PaymentProblem {
  /** units needed per kind (index = kind, 0..kinds-1) */
  readonly need: readonly number[];
  /** the payer's own units: free */
  readonly own: readonly UnitSource[];
  /** parties the payer may buy from (e.g. [left, right]); any number */
  readonly suppliers: readonly Supplier[];
  /** coins the payer may spend on buying (plans costing more are not offered); default Infinity */
  readonly budget?: number;
  /** told how many combinations the search will visit (at most), before it starts: the caller counts them
   *  against its work limit and may stop the search by throwing */
  readonly charge?: (combinations: number) => void;
  /** `own` and `suppliers` (the lists, their sources and prices) never change once made, as values of the rules
   *  do not: asked again about the same lists, the solver reuses their check and their units per kind */
  readonly fixed?: boolean;
}

export interface PaymentPlan {
  /** coins paid to each supplier (same order as problem.suppliers) */
  toSupplier: number[];
  /** sum of toSupplier */
  total: number;
  /** units bought, per supplier, per kind (a witness of the plan: what a person is told they buy) */
  bought: number[][];
}

/** Throws a RangeError naming the bad field (the ruleset layer points at it). */
export function fail(field: string, what: string, got: unknown): never {
  throw new RangeError(`payment problem: ${field} ${what} (got ${describe(got)})`);
}

function describe(v: unknown): string {
  if (typeof v === 'number') return String(v);
  if (Array.isArray(v)) return 'an array';
  if (v === null) return 'null';
  return typeof v === 'string' ? JSON.stringify(v) : typeof v;
}

function isCount(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
}

function sourcesField(supplier: number): string {
  return supplier < 0 ? 'own' : `suppliers[${supplier}].sources`;
}

/** The sources of the payer (supplier -1) or of a supplier, checked. */
function checkSources(list: unknown, supplier: number, kinds: number): void {
  // the field's name is made only for an error (a problem is checked at every call)
  if (!Array.isArray(list)) fail(sourcesField(supplier), 'must be an array', list);
  for (let i = 0; i < list.length; i++) {
    const src: unknown = list[i];
    if (typeof src !== 'object' || src === null) fail(`${sourcesField(supplier)}[${i}]`, 'must be a source { kinds, copies }', src);
    const ks = (src as { kinds?: unknown }).kinds;
    if (!Array.isArray(ks) || ks.length === 0) fail(`${sourcesField(supplier)}[${i}].kinds`, 'must be a non-empty array of kinds', ks);
    for (let j = 0; j < ks.length; j++) {
      const k: unknown = ks[j];
      if (!isCount(k) || k >= kinds) fail(`${sourcesField(supplier)}[${i}].kinds[${j}]`, `must be a kind 0..${kinds - 1}`, k);
    }
    const c = (src as { copies?: unknown }).copies;
    if (!isCount(c) && c !== Infinity) fail(`${sourcesField(supplier)}[${i}].copies`, 'must be a whole number >= 0 or Infinity', c);
  }
}

/** Checks the whole problem; the parties (`own`, `suppliers`) are left out when `partiesChecked` (checked before, as
 *  they are), the rest checked in the same order. */
export function validate(p: PaymentProblem, limit: number, partiesChecked = false): void {
  if (typeof p !== 'object' || p === null) fail('problem', 'must be an object', p);
  const need: unknown = p.need;
  if (!Array.isArray(need)) fail('need', 'must be an array', need);
  for (let k = 0; k < need.length; k++) if (!isCount(need[k])) fail(`need[${k}]`, 'must be a whole number >= 0', need[k]);
  if (!partiesChecked) validateParties(p, need.length);
  const b: unknown = p.budget;
  if (b !== undefined && (typeof b !== 'number' || !(b >= 0))) fail('budget', 'must be a number >= 0 or Infinity', b);
  if (!(limit >= 0) || (limit !== Infinity && !Number.isSafeInteger(limit))) fail('limit', 'must be a whole number >= 0 or Infinity', limit);
}

function validateParties(p: PaymentProblem, kinds: number): void {
  checkSources(p.own, -1, kinds);
  const sup: unknown = p.suppliers;
  if (!Array.isArray(sup)) fail('suppliers', 'must be an array', sup);
  for (let s = 0; s < sup.length; s++) {
    const one: unknown = sup[s];
    if (typeof one !== 'object' || one === null) fail(`suppliers[${s}]`, 'must be a supplier { sources, price }', one);
    checkSources((one as Supplier).sources, s, kinds);
    const price: unknown = (one as Supplier).price;
    if (!Array.isArray(price) || price.length !== kinds) fail(`suppliers[${s}].price`, `must be an array of ${kinds} prices`, price);
    for (let k = 0; k < kinds; k++) if (!isCount(price[k])) fail(`suppliers[${s}].price[${k}]`, 'must be a whole number >= 0', price[k]);
  }
}

/** What the parties give per kind: the units of the payer's one-kind sources (`singles`), and the copies of every
 *  other source that lists the kind (`avail`: the payer's either/or sources and all the suppliers' sources), each
 *  source counted once however often it lists the kind. */
export interface PartyTotals {
  readonly singles: Float64Array;
  readonly avail: Float64Array;
}

/** The lists the totals were last worked out for (a fixed problem's), and the number of kinds then. A caller
 *  weighing many costs against the same lists (every item it might pay for) has them checked and totalled once. */
let lastOwn: readonly UnitSource[] | null = null;
let lastSuppliers: readonly Supplier[] | null = null;
let lastKinds = -1;
const totals = { singles: new Float64Array(8), avail: new Float64Array(8) };

/** Checks the problem (`validate`) and returns its parties' totals per kind (valid until the next call). */
export function checkedTotals(p: PaymentProblem, limit: number): PartyTotals {
  const kinds = Array.isArray(p?.need) ? p.need.length : -1;
  const same = p?.fixed === true && p.own === lastOwn && p.suppliers === lastSuppliers && kinds === lastKinds;
  if (!same) lastOwn = lastSuppliers = null; // forgotten first: a problem that fails its check leaves none
  validate(p, limit, same);
  if (same) return totals;
  if (totals.singles.length < kinds) {
    totals.singles = new Float64Array(Math.max(kinds, 2 * totals.singles.length));
    totals.avail = new Float64Array(totals.singles.length);
  }
  const { singles, avail } = totals;
  singles.fill(0, 0, kinds);
  avail.fill(0, 0, kinds);
  const own = p.own;
  for (let i = 0; i < own.length; i++) {
    const src = own[i]!;
    if (isOneKind(src)) singles[src.kinds[0]!] = singles[src.kinds[0]!]! + src.copies;
    else addCopies(src, avail);
  }
  for (let s = 0; s < p.suppliers.length; s++) {
    const list = p.suppliers[s]!.sources;
    for (let i = 0; i < list.length; i++) addCopies(list[i]!, avail);
  }
  if (p.fixed === true) {
    lastOwn = p.own;
    lastSuppliers = p.suppliers;
    lastKinds = kinds;
  }
  return totals;
}

/** A source of one kind (listed once or more). */
export function isOneKind(src: UnitSource): boolean {
  const k = src.kinds[0];
  for (let j = 1; j < src.kinds.length; j++) if (src.kinds[j] !== k) return false;
  return true;
}

/** Adds a source's copies to every kind it lists, once per kind. */
function addCopies(src: UnitSource, avail: Float64Array): void {
  const ks = src.kinds;
  for (let j = 0; j < ks.length; j++) {
    const k = ks[j]!;
    let again = false;
    for (let i = 0; i < j; i++) if (ks[i] === k) { again = true; break; }
    if (!again) avail[k] = avail[k]! + src.copies;
  }
}
