// Game state: creation, cloning, and the few primitive mutations every effect is built from
// (move entities between zones, shuffle, reveal). Every mutation that players may see is logged here.

import type { Frame, Game, LogEntry, OpenPrompt, Parallel, State } from './model.js';
import type { Value } from './expr/types.js';
import { seedRng, seedRngInto, shuffleInPlace } from './rng.js';
import { instances, zoneInstanceCount, type Instances } from './instances.js';
export { instances, zoneInstanceCount } from './instances.js';
import { seenMask, zoneMask } from './visibility.js';
import { budget, logLine, MOVE_WORK, overBudget } from './budget.js';
import { nextVersion } from './memo.js';
import { copyMemory, newMemory, noteMove, noteMoves } from './memory.js';
import { emptyList } from './list-room.js';
import { dropStack } from './flow/frames.js';
export { changed, rolesKey, varKey } from './memo.js';

export interface NewGameOptions {
  players: number;
  seed: number | string;
  /** option id → value (unknown ids are rejected by the caller) */
  options?: Record<string, number | boolean | string>;
  /** keep a log (the editor and replays do; batch simulation does not) */
  log?: boolean;
  /** keep rule warnings (see warnings.ts) */
  warnings?: boolean;
  /** a finished state of the same game that nothing will read again: the new game is set up in its lists
   *  (batch simulation plays game after game without making a state's columns anew; see `blankState`) */
  reuse?: State;
  /** false: no seat plans on copies of the game (every seat plays at random), so nothing reads what each seat
   *  remembers of hidden cards (memory.ts) and none is kept */
  memory?: boolean;
}

/** What every new game of a compiled ruleset starts from: each zone instance's starting cards, each card's zone,
 *  and the zero columns. Made once per game definition. The zone lists are shared by every new state, which owns
 *  none of them: the first change to one copies it (`ownZone`, as after a copy), so they never change. (Not
 *  frozen: a frozen list is another kind of array to V8, and every zone read became slower.) */
interface Blank { zones: readonly (readonly number[])[]; loc: number[]; zeroCards: number[]; noneOwned: number[] }
const blanks = new WeakMap<Game, Blank>();
function blankOf(g: Game): Blank {
  let b = blanks.get(g);
  if (b) return b;
  const ninst = zoneInstanceCount(g);
  const zones: number[][] = [];
  for (let i = 0; i < ninst; i++) zones.push([]);
  const ne = g.entityDef.length;
  const loc = zeros(ne);
  for (let e = 0; e < ne; e++) {
    const z = g.cards[g.entityDef[e]!]!.startZone;
    zones[z]!.push(e);
    loc[e] = z;
  }
  b = { zones, loc, zeroCards: zeros(ne), noneOwned: zeros(ninst + 1) };
  blanks.set(g, b);
  return b;
}

export function blankState(g: Game, o: NewGameOptions): State {
  const blank = blankOf(g);
  if (o.reuse && fits(o.reuse, g, blank, o)) return resetState(o.reuse, g, blank, o);
  const ninst = blank.zones.length;
  const ne = blank.loc.length;
  // own properties only: an option named toString is not Object.prototype's
  const given = o.options;
  const opts = g.options.map((d) => (given && Object.prototype.hasOwnProperty.call(given, d.id) ? given[d.id] : d.default));
  return {
    players: o.players,
    zones: blank.zones.slice() as number[][],
    own: withMark(blank.noneOwned.slice()),
    ver: versions(ninst + g.vars.length + 2),
    loc: blank.loc.slice(),
    shown: blank.zeroCards.slice(),
    mem: o.memory === false ? null : newMemory(g, o.players, ne, ninst),
    roles: new Int16Array(o.players).fill(-1),
    dealtRoles: new Int16Array(o.players).fill(-1),
    roleShown: new Uint8Array(o.players),
    vars: g.vars.map((v) => initialVar(v, o.players, ne)),
    options: opts,
    rng: seedRng(o.seed, 'game'),
    bindings: new Array(g.slots.length).fill(undefined),
    stack: [],
    prompt: null,
    simultaneous: null,
    gotoPhase: -1,
    ended: null,
    steps: 0,
    actions: 0,
    dirty: zeros(g.reactions.length, -1),
    log: o.log ? [] : null,
    warns: o.warnings ? new Map() : null,
    lastCell: o.warnings ? { seen: false, table: '', key: '', col: '', row: null } : null,
    // the fields set later in some states only, present in all (see cloneState)
    halt: undefined,
    belief: undefined,
    beliefOf: undefined,
  };
}

