// The functions the safe emitter (emit.ts) gives out for a compiled part before its code exists (the code is
// written at the part's first call), and what a hot caller calls in their place: the code itself.

import type { Fn } from '../model.js';

/** Each function the emitter gave out, with what builds its code (once) and gives it. */
const standIns = new WeakMap<Fn, () => Fn>();

/** `stand` calls the code `settle` builds (once) and gives. */
export function standIn(stand: Fn, settle: () => Fn): void {
  standIns.set(stand, settle);
}

/** The function to call in place of `fn`: when `fn` is one the emitter gave out, its code itself (built now if
 *  it was not yet: a caller asks when it is about to call it), so that a hot caller saves a call through it. */
export function direct<T>(fn: Fn<T>): Fn<T> {
  const settle = standIns.get(fn as Fn);
  return settle ? (settle() as Fn<T>) : fn; // the code of the part `fn` stands for: a value of the same type
}
