// Named quantities and their modifiers: a rule reads a quantity (a trade price, a bonus, whether a card is
// usable) by calling it like a function; its value is its base, changed by the modifiers of every card in
// play that carries one for it. Rules then need not know which cards change them: a card (or one on top
// of a pile) changes a quantity while it is in play, stacking with the others, and stops when it leaves
// play (moved away, covered). Order: the base; then `set`s (combined as the quantity says: first, last,
// min or max); then every `add`; then `atLeast`/`atMost` clamps; then the quantity's own min and max.
// A counts quantity (a price per kind) does all of it value by value.
//
// While bots judge positions (memo.ts), a quantity is cached like a definition: by its arguments, with the
// versions of what it read (the zones its cards lie in, what its modifiers' conditions read), unless a part of
// it reads what the cache cannot follow (QuantityDef.cache is then null).

import type { Ctx, QuantityDef } from './model.js';
import type { Value } from './expr/types.js';
import type { DefCache } from './expr/env-core.js';
import { instances } from './instances.js';
import { abandon, argKey, begin, end, memo, reuse, settingKey, stillValid, track } from './memo.js';
import { budget, overBudget } from './budget.js';

export function quantityValue(c: Ctx, q: QuantityDef, args: readonly Value[]): Value {
  // a quantity no card changes, with a constant base (an expansion's hook point in the base game)
  if (q.mods.length === 0 && q.constBase !== undefined) return q.constBase;
  // with warnings kept, a value reused would skip a modifier's warnings
  if (memo.on && q.cache !== null && !c.s.warns) return cachedValue(c, q, args, q.cache);
  const memo0 = c.memo;
  let key: unknown;
  if (memo0) {
    key = memoKey(q.index, args);
    if (key !== undefined && memo0.has(key)) return memo0.get(key) as Value; // a value this function put there
  }
  const v = compute(c, q, args);
  if (memo0 && key !== undefined) memo0.set(key, v);
  return v;
}

/** The most values one quantity keeps (by arguments) before its cache starts afresh. */
const MAX_CACHED = 4096;

/** A quantity's value reused if nothing it read has changed since it was computed for these arguments (the
 *  definition cache's rule, def-call.ts). */
function cachedValue(c: Ctx, q: QuantityDef, args: readonly Value[], m: DefCache): Value {
  const key = m.off ? undefined : memoKey(q.index, args);
  if (key === undefined) return compute(c, q, args); // its reads are the caller's
  const hit = m.values.get(key);
  if (hit !== undefined && stillValid(c.s, hit.deps)) {
    reuse(hit.deps);
    m.hits++;
    memo.hits++;
    if ((budget.work += hit.work) > budget.limit) overBudget(); // as if computed again
    return hit.v as Value;
  }
  if (++m.misses === 1024 && m.hits < 1024 / 3) { m.off = true; m.values.clear(); }
  begin();
  track(c.s, settingKey(c.s));
  const w0 = budget.work;
  let v: Value;
  try { v = compute(c, q, args); } catch (e) { abandon(); throw e; }
  if (m.values.size >= MAX_CACHED) m.values.clear();
  m.values.set(key, { v, deps: end(), work: budget.work - w0 });
  return v;
}

const keyScratch: unknown[] = [];
/** A key for plain arguments (numbers, texts, yes/no), as the definition cache makes them; undefined when one is
 *  a list or a record. */
function memoKey(i: number, args: readonly Value[]): unknown {
  keyScratch.length = args.length + 1;
  keyScratch[0] = i;
  for (let k = 0; k < args.length; k++) keyScratch[k + 1] = args[k];
  return argKey(keyScratch, args.length + 1);
}

/** The bindings each quantity being computed put aside, one list per depth (a modifier may read another quantity),
 *  kept from call to call. */
const savedByDepth: Value[][] = [];
let depth = 0;