/** Whether a finished state has the columns of a new game of this game and player count (a state of another game,
 *  or of another player count, is not reused). */
function fits(s: State, g: Game, blank: Blank, o: NewGameOptions): boolean {
  return s.players === o.players && s.zones.length === blank.zones.length && s.loc.length === blank.loc.length
    && s.bindings.length === g.slots.length && s.dirty.length === g.reactions.length && s.vars.length === g.vars.length
    && s.ver.length === blank.zones.length + g.vars.length + 2 && s.options.length === g.options.length;
}

/** `blankState` in the lists of a finished state: what `blankState` would make, with no new columns. A zone list the
 *  state owns (no copy shares it) is refilled in place; one it shares with a copy is left to the copy, and the
 *  new game shares the starting list instead, as a new state does. */
function resetState(s: State, g: Game, blank: Blank, o: NewGameOptions): State {
  const ninst = blank.zones.length;
  const mark = s.own[ninst];
  for (let i = 0; i < ninst; i++) {
    const from = blank.zones[i]!;
    if (s.own[i] === mark) {
      const z = s.zones[i]!;
      emptyList(z);
      for (let k = 0; k < from.length; k++) z.push(from[k]!);
    } else s.zones[i] = from as number[];
  }
  for (let i = 0; i < s.ver.length; i++) s.ver[i] = nextVersion();
  const loc = blank.loc;
  for (let e = 0; e < loc.length; e++) { s.loc[e] = loc[e]!; s.shown[e] = 0; }
  s.mem = o.memory === false ? null : newMemory(g, o.players, loc.length, ninst);
  s.roles.fill(-1);
  s.dealtRoles.fill(-1);
  s.roleShown.fill(0);
  const given = o.options;
  for (let i = 0; i < g.vars.length; i++) {
    const v = g.vars[i]!;
    const old = s.vars[i];
    // a column per player or card of plain values: refilled in place (a value cached from the last game is never
    // reused: every version is new)
    if ((v.perPlayer || v.perCard) && !Array.isArray(v.initial) && Array.isArray(old) && old.length === (v.perPlayer ? o.players : loc.length)) old.fill(v.initial);
    else s.vars[i] = initialVar(v, o.players, loc.length);
  }
  for (let i = 0; i < g.options.length; i++) {
    const d = g.options[i]!;
    s.options[i] = given && Object.prototype.hasOwnProperty.call(given, d.id) ? given[d.id] : d.default;
  }
  seedRngInto(s.rng, o.seed, 'game');
  s.bindings.fill(undefined);
  dropStack(s.stack); // the last game's frames go to the flow's spare frames
  s.prompt = null;
  s.simultaneous = null;
  s.gotoPhase = -1;
  s.ended = null;
  s.steps = 0;
  s.actions = 0;
  s.dirty.fill(-1);
  s.log = o.log ? [] : null;
  s.warns = o.warnings ? new Map() : null;
  s.lastCell = o.warnings ? { seen: false, table: '', key: '', col: '', row: null } : null;
  if (s.halt !== undefined) s.halt = undefined;
  if (s.belief !== undefined) s.belief = undefined;
  if (s.beliefOf !== undefined) s.beliefOf = undefined;
  return s;
}

function initialVar(v: Game['vars'][number], players: number, cards: number): Value {
  return v.perPlayer ? Array.from({ length: players }, () => initialOf(v.initial)) : v.perCard ? Array.from({ length: cards }, () => initialOf(v.initial)) : initialOf(v.initial);
}

/** A packed list of small integers. The per-card and per-zone columns of the state are plain lists, not typed
 *  arrays: V8 allocates a typed array over 64 bytes outside the JS heap (about 1 µs each), while a list of
 *  small integers is copied in a few dozen nanoseconds. */
function zeros(n: number, v = 0): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(v);
  return out;
}

/** n fresh versions (memo.ts). */
function versions(n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(nextVersion());
  return out;
}

function initialOf(v: Value): Value {
  return Array.isArray(v) ? [...v] : v;
}

/** A copy of a list whose items may be lists (copied one level down), by plain loops: no closure per call. */
function copyValues(xs: readonly Value[]): Value[] {
  const out = new Array(xs.length);
  for (let i = 0; i < xs.length; i++) {
    const v = xs[i];
    out[i] = Array.isArray(v) ? v.slice() : v;
  }
  return out;
}

