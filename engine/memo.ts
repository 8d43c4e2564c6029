// The definition cache. A definition's value depends only on its arguments and on what its body reads of
// the state (zone contents, variables, roles: it sees no bindings of its caller and draws no randomness), so
// the value can be reused while none of those reads has changed. Every part of the state that expressions
// read has a version (State.ver), set from one process-wide clock on every change: two states, copies of each
// other or not, with the same version of a part hold the same content there. While a definition runs, the
// parts it reads are recorded with their versions; the next call with the same arguments reuses the value if
// every recorded part still has the same version in the state at hand. So a bot judging forty candidate
// moves on forty copies computes a rival's standing once, not forty times.
//
// Used where bots judge positions (`withCache`), and for whole batch playouts (sim/playout.ts); a Match's flow
// evaluates everything afresh.

import type { CacheEntry } from './expr/env-core.js';
import type { State } from './model.js';

let clock = 0;
/** A version never given out before (a double: no wrap-around in any run). */
export function nextVersion(): number {
  return ++clock;
}

/** The version keys (State.ver) of a variable, of the roles, and of the game's setting (the player count
 *  and the options: never changed, but a new game gets a new version, so values never pass between games). */
export function varKey(s: State, i: number): number {
  return s.zones.length + i;
}
export function rolesKey(s: State): number {
  return s.ver.length - 2;
}
export function settingKey(s: State): number {
  return s.ver.length - 1;
}

/** A part of the state changed (a variable, the roles, a card shown in a zone): its version moves on. */
export function changed(s: State, key: number): void {
  s.ver[key] = nextVersion();
}

/** Whether definitions are cached now (inside `withCache`); `enabled: false` turns the cache off everywhere
 *  (the tests compare whole games with and without it). */
export const memo = { on: false, enabled: true, hits: 0 };

/** Runs `f` with definitions cached. */
export function withCache<T>(f: () => T): T {
  if (memo.on || !memo.enabled) return f();
  memo.on = true;
  try { return f(); } finally { memo.on = false; if (depth !== 0) { depth = 1; pop(); } }
}

// Recording frames, one per definition being computed: flat (part, version) pairs, the first `fills[depth]`
// items of the frame's list (a list is never emptied: it keeps its room); a stamp per part and frame keeps
// each part once. The innermost frame's list, fill, stamps and serial are also held in the `cur…` variables
// below (saved into the arrays when a frame opens inside it, taken back when that one ends): a note, made
// millions of times a game, then reads four variables instead of four arrays indexed by depth.
let depth = 0;
const frames: number[][] = [[]];
const fills: number[] = [0];
const stamps: Int32Array[] = [new Int32Array(0)];
const serials: number[] = [0];
let serial = 0;
/** each recording's number (recordingId): a double, never given twice in a process (serials wrap around) */
const recordings: number[] = [0];
let recorded = 0;
let curFrame: number[] = frames[0]!;
let curFill = 0;
let curStamps: Int32Array = stamps[0]!;
let curSerial = 0;

/** Whether a definition's reads are being recorded now (a caller with many reads to record may skip them
 *  otherwise). */
export function recording(): boolean {
  return depth !== 0;
}

/** The recording under way, as a number of its own (0: none): a caller noting the same parts again and again
 *  in one recording may note them once. */
export function recordingId(): number {
  return depth === 0 ? 0 : recordings[depth]!;
}

/** An expression read part `key` of the state (see State.ver). */
export function track(s: State, key: number): void {
  if (depth !== 0) note(key, s.ver[key]!);
}

function note(key: number, version: number): void {
  if (key >= curStamps.length) growStamps(key);
  if (curStamps[key] === curSerial) return;
  curStamps[key] = curSerial;
  const k = curFill;
  curFrame[k] = key;
  curFrame[k + 1] = version;
  curFill = k + 2;
}

/** The innermost frame's stamps, with room for part `key`. */
function growStamps(key: number): void {
  const bigger = new Int32Array(Math.max(64, key * 2));
  bigger.set(curStamps);
  stamps[depth] = curStamps = bigger;
}

/** Starts recording what a definition reads. */
export function begin(): void {
  fills[depth] = curFill;
  depth++;
  if (depth === frames.length) { frames.push([]); fills.push(0); stamps.push(new Int32Array(64)); serials.push(0); recordings.push(0); }
  if (serial === 0x7fffffff) { serial = 0; for (const st of stamps) st.fill(0); }
  serials[depth] = curSerial = ++serial;
  recordings[depth] = ++recorded;
  curFrame = frames[depth]!;
  curStamps = stamps[depth]!;
  curFill = 0;
}