function compute(c: Ctx, q: QuantityDef, args: readonly Value[]): Value {
  const b = c.bindings;
  const slots = q.slots;
  const saved = savedByDepth[depth] ?? (savedByDepth[depth] = []);
  depth++;
  for (let i = 0; i < slots.length; i++) { saved[i] = b[slots[i]!]; b[slots[i]!] = args[i]; }
  saved[slots.length] = b[q.ownerSlot];
  saved[slots.length + 1] = b[q.cardSlot];
  const saveIt = c.it;
  try {
    const counts = q.type === 'counts';
    let v = q.base(c);
    let set: Value = undefined;
    let haveSet = false;
    // numbers and counts in variables of their own (one variable holding either made every comparison generic)
    let add = 0, lo = -Infinity, hi = Infinity;
    let addC: number[] | null = null, loC: number[] | null = null, hiC: number[] | null = null;
    const owner = instances(c.g).owner;
    const mods = q.mods;
    const loc = c.s.loc;
    for (let i = 0; i < mods.length; i++) {
      const m = mods[i]!;
      const es = m.entities;
      const inPlay = m.inPlay, when = m.when;
      for (let k = 0; k < es.length; k++) {
        const e = es[k]!;
        if (inPlay) {
          c.it = e;
          if (!inPlay(c)) continue;
        }
        const at = loc[e]!;
        track(c.s, at); // its owner is the owner of where it lies: a value depends on it staying there
        b[q.ownerSlot] = owner[at];
        b[q.cardSlot] = e;
        if (when && !when(c)) continue;
        const x = m.value(c);
        if (counts) {
          const xs = x as number[];
          switch (m.op) {
            case 'set': set = haveSet ? combineCounts(q.combine, set as number[], xs) : xs; haveSet = true; break;
            case 'add': addC = addC ? zip(addC, xs, (p, r) => p + r) : xs; break;
            case 'atLeast': loC = loC ? zip(loC, xs, Math.max) : xs; break;
            case 'atMost': hiC = hiC ? zip(hiC, xs, Math.min) : xs; break;
          }
          continue;
        }
        switch (m.op) {
          case 'set':
            if (!haveSet) { set = x; haveSet = true; }
            else if (q.combine === 'last') set = x;
            else if (q.combine === 'min') set = (x as number) < (set as number) ? x : set;
            else if (q.combine === 'max') set = (x as number) > (set as number) ? x : set;
            break;
          case 'add': add += x as number; break;
          case 'atLeast': if ((x as number) > lo) lo = x as number; break;
          case 'atMost': if ((x as number) < hi) hi = x as number; break;
        }
      }
    }
    if (haveSet) v = set;
    if (counts) {
      const base = v as number[];
      const out = new Array(base.length);
      for (let i = 0; i < base.length; i++) {
        let n = base[i]! + (addC ? addC[i]! : 0);
        if (loC && n < loC[i]!) n = loC[i]!;
        if (hiC && n > hiC[i]!) n = hiC[i]!;
        if (q.min !== null && n < q.min) n = q.min;
        if (q.max !== null && n > q.max) n = q.max;
        out[i] = n;
      }
      return out;
    }
    if (q.type === 'number') {
      let n = (v as number) + add;
      if (n < lo) n = lo;
      if (n > hi) n = hi;
      if (q.min !== null && n < q.min) n = q.min;
      if (q.max !== null && n > q.max) n = q.max;
      v = n;
    }
    return v;
  } finally {
    for (let i = 0; i < slots.length; i++) b[slots[i]!] = saved[i];
    b[q.ownerSlot] = saved[slots.length];
    b[q.cardSlot] = saved[slots.length + 1];
    // nothing kept alive by the list: the values put aside are dropped
    for (let i = 0; i < slots.length + 2; i++) saved[i] = undefined;
    depth--;
    c.it = saveIt;
  }
}

function zip(a: number[], b: number[], f: (x: number, y: number) => number): number[] {
  const out = new Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = f(a[i]!, b[i]!);
  return out;
}

/** Several sets of counts that apply together, combined value by value. */
function combineCounts(how: QuantityDef['combine'], prev: number[], x: number[]): number[] {
  switch (how) {
    case 'first': return prev;
    case 'last': return x;
    case 'min': return zip(prev, x, Math.min);
    case 'max': return zip(prev, x, Math.max);
  }
}