// Which zone lists a state owns (copy on write): `own` has one item per zone instance and, last, the state's
// mark; a list is the state's own when its item holds the mark. A copy gives the state copied a new mark, so
// that it owns none of its lists afterwards without a flag cleared per zone (clearing them cost a fifth of a
// copy), and the copy a mark of its own. Marks are never given twice in a process.
let ownMarks = 0;

/** `own` (all items 0, one more than the zone instances) with a new mark last. */
function withMark(own: number[]): number[] {
  own[own.length - 1] = ++ownMarks;
  return own;
}

/** A zone instance's list, made this state's own first if it is shared with a copy (copy on write). Every
 *  change to a zone's list goes through here. */
export function ownZone(s: State, inst: number): number[] {
  s.ver[inst] = nextVersion();
  const own = s.own, mark = own[own.length - 1]!;
  if (own[inst] === mark) return s.zones[inst]!;
  const z = s.zones[inst]!.slice();
  s.zones[inst] = z;
  own[inst] = mark;
  return z;
}

/** A copy of the state. Zone lists are shared, not copied: both states own none of them afterwards, and the
 *  first change to one on either side copies it (`ownZone`). The small typed columns are copied by their
 *  constructors, quicker than `slice`. */
export function cloneState(s: State): State {
  withMark(s.own);
  return {
    players: s.players,
    zones: s.zones.slice(),
    own: withMark(s.own.slice()),
    ver: s.ver.slice(),
    loc: s.loc.slice(),
    shown: s.shown.slice(),
    mem: s.mem ? copyMemory(s.mem) : null,
    roles: new Int16Array(s.roles),
    dealtRoles: new Int16Array(s.dealtRoles),
    roleShown: new Uint8Array(s.roleShown),
    vars: copyValues(s.vars),
    options: s.options.slice(),
    rng: new Uint32Array(s.rng),
    bindings: copyValues(s.bindings),
    stack: copyStack(s.stack),
    prompt: s.prompt ? copyPrompt(s.prompt) : null,
    simultaneous: s.simultaneous ? copyPar(s.simultaneous) : null,
    gotoPhase: s.gotoPhase,
    ended: s.ended ? { ...s.ended } : null,
    steps: s.steps,
    actions: s.actions,
    dirty: s.dirty.slice(),
    log: s.log ? s.log.slice() : null,
    // Every field in the order of a new state's (blankState), those that some states set later included: all
    // states then have one shape to V8, and every read of a state's field in the flow and in expressions stays
    // a single check, whether it reads the game, a bot's copy or a lookahead. A copy keeps no warnings.
    warns: null,
    lastCell: null,
    halt: undefined,
    belief: undefined,
    // a copy plans from the belief of the game it was copied from (never its own: only a real game learns)
    beliefOf: s.beliefOf ?? null,
  };
}

// Field by field, not by spreading: a spread copy costs about 1 µs a frame, an object literal a few dozen ns.
// Every field listed, as the flow makes frames (flow/frames.ts): all frames have one shape.
function copyStack(fs: readonly Frame[]): Frame[] {
  const out = new Array<Frame>(fs.length);
  for (let i = 0; i < fs.length; i++) {
    const f = fs[i]!;
    out[i] = { list: f.list, i: f.i, items: f.items !== undefined ? f.items.slice() : undefined, phase: f.phase };
  }
  return out;
}

function copyPrompt(p: OpenPrompt): OpenPrompt {
  return { key: p.key, player: p.player, options: p.options.slice(), min: p.min, max: p.max };
}

function copyPar(p: Parallel): Parallel {
  return {
    ...p,
    threads: p.threads.map((t) => ({ player: t.player, i: t.i, bindings: copyValues(t.bindings), prompt: t.prompt ? copyPrompt(t.prompt) : null })),
  };
}

/** A zone instance changed: wake the reactions that watch its zone, for its owner (or every seat). */
function touch(s: State, g: Game, ins: Instances, inst: number): void {
  const ws = g.zoneWatchers[ins.zone[inst]!]!;
  if (ws.length === 0) return;
  const owner = ins.owner[inst]!;
  const bit = owner >= 0 ? 1 << owner : -1;
  for (let k = 0; k < ws.length; k++) s.dirty[ws[k]!]! |= bit;
}

/** Something every reaction may care about changed (a role, a variable, a reveal). */
export function touchAll(s: State): void {
  // a loop: `fill` is a call into the runtime, dearer than the one or two reactions a ruleset has
  const d = s.dirty;
  for (let k = 0; k < d.length; k++) d[k] = -1;
}