/** Back to the enclosing frame (a frame's recording is over). */
function pop(): void {
  depth--;
  curFrame = frames[depth]!;
  curFill = fills[depth]!;
  curStamps = stamps[depth]!;
  curSerial = serials[depth]!;
}

/** Stops recording: the parts read, which the enclosing definition (if any) has read too. */
export function end(): number[] {
  const deps = curFrame.slice(0, curFill);
  pop();
  reuse(deps);
  return deps;
}

/** `end` for a value that replaces a stale one: the parts read are written over `stale` (the stale value's
 *  list) when they are as many, the usual case (the same arguments read the same parts), else into a new list. */
export function endOver(stale: number[]): number[] {
  const frame = curFrame, n = curFill;
  let deps = stale;
  if (n === stale.length) for (let i = 0; i < n; i++) deps[i] = frame[i]!;
  else deps = frame.slice(0, n);
  pop();
  reuse(deps);
  return deps;
}

/** Stops recording after an error: nothing is kept. */
export function abandon(): void {
  pop();
}

/** A value reused (or just computed): the enclosing definition, if any, has read what it read. */
export function reuse(deps: readonly number[]): void {
  if (depth === 0) return;
  // `note` for each pair, with the frame's variables read once
  const frame = curFrame, id = curSerial;
  let st = curStamps, k = curFill;
  for (let i = 0; i < deps.length; i += 2) {
    const key = deps[i]!;
    if (key >= st.length) { growStamps(key); st = curStamps; }
    if (st[key] === id) continue;
    st[key] = id;
    frame[k] = key;
    frame[k + 1] = deps[i + 1]!;
    k += 2;
  }
  curFill = k;
}

/** Whether every part recorded in `deps` has the same version in `s`. */
export function stillValid(s: State, deps: readonly number[]): boolean {
  const ver = s.ver;
  for (let i = 0; i < deps.length; i += 2) if (ver[deps[i]!] !== deps[i + 1]) return false;
  return true;
}

/** Texts met as arguments, each with a small number of its own (a text key is otherwise built anew per call). */
const interned = new Map<string, number>();
const MAX_INTERNED = 1024;

/** An argument as a number under 2048: a whole number under 1024 as itself, a text as 1024 + its own number;
 *  -1 for anything else (or once too many texts were met). */
function smallCode(v: unknown): number {
  if (typeof v === 'number') return v >= 0 && v < 1024 && (v | 0) === v ? v : -1;
  if (typeof v !== 'string') return -1;
  let id = interned.get(v);
  if (id === undefined) {
    if (interned.size >= MAX_INTERNED) return -1;
    id = interned.size;
    interned.set(v, id);
  }
  return 1024 + id;
}

/** The cache key of a call's arguments, or undefined when an argument is not a plain value (a list). */
export function argKey(vals: readonly unknown[], n: number): unknown {
  if (n === 1) { const v = vals[0]; return typeof v === 'object' && v !== null ? undefined : v; }
  // up to four small whole numbers or texts (seats, levels, counts, kinds): one number, no text to build
  if (n === 2) {
    // the commonest shape written out (the loop below, last argument first)
    const k1 = smallCode(vals[1]);
    if (k1 >= 0) { const k0 = smallCode(vals[0]); if (k0 >= 0) return -1 - (k1 * 2048 + k0); }
    return textKey(vals, n);
  }
  let num = n <= 4 ? 0 : -1;
  for (let i = n - 1; i >= 0 && num >= 0; i--) {
    const k = smallCode(vals[i]);
    num = k >= 0 ? num * 2048 + k : -1;
  }
  if (num >= 0) return -1 - num; // negative: a key of this shape only
  return textKey(vals, n);
}

/** The cache key of arguments that are not all small whole numbers or texts: a text built from them, or
 *  undefined when one is not a plain value (a list). */
function textKey(vals: readonly unknown[], n: number): string | undefined {
  let k = '';
  for (let i = 0; i < n; i++) {
    const v = vals[i];
    const t = typeof v;
    if (t === 'number') k += `${v as number}\u0001`;
    else if (t === 'string') k += `s${(v as string).length}:${v as string}`;
    else if (t === 'boolean' || v === undefined || v === null) k += `${String(v)}\u0002`;
    else return undefined;
  }
  return k;
}

export type { CacheEntry } from './expr/env-core.js';

/** After a state's parts were changed by hand (a test or tool editing a state in place): every part gets a
 *  new version, so nothing cached is reused for it. */
export function freshVersions(s: State): void {
  for (let i = 0; i < s.ver.length; i++) s.ver[i] = nextVersion();
}
