// A prompt step's decision: its options worked out when it opens (distinct values, none dropped where the kind
// has no "none"), and the chosen values bound to its `as` and written to the log.

import type { Choice, Ctx, Game, LogEntry, OpenPrompt, State, StepDef } from '../model.js';
import type { Value } from '../expr/types.js';
import { sameValue } from '../expr/value.js';
import { seenMask } from '../visibility.js';
import { logLine } from '../budget.js';
import { emptyList } from '../list-room.js';

/** Compute the options of a prompt step; null when there is nothing to choose from. */
export function openPrompt(c: Ctx, step: StepDef & { kind: 'prompt' }): OpenPrompt | null {
  const pr = step.prompt;
  const g = c.g;
  const player = pr.player(c);
  // distinct options (a choice cannot name the same thing twice); counts are whole numbers. Nothing changes
  // while they are worked out, so a quantity read many times is computed once (a game without quantities
  // needs no table for that; one table serves every prompt, emptied after use).
  let listed: Value[];
  if (g.quantities.length === 0) listed = pr.from(c);
  else {
    c.memo = promptMemo;
    // emptied only when something was put there: clearing a Map is a call into the runtime that makes its
    // table afresh, and while bots' caches are on (memo.ts) quantities are kept there instead
    try { listed = pr.from(c); } finally { c.memo = undefined; if (promptMemo.size !== 0) promptMemo.clear(); }
  }
  // -1 is "nobody" / "no card" in a kind whose items are numbered: never an option
  // (a kind with numbered items has whole numbers as options, checked at load: no record among them to look for)
  const numbered = pr.kind.none === -1;
  // a decision a playout is done with lends its object and, where the options are a copy, its option list
  const spare = spares.length ? spares[spares.length - 1]! : null;
  const options = numbered ? distinctNumbers(pr.freshFrom ? listed : copyInto(listed, spare))
    : pr.freshFrom ? distinctInPlace(listed) : distinct(listed, spare);
  let min = Math.max(0, Math.floor(pr.min(c)));
  let max = Math.max(min, Math.floor(pr.max(c)));
  if (max > options.length) max = options.length;
  if (min > max) min = max;
  if (max === 0 || player < 0) return null;
  if (!spare) return { key: step.key, player, options, min, max };
  spares.pop();
  spare.key = step.key;
  spare.player = player;
  spare.options = options;
  spare.min = min;
  spare.max = max;
  return spare;
}

/** The table of quantities read while a prompt's options are worked out (prompts do not open while another's
 *  options are worked out). */
const promptMemo = new Map<unknown, unknown>();

/** Decisions answered and done with (`spareDecision`), for the next ones to open in (module state: the flow runs
 *  synchronously). */
const spares: OpenPrompt[] = [];
const MAX_SPARES = 16;

/** A decision nothing holds any more (answered, its state moved on, no copy or bot keeping it): the next decision
 *  opened takes its object, and its option list where the options are copied. Only a caller that knows every
 *  holder of `p` calls this (a batch playout of bots that keep nothing); the choice that answered it must not be
 *  its option list. */
export function spareDecision(p: OpenPrompt): void {
  if (spares.length < MAX_SPARES) spares.push(p);
}

/** The list copied into the spare decision's option list (emptied first), or into a new list. */
function copyInto(xs: readonly Value[], spare: OpenPrompt | null): Value[] {
  if (!spare) return xs.slice();
  const out = spare.options;
  emptyList(out);
  for (let i = 0; i < xs.length; i++) out.push(xs[i]);
  return out;
}

/** A copy without repeats; records compare by value. The copy is made in the spare decision's option list where
 *  there is one. */
function distinct(xs: readonly Value[], spare: OpenPrompt | null): Value[] {
  return distinctInPlace(copyInto(xs, spare));
}

/** Each kept item's hash (`hashOf`), by position in the list being worked on; and, for a long list, a table of
 *  positions by hash (open addressing, 0 = empty, else position + 1). Reused from call to call: nothing here
 *  calls back into the rules. */
let hashes = new Int32Array(64);
let table = new Int32Array(256);
/** Past this many items a list is looked through by its table rather than item by item. */
const SHORT = 32;

/** `distinct` of a list nobody else holds (made by this evaluation, or a copy): repeats are taken out of the list
 *  itself, the first of equal items kept. An item is compared only with kept items of the same hash (equal values
 *  have equal hashes), so records and lists are seldom compared field by field, and nothing is allocated. */