/** Depth of `quiet` blocks being run: inside one, moves and shuffles write no log line of their own (the
 *  ruleset's own `log` lines say what happened); `collect`, when set, gathers the cards moved (a move with
 *  its own log line names them). Effects run synchronously, so module state is enough. */
export const quiet: { depth: number; collect: number[] | null } = { depth: 0, collect: null };

/** Whether the engine writes its own plain lines (moves, shuffles, reveals): a log is kept, outside `quiet`. */
export function plainLines(s: State): boolean {
  return s.log !== null && quiet.depth === 0;
}

/** Runs `run` quietly; with `collect`, the cards it moves are gathered there (and still in any outer list). */
export function runQuietly(run: () => void, collect: number[] | null = quiet.collect): void {
  const outer = quiet.collect;
  quiet.depth++;
  quiet.collect = collect;
  try { run(); } finally { quiet.depth--; quiet.collect = outer; }
  if (outer && collect && collect !== outer) outer.push(...collect);
}

/** Runs `run` without gathering the cards it moves into the list being collected (its lines are as they would be). */
export function notCollected(run: () => void): void {
  const outer = quiet.collect;
  quiet.collect = null;
  try { run(); } finally { quiet.collect = outer; }
}

/** Per-entity marks for bulk moves (module scratch, never part of the state). */
let marks = new Uint8Array(0);

/** Moves the given entities to `dest` (on top, or at the bottom). */
export function moveEntities(s: State, g: Game, cards: readonly number[], dest: number, bottom = false): void {
  if (cards.length === 0) return;
  if ((budget.work += cards.length + MOVE_WORK) > budget.limit) overBudget();
  const logging = plainLines(s);
  if (cards.length === 1 && !logging) {
    const e = cards[0]!;
    if (e >= 0) { moveOne(s, g, e, dest, bottom); quiet.collect?.push(e); } // -1 is "no card"
    return;
  }
  // a copy (the list may be a zone's own array), each card once, without "no card" (-1); without a log it is
  // module scratch, reused by the next move (nothing below moves cards again), with one a list of its own
  if (marks.length < s.loc.length) marks = new Uint8Array(s.loc.length);
  const list: number[] = logging ? [] : moveScratch;
  emptyList(list);
  for (let i = 0; i < cards.length; i++) {
    const e = cards[i]!;
    if (e >= 0 && e < s.loc.length && marks[e] === 0) { marks[e] = 1; list.push(e); }
  }
  const n = list.length;
  for (let i = 0; i < n; i++) marks[list[i]!] = 0;
  if (n === 0) return;
  moveList(s, g, list, dest, bottom, logging);
}

/** Scratch lists of `moveEntities` and `moveTop` (module state: moves run synchronously and never nest; each is
 *  emptied before use, so a move stopped part-way by a rule error leaves nothing behind that matters). */
const moveScratch: number[] = [];
const topScratch: number[] = [];
const sourceScratch: number[] = [];

function moveList(s: State, g: Game, list: number[], dest: number, bottom: boolean, logging: boolean): void {
  const n = list.length;
  if (quiet.collect) for (let i = 0; i < n; i++) quiet.collect.push(list[i]!);
  // who may know each card's identity from this move: those who saw it before, and those who see
  // where it lands unless arrivals there are anonymous
  const seen = logging ? list.map((e) => seenMask(s, g, e)) : null;
  const from = logging ? list.map((e) => s.loc[e]!) : null;
  const ins = instances(g);
  if (s.mem) noteMoves(s, g, list, dest);
  if (n <= 4) {
    for (let i = 0; i < n; i++) {
      const e = list[i]!;
      const src = s.loc[e]!;
      removeAt(ownZone(s, src), e);
      touch(s, g, ins, src);
    }
  } else {
    // many cards at once (setup, a whole pile): one pass over each source zone instead of a search per card
    const sources = sourceScratch;
    emptyList(sources);
    for (let i = 0; i < n; i++) {
      const e = list[i]!;
      marks[e] = 1;
      const src = s.loc[e]!;
      if (!sources.includes(src)) sources.push(src);
    }
    for (const src of sources) {
      const z = ownZone(s, src);
      let w = 0;
      for (let r = 0; r < z.length; r++) if (!marks[z[r]!]) z[w++] = z[r]!;
      if (w === 0) emptyList(z); // a pile moved whole keeps its room for the cards coming back
      else for (let m = z.length; m > w; m--) z.pop();
      touch(s, g, ins, src);
    }
    for (let i = 0; i < n; i++) marks[list[i]!] = 0;
  }
  const anon = putInto(s, g, ins, list, n, dest, bottom);
  if (logging) {
    const after = anon ? 0 : zoneMask(s, g, dest);
    logLine();
    s.log!.push({ kind: 'move', cards: list, from: from!, dest, seen: seen!.map((m) => (m === -1 ? -1 : m | after)) });
  }
}

