// Named quantities and their modifiers: a rule reads a quantity (a trade price, a bonus, whether a card is
// usable) by calling it like a function; its value is its base, changed by the modifiers of every card in
// play that carries one for it. Rules then need not know which cards change them: a card (or one on top
// of a pile) changes a quantity while it is in play, stacking with the others, and stops when it leaves
// play (moved away, covered). Order: the base; then `set`s (combined as the quantity says: first, last,
// min or max); then every `add`; then `atLeast`/`atMost` clamps; then the quantity's own min and max.

import type { Ctx, QuantityDef } from './model.js';
import { instances } from './instances.js';

export function quantityValue(c: Ctx, q: QuantityDef, args: readonly unknown[]): unknown {
  const b = c.b;
  const slots = q.slots;
  const saved = new Array(slots.length + 2);
  for (let i = 0; i < slots.length; i++) { saved[i] = b[slots[i]!]; b[slots[i]!] = args[i]; }
  saved[slots.length] = b[q.ownerSlot];
  saved[slots.length + 1] = b[q.cardSlot];
  const saveIt = c.it;
  try {
    let v = q.base(c);
    let set: unknown = undefined;
    let haveSet = false;
    let add = 0;
    let lo = -Infinity, hi = Infinity;
    const owner = instances(c.g).owner;
    for (const m of q.mods) {
      const es = m.entities;
      for (let k = 0; k < es.length; k++) {
        const e = es[k]!;
        if (m.inPlay) {
          c.it = e;
          if (!m.inPlay(c)) continue;
        }
        b[q.ownerSlot] = owner[c.s.loc[e]!];
        b[q.cardSlot] = e;
        if (m.when && !m.when(c)) continue;
        const x = m.value(c);
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
    c.it = saveIt;
  }
}
