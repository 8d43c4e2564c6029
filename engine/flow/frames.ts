// The main flow's frames (model.ts `Frame`): a finished step list's frame is kept for the next list that starts,
// with its forEach item list, so that a playout in its steady state makes no frame and no item list.
// Module state, as the thread pool (threads.ts): the flow runs synchronously, and a frame is in one state's stack
// or here, never both (a copy of a state has frames of its own: `cloneState` copies them).

import type { Frame } from '../model.js';
import type { Value } from '../expr/types.js';
import { emptyList } from '../list-room.js';

const pool: Frame[] = [];
const MAX_POOLED = 64;

/** A frame for a list just starting, at its first step (a phase's own list names its phase). */
export function pushFrame(stack: Frame[], list: number, phase?: number): Frame {
  const f = pool.pop();
  if (!f) {
    // every field listed, whether it holds something or not: all frames have one shape (copies too, state.ts)
    const n: Frame = { list, i: 0, items: undefined, phase };
    stack.push(n);
    return n;
  }
  f.list = list;
  f.i = 0;
  if (f.items !== undefined) f.items = undefined;
  if (f.phase !== phase) f.phase = phase;
  stack.push(f);
  return f;
}

/** A forEach's frame: its items are a copy of `from` less the first (bound by the caller before the body runs). */
export function pushItemsFrame(stack: Frame[], list: number, from: readonly Value[]): Frame {
  const f = pool.pop();
  let items: Value[];
  if (f && f.items !== undefined) { items = f.items; emptyList(items); } else items = [];
  for (let k = 1; k < from.length; k++) items.push(from[k]);
  if (!f) {
    const n: Frame = { list, i: 0, items, phase: undefined };
    stack.push(n);
    return n;
  }
  f.list = list;
  f.i = 0;
  f.items = items;
  if (f.phase !== undefined) f.phase = undefined;
  stack.push(f);
  return f;
}

/** A frame no stack holds any more: kept for the next list (its item list emptied, nothing left reachable). */
export function dropFrame(f: Frame): void {
  if (pool.length >= MAX_POOLED) return;
  if (f.items !== undefined) emptyList(f.items);
  pool.push(f);
}

/** Every frame of a stack dropped, the stack left empty. */
export function dropStack(stack: Frame[]): void {
  for (let k = 0; k < stack.length; k++) dropFrame(stack[k]!);
  emptyList(stack);
}
