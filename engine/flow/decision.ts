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
  // needs no table for that).
  let listed: Value[];
  if (g.quantities.length === 0) listed = pr.from(c);
  else {
    c.memo = new Map();
    try { listed = pr.from(c); } finally { c.memo = undefined; }
  }
  // -1 is "nobody" / "no card" in a kind whose items are numbered: never an option
  // (a kind with numbered items has whole numbers as options, checked at load: no record among them to look for)
  const numbered = pr.kind.none === -1;
  // a decision a playout is done with lends its object and, where the options are a copy, its option list
  const spare = spares.length ? spares[spares.length - 1]! : null;
  const options = numbered ? distinctNumbers(pr.freshFrom ? listed : copyInto(listed, spare))
    : pr.freshFrom ? distinctInPlace(listed, false) : distinct(listed, false);
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

/** A copy without repeats (and without -1, "nobody"/"no card", when `dropNone`); records compare by value. */
function distinct(xs: readonly Value[], dropNone: boolean): Value[] {
  // plain values: a copy of the list's size, its repeats taken out in place (no list grown from empty)
  let plain = true;
  for (let i = 0; i < xs.length; i++) if (xs[i] !== null && typeof xs[i] === 'object') { plain = false; break; }
  if (plain) return distinctInPlace(xs.slice(), dropNone);
  const out: Value[] = [];
  let buckets: Map<unknown, Value[]> | null = null;
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i];
    if (dropNone && x === -1) continue;
    if (x !== null && typeof x === 'object') {
      // records and lists: compared field by field, but only with those sharing a cheap key (n options cost
      // about n, not n²)
      buckets ??= new Map();
      const k = roughKey(x);
      const b = buckets.get(k);
      if (b) {
        if (b.some((y) => sameValue(y, x))) continue;
        b.push(x);
      } else buckets.set(k, [x]);
      out.push(x);
      continue;
    }
    let seen = false;
    for (let j = 0; j < out.length; j++) if (out[j] === x) { seen = true; break; }
    if (!seen) out.push(x);
  }
  return out;
}

/** `distinct` of a list nobody else holds (made by this evaluation): repeats are taken out of the list itself.
 *  Records and lists among the items go the copying way. */
function distinctInPlace(xs: Value[], dropNone: boolean): Value[] {
  for (let i = 0; i < xs.length; i++) if (xs[i] !== null && typeof xs[i] === 'object') return distinct(xs, dropNone);
  let w = 0;
  for (let r = 0; r < xs.length; r++) {
    const x = xs[r];
    if (dropNone && x === -1) continue;
    let seen = false;
    for (let j = 0; j < w; j++) if (xs[j] === x) { seen = true; break; }
    if (!seen) xs[w++] = x;
  }
  // shortened item by item, and only when something was dropped: setting `length` is a call into the runtime
  // even when it changes nothing, and most option lists have no repeats
  for (let n = xs.length; n > w; n--) xs.pop();
  return xs;
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

/** A key equal for values that are equal field by field: a list's length and first item; a record's number
 *  fields summed (as 32-bit integers, wrapping: the same in any order of the fields), which sets apart records
 *  that differ only in a number (a card), or, without number fields, its first primitive field (by name). */
function roughKey(v: object): unknown {
  if (Array.isArray(v)) return v.length ? `[${v.length}:${typeof v[0] === 'object' ? '' : String(v[0])}` : '[]';
  const o = v as Record<string, unknown>;
  let best: string | null = null;
  let sum = 0, numbers = false;
  for (const k in o) {
    const x = o[k];
    if (typeof x === 'number') { sum = (sum + (x | 0)) | 0; numbers = true; }
    else if ((x === null || typeof x !== 'object') && (best === null || k < best)) best = k;
  }
  if (numbers) return sum;
  return best === null ? '{}' : `${best}=${String(o[best])}`;
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