function distinctInPlace(xs: Value[]): Value[] {
  const n = xs.length;
  if (hashes.length < n) hashes = new Int32Array(Math.max(n, 2 * hashes.length));
  const h = hashes;
  let mask = 0;
  if (n > SHORT) {
    let size = table.length;
    while (size < 2 * n) size *= 2;
    if (size > table.length) table = new Int32Array(size);
    else table.fill(0, 0, size);
    mask = size - 1;
  }
  let w = 0;
  for (let r = 0; r < n; r++) {
    const x = xs[r];
    const hx = hashOf(x);
    let seen = false;
    if (mask === 0) {
      for (let j = 0; j < w; j++) if (h[j] === hx && equal(xs[j], x)) { seen = true; break; }
    } else {
      let at = hx & mask;
      for (let e = table[at]!; e !== 0; at = (at + 1) & mask, e = table[at]!) {
        if (h[e - 1] === hx && equal(xs[e - 1], x)) { seen = true; break; }
      }
      if (!seen) table[at] = w + 1;
    }
    if (!seen) { h[w] = hx; xs[w++] = x; }
  }
  // shortened item by item, and only when something was dropped: setting `length` is a call into the runtime
  // even when it changes nothing, and most option lists have no repeats
  for (let k = n; k > w; k--) xs.pop();
  return xs;
}

/** Options' equality: records and lists by value, anything else by identity (so NaN is never a repeat). */
function equal(a: Value, b: Value): boolean {
  return a === b || (typeof b === 'object' && b !== null && sameValue(a, b));
}

/** Numbers without repeats and without -1 ("nobody", "no card"), taken out of the list itself (a list nobody else
 *  holds). */
function distinctNumbers(xs: Value[]): Value[] {
  let w = 0;
  for (let r = 0; r < xs.length; r++) {
    const x = xs[r];
    if (x === -1) continue;
    let seen = false;
    for (let j = 0; j < w; j++) if (xs[j] === x) { seen = true; break; }
    if (!seen) xs[w++] = x;
  }
  for (let n = xs.length; n > w; n--) xs.pop();
  return xs;
}

/** A 32-bit hash equal for values equal field by field (`sameValue`): a record's fields hashed one level deep
 *  and summed (the same in any order of the fields), so records that differ in a number (a card) or in a text's
 *  length hash apart; a list by its length and first item. */
function hashOf(v: Value): number {
  if (v === null || typeof v !== 'object') return hashPlain(v);
  if (Array.isArray(v)) return Math.imul(v.length, LIST) + (v.length ? hashPlain(v[0]) : 0) | 0;
  const o = v as Record<string, Value>;
  let sum = RECORD;
  for (const k in o) sum = sum + hashPlain(o[k]) | 0;
  return sum;
}

const LIST = 0x2545f491;
const RECORD = 0x1b873593;
const TEXT = 0x9e3779b1 | 0;

/** One level of `hashOf`: a number as its whole part, a text by its length, a list by its length, a record alike. */
function hashPlain(v: unknown): number {
  if (typeof v === 'number') return v | 0;
  if (typeof v === 'string') return Math.imul(v.length + 1, TEXT);
  if (typeof v === 'boolean') return v ? 0x3c6ef372 : 0x5bd1e995;
  if (v === null || v === undefined) return 0;
  if (Array.isArray(v)) return Math.imul(v.length, LIST) | 0;
  return RECORD;
}

/** The empty choice: a decision skipped, or one whose only legal choice is to take nothing. */
export const NONE: Choice = [];

/** The log line of a choice, written once the choice is bound (a `log` text of the prompt reads its `as`). */
export function logChoice(c: Ctx, p: OpenPrompt, choice: Choice, secret: boolean): void {
  const { s, g } = c;
  if (!s.log) return;
  const def = g.promptSteps[p.key]!;
  const tpl = def.prompt.log;
  const cards = def.prompt.kind.cards;
  // the choice itself is always recorded (who chose what, and who may know each card); the prompt's `log`
  // only decides how it reads: its own words, or nothing
  logLine();
  s.log.push({
    kind: 'choice',
    player: p.player,
    step: def.path,
    holes: [{ t: 'value', v: choice.slice() }],
    seen: cards ? choice.map((e) => seenMask(s, g, e as number)) : undefined, // a card kind's options are cards
    secret,
    labels: tpl === undefined ? labelsOf(s, g, p, choice) ?? undefined : undefined,
    ...(tpl === false ? { silent: true } : tpl ? { say: tpl(c) } : {}),
  });
}

/** The chosen values as the prompt's `label` texts (null when it has none and the values are plain). */
export function labelsOf(s: State, g: Game, p: OpenPrompt, values: readonly Value[]): LogEntry[] | null {
  const def = g.promptSteps[p.key]!;
  const label = def.prompt.label;
  if (!label) return null;
  const b = s.simultaneous ? s.simultaneous.threads.find((t) => t.player === p.player)?.bindings ?? s.bindings : s.bindings;
  const c: Ctx = { s, g, bindings: b.slice(), it: undefined };
  c.bindings[0] = p.player;
  return values.map((v) => { c.it = v; return label(c); });
}

/** A decision skipped for lack of options binds nothing (none, or an empty list). */
export function clearBinding(c: Ctx, def: StepDef & { kind: 'prompt' }): void {
  bindChoice(c, def, NONE);
}

export function bindChoice(c: Ctx, def: StepDef & { kind: 'prompt' }, choice: Choice): void {
  const pr = def.prompt;
  if (pr.slot >= 0) c.bindings[pr.slot] = pr.single ? (choice.length ? choice[0] : pr.kind.none) : choice.slice();
}
