// A definition's call: its arguments stored where its body reads them, and, while bots judge positions, the
// definition cache (engine/memo.ts) around it.

import type { Fn } from '../model.js';
import type { Value } from './types.js';
import type { Compiled, DefInfo } from './env.js';
import type { CacheEntry, DefCache } from './env-core.js';
import { irOf, type Ir } from './ir.js';
import { abandon, argKey, begin, end, endOver, memo, reuse, settingKey, stillValid, track } from '../memo.js';
import { budget, overBudget } from '../budget.js';
import { emitted } from './emit.js';
import { direct } from './direct.js';

/** A definition's call: the arguments evaluated by value and stored where the body reads them. No saving and
 *  restoring: a call site is never re-entered while it runs (definitions cannot recurse, and each use of a
 *  definition is compiled on its own). */
export function plainCall(body: Compiled, argv: Compiled[], store: Value[]): Compiled {
  if (argv.length === 0) return body;
  const bf = body.fn;
  const afs = argv.map((a) => a.fn);
  const t = body.t;
  const ir: Ir = { k: 'call', store, args: argv.map(irOf), body: irOf(body) };
  if (afs.length === 1) { const a0 = afs[0]!; return { fn: (c) => { store[0] = a0(c); return bf(c); }, t, ir }; }
  if (afs.length === 2) {
    const a0 = afs[0]!, a1 = afs[1]!;
    return { fn: (c) => { const v0 = a0(c); store[1] = a1(c); store[0] = v0; return bf(c); }, t, ir };
  }
  if (afs.length === 3) {
    const a0 = afs[0]!, a1 = afs[1]!, a2 = afs[2]!;
    return { fn: (c) => { const v0 = a0(c), v1 = a1(c); store[2] = a2(c); store[0] = v0; store[1] = v1; return bf(c); }, t, ir };
  }
  const n = afs.length;
  const vals: Value[] = new Array(n);
  return {
    fn: (c) => {
      for (let i = 0; i < n; i++) vals[i] = afs[i]!(c);
      for (let i = 0; i < n; i++) store[i] = vals[i];
      return bf(c);
    },
    t,
    ir,
  };
}

/** The most values one definition keeps (by arguments) before its cache starts afresh. */
const MAX_CACHED = 4096;
/** The work (list items walked, budget.ts) a value must cost on average, over a definition's first 1024 values
 *  computed, for its cache to be kept. */
const CHEAP_WORK = 4;
/** The size of a definition's front table (a power of 2). */
const FRONT = 256;

function frontSlot(key: number): number {
  return (key ^ (key >>> 8) ^ (key >>> 16)) & (FRONT - 1);
}

/** Drops every value a definition keeps. */
function forget(m: DefCache): void {
  m.kept = (m.kept ?? 0) + 1;
  m.values.clear();
  m.frontKeys?.fill(undefined);
  m.frontEntries?.fill(undefined);
}

/** A definition's call that, while bots judge positions (`memo.on`), reuses a value computed before for the
 *  same arguments if nothing it read has changed since (engine/memo.ts); otherwise the plain call. `quantities`:
 *  the quantities its body calls, each of which must be cacheable (QuantityDef.cache) for it to be. Its tree
 *  (`cached`, ir.ts) lets emitted code evaluate the arguments itself and write the plain call inline: the
 *  lookup is then entered with the arguments already in `vals`. */
export function cachedCall(d: DefInfo, plain: Compiled, body: Compiled, argv: Compiled[], store: Value[], warns: boolean, quantities: readonly number[] = []): Compiled {
  const pf0 = emitted(plain), bf0 = emitted(body);
  // the emitted code itself, once the first call asks for it (a call less through the function `emitted` gave)
  let pf: Fn | null = null, bf: Fn | null = null;
  const afs = argv.map((a) => a.fn);
  const n = afs.length;
  const vals: Value[] = new Array(n);
  const m: DefCache = (d.memo ??= { values: new Map(), hits: 0, misses: 0, work: 0, off: false, kept: 0 });
  const cache = m.values;
  // a number key's entry is looked up first in a small table indexed by bits of the key (cheaper than the Map)
  const fk = (m.frontKeys ??= new Array<unknown>(FRONT).fill(undefined));
  const fe = (m.frontEntries ??= new Array<CacheEntry | undefined>(FRONT).fill(undefined));
  // 1: cacheable; 0: never (a quantity it calls reads what the cache cannot follow); -1: not asked yet (the
  // quantities are all compiled by the time anything runs)
  let followed = quantities.length === 0 ? 1 : -1;
  /** the call with its arguments in `vals`, while the cache is in use */
  const lookup: Fn = (c) => {
    if (followed !== 1) {
      if (followed === -1) followed = quantities.every((i) => c.g.quantities[i]!.cache !== null) ? 1 : 0;
      if (followed === 0) {
        for (let i = 0; i < n; i++) store[i] = vals[i];
        return (bf ??= direct(bf0))(c);
      }
    }
    // a list argument: computed, its reads are the caller's
    const key = n === 0 ? 0 : argKey(vals, n);
    if (key === undefined) {
      for (let i = 0; i < n; i++) store[i] = vals[i];
      return (bf ??= direct(bf0))(c);
    }
    let slot = -1;
    let hit: CacheEntry | undefined;
    if (typeof key === 'number') {
      slot = frontSlot(key);
      if (fk[slot] === key) hit = fe[slot];
      else { hit = cache.get(key); if (hit !== undefined) { fk[slot] = key; fe[slot] = hit; } }
    } else hit = cache.get(key);
    if (hit !== undefined && stillValid(c.s, hit.deps)) {
      reuse(hit.deps);
      m.hits++;
      memo.hits++;
      // the work the value cost counts again: a reused value runs into the work limit where computing it would
      if ((budget.work += hit.work) > budget.limit) overBudget();
      return hit.v as Value; // what this definition gave
    }
    // checking costs more than it saves when under a quarter of calls are reused, or when a value costs next to
    // nothing to work out (a few list items: looking it up costs as much); the same for the same seeds
    if (++m.misses === 1024 && (m.hits < 1024 / 3 || m.work < 1024 * CHEAP_WORK)) { m.off = true; forget(m); }
    const kept = m.kept;
    for (let i = 0; i < n; i++) store[i] = vals[i];
    begin();
    // every value depends on the game's setting (player count, options), read without tracking
    track(c.s, settingKey(c.s));
    const w0 = budget.work;
    let v: Value;
    try { v = (bf ??= direct(bf0))(c); } catch (e) { abandon(); throw e; }
    const work = budget.work - w0;
    if (m.misses <= 1024) m.work += work;
    // a stale value of the same arguments still kept (not dropped meanwhile): written over, with its list's room
    if (hit !== undefined && m.kept === kept) {
      hit.v = v;
      hit.work = work;
      hit.deps = endOver(hit.deps);
      return v;
    }
    if (cache.size >= MAX_CACHED) forget(m);
    const entry: CacheEntry = { v, deps: end(), work };
    cache.set(key, entry);
    if (slot >= 0) { fk[slot] = key; fe[slot] = entry; }
    return v;
  };
  const whole: Fn = (c) => {
    // a value reused would skip its warnings; a cache proved not worth keeping: the plain call
    if (!memo.on || (warns && c.s.warns) || m.off) return (pf ??= direct(pf0))(c);
    for (let i = 0; i < n; i++) vals[i] = afs[i]!(c);
    return lookup(c);
  };
  const ir: Ir = { k: 'cached', gate: m, warns, vals, f: lookup, whole, store, args: argv.map(irOf), body: irOf(body) };
  return { fn: whole, t: body.t, ir };
}