/** The common case, one card and no log: no allocation. */
function moveOne(s: State, g: Game, e: number, dest: number, bottom: boolean): void {
  const src = s.loc[e]!;
  if (s.mem) noteMove(s, g, e, src, s.zones[src]!.length, dest);
  removeAt(ownZone(s, src), e);
  touch(s, g, instances(g), src);
  s.shown[e] = 0;
  s.loc[e] = dest;
  const d = ownZone(s, dest);
  if (bottom) d.unshift(e);
  else d.push(e);
  touch(s, g, instances(g), dest);
  if (instances(g).anon[dest] === 1) shuffleInPlace(s.rng, d);
}

/** Takes card e out of a zone's list (its last place there), the cards above it moving down one: in place, where
 *  `splice` would make a list of the card removed. */
function removeAt(z: number[], e: number): void {
  const last = z.length - 1;
  let k = z.lastIndexOf(e);
  if (k < 0) k = last; // as `splice(-1, 1)` did: never happens (a card's place says where it is)
  for (let i = k; i < last; i++) z[i] = z[i + 1]!;
  z.pop();
}

/** Moves up to n entities from the top of `src` to `dest`; returns how many moved. */
export function moveTop(s: State, g: Game, src: number, dest: number, n: number, bottom = false): number {
  const z = s.zones[src]!;
  const k = Math.max(0, Math.min(n, z.length));
  if (k === 0) return 0;
  const cards = topScratch; // moveEntities copies what it keeps
  emptyList(cards);
  for (let i = 0; i < k; i++) cards.push(z[z.length - 1 - i]!);
  if (src === dest || s.mem || plainLines(s)) moveEntities(s, g, cards, dest, bottom);
  else moveTopQuietly(s, g, cards, src, dest, bottom);
  return k;
}

/** `moveEntities` of the top cards of one zone (`cards`, top first), with no log and no seat memory: what it does,
 *  without its search for each card (they are the zone's last items, each once) and with one version per zone. */
function moveTopQuietly(s: State, g: Game, cards: readonly number[], src: number, dest: number, bottom: boolean): void {
  const n = cards.length;
  if ((budget.work += n + MOVE_WORK) > budget.limit) overBudget();
  if (quiet.collect) for (let i = 0; i < n; i++) quiet.collect.push(cards[i]!);
  const ins = instances(g);
  const z = ownZone(s, src);
  for (let i = 0; i < n; i++) z.pop();
  touch(s, g, ins, src);
  putInto(s, g, ins, cards, n, dest, bottom);
}

/** The first n cards of `list`, already out of their zones, go on top of `dest` in order, or under it; a zone
 *  whose order nobody knows is shuffled. Returns whether it was. */
function putInto(s: State, g: Game, ins: ReturnType<typeof instances>, list: readonly number[], n: number, dest: number, bottom: boolean): boolean {
  const z = ownZone(s, dest);
  for (let i = 0; i < n; i++) {
    const e = list[i]!;
    s.shown[e] = 0;
    s.loc[e] = dest;
  }
  if (bottom) {
    // the cards go under the pile, in their order: the pile moves up in place (no spread of the list)
    const m = z.length;
    for (let i = 0; i < n; i++) z.push(0);
    for (let i = m - 1; i >= 0; i--) z[i + n] = z[i]!;
    for (let i = 0; i < n; i++) z[i] = list[i]!;
  } else for (let i = 0; i < n; i++) z.push(list[i]!);
  touch(s, g, ins, dest);
  const anon = ins.anon[dest] === 1;
  if (anon) shuffleInPlace(s.rng, z);
  return anon;
}

export function shuffleZone(s: State, inst: number): void {
  const z = ownZone(s, inst);
  if ((budget.work += z.length + MOVE_WORK) > budget.limit) overBudget();
  shuffleInPlace(s.rng, z);
  if (plainLines(s)) { logLine(); s.log!.push({ kind: 'shuffle', dest: inst }); }
}

export function log(s: State, e: LogEntry): void {
  if (s.log) { logLine(); s.log.push(e); }
}
