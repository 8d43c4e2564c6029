// Lists without wasted room. `xs.length = 0` gives a list a new, empty store in V8, so the pushes that follow
// allocate it again (about 150 bytes for a list of ten), and a list grown by pushes from empty gets room for 17
// items at its first push. Scratch lists the engine refills on every move or call are emptied item by item, and
// a list whose length is known only at the end (a filter's result) is built in scratch and copied at its size.

import type { Value } from './expr/types.js';

/** Empties `xs` in place, keeping its room for the items pushed next. */
export function emptyList(xs: unknown[]): void {
  for (let n = xs.length; n > 0; n--) xs.pop();
}

/** Scratch lists, one per depth of nesting (a filter inside a filter's condition takes the next one); each keeps
 *  its room. Taken with `takeScratch` and given back with `giveScratch` in a `finally`. Lists of whole numbers
 *  (cards, players) have scratch of their own: a list holding texts or records once is another kind of array to
 *  V8, and its copies would be too. */
const intScratch: Value[][] = [];
const anyScratch: Value[][] = [];
let depth = 0;

export function takeScratch(ints: boolean): Value[] {
  const pool = ints ? intScratch : anyScratch;
  while (pool.length <= depth) pool.push([]);
  const xs = pool[depth]!;
  depth++;
  return xs;
}

/** Gives back the scratch list taken last. */
export function giveScratch(): void {
  depth--;
}

/** The first n items of a scratch list as a list of their own, exactly that long. */
export function exactCopy<T>(xs: readonly T[], n: number): T[] {
  return xs.slice(0, n);
}
