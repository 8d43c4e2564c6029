// Pareto sets of the payment search (payment.ts). Each residual holds a list of entries; an entry is the coins paid to the suppliers of the
// stages so far (D = S-1 numbers; the last supplier's coins follow from the residual), its total, the
// units bought so far (ties between equal payments keep the plan buying fewer units, so a free unit the
// payer already has is not bought), and a link to the entry it extends with the vector bought.

export class Entries {
  n = 0;
  total = new Float64Array(64);
  units = new Int32Array(64);
  parent = new Int32Array(64);
  bought = new Int32Array(64); // lattice index of the vector bought at this stage, -1 for the payer's own
  next = new Int32Array(64);
  D = 0;
  pay = new Float64Array(64);
  /** Empties the pool for a search with D suppliers before the last (the pool is reused from call to call). */
  reset(D: number): void {
    this.n = 0;
    this.D = D;
    if (this.pay.length < this.total.length * D) this.pay = new Float64Array(this.total.length * D);
  }
  add(parent: number, bought: number, total: number, units: number): number {
    if (this.n === this.total.length) this.grow(this.n * 2);
    const e = this.n++;
    this.parent[e] = parent;
    this.bought[e] = bought;
    this.total[e] = total;
    this.units[e] = units;
    this.next[e] = -1;
    this.pay.fill(0, e * this.D, (e + 1) * this.D);
    return e;
  }
  private grow(m: number): void {
    const f64 = (a: Float64Array, n: number) => { const b = new Float64Array(n); b.set(a); return b; };
    const i32 = (a: Int32Array) => { const b = new Int32Array(m); b.set(a); return b; };
    this.pay = f64(this.pay, m * Math.max(1, this.D));
    this.total = f64(this.total, m);
    this.units = i32(this.units);
    this.parent = i32(this.parent);
    this.bought = i32(this.bought);
    this.next = i32(this.next);
  }
}

/** Adds the entry extending `from` by buying vector b for c coins at stage s to the list starting at
 *  `first`, unless an entry there pays no more to every supplier; removes the entries it dominates.
 *  Returns the list's new first entry. */
export function insert(E: Entries, first: number, from: number, s: number, c: number, b: number, total: number, units: number): number {
  const D = E.D;
  const pay = E.pay;
  let prev = -1;
  let x = first;
  while (x !== -1) {
    // compare the candidate with x over the suppliers paid so far (later ones are 0 in both)
    let candLe = true;
    let xLe = true;
    for (let d = 0; d <= s; d++) {
      const v = d === s ? pay[from * D + d]! + c : pay[from * D + d]!;
      const w = pay[x * D + d]!;
      if (v > w) candLe = false;
      else if (w > v) xLe = false;
    }
    const nx = E.next[x]!;
    if (xLe) {
      if (candLe && units < E.units[x]!) {
        // the same payments, fewer units bought: the better witness takes x's place
        E.parent[x] = from;
        E.bought[x] = b;
        E.units[x] = units;
      }
      return first;
    }
    if (candLe) {
      if (prev === -1) first = nx;
      else E.next[prev] = nx;
    } else prev = x;
    x = nx;
  }
  const e = E.add(from, b, total, units);
  for (let d = 0; d < D; d++) E.pay[e * D + d] = d < s ? E.pay[from * D + d]! : d === s ? E.pay[from * D + d]! + c : 0;
  if (prev === -1) return e;
  E.next[prev] = e;
  return first;
}

export function lex(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}
