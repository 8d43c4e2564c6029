// Runtime values of the expression language: equality of compound values, and the empty value of a type.

import type { Env } from './env.js';
import type { Ty, Value, ValueRecord } from './types.js';
import { NO_PLAYER } from '../seats.js';

/** Values equal item by item and field by field (lists, records, counts); others by identity. */
export function sameValue(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  const ra = a as ValueRecord, rb = b as ValueRecord; // neither is a list: records
  // field by field without listing the names (Object.keys made two lists per comparison; a prompt's options
  // are compared pairwise while repeats are taken out)
  let na = 0;
  for (const k in ra) {
    if (!hasOwn.call(ra, k)) continue;
    na++;
    if (!hasOwn.call(rb, k) || !sameValue(ra[k], rb[k])) return false;
  }
  for (const k in rb) if (hasOwn.call(rb, k) && --na < 0) return false;
  return na === 0;
}
const hasOwn = Object.prototype.hasOwnProperty;

/** The empty value of a type: what a field of "no card" reads as. */
export function emptyOf(t: Ty, env: Env): Value {
  switch (t.k) {
    case 'num': return 0;
    case 'bool': return false;
    case 'str': return '';
    case 'list': return EMPTY_LIST;
    case 'counts': return Object.freeze(new Array(env.enums.get(t.of)?.values.length ?? 0).fill(0));
    case 'player': return NO_PLAYER;
    case 'card': return -1; // no card
    default: return null;
  }
}
const EMPTY_LIST: readonly Value[] = Object.freeze([]);

/** A record being built: no prototype, so a field named like one of Object's is a field like any other.
 *  Made as a literal whose prototype is then taken away rather than by Object.create(null): V8 keeps the latter
 *  as a hash table (slow to read, to write and to list the fields of), the former as an object of fixed shape. */
export function newRecord(): Record<string, Value> {
  return Object.setPrototypeOf({}, null) as Record<string, Value>;
}
