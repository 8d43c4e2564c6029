// The flow: runs phases and steps until a decision is needed, then waits for an action.
// Clients use `legalActions(state, game, player)` and `apply`/`applyInPlace(state, game, action)`, which
// checks the action; batch simulation answers the open decision directly with `resolve`, with a choice
// drawn from its options (legal by construction).
//
// The position in the flow is plain data in the state: a stack of frames (phase body, while body, forEach
// body), plus, during a simultaneous step, one small thread per player. Each thread runs its own steps
// with its own bindings; what a thread does lands in zones hidden from the others, and the main flow
// continues only when every thread is done, so choices are committed privately and revealed together.

import type { Action, Ctx, Game, LogEntry, OpenPrompt, State, StepDef, Thread } from './model.js';
import { blankState, cloneState, type NewGameOptions } from './state.js';
import { RuleError } from './expr/env.js';
import { sameValue } from './expr/value.js';
import { seenMask } from './visibility.js';
import { checkPlayers } from './start.js';
import { logLine, resetWork } from './budget.js';
import { judgeLog } from './log-judge.js';
import { emptyList } from './list-room.js';

export class IllegalAction extends Error {}

export function newGame(g: Game, o: NewGameOptions): State {
  checkPlayers(g, o.players);
  const s = blankState(g, o);
  const c: Ctx = { s, g, b: s.b, it: undefined };
  resetWork(g.maxWork);
  try {
    g.setup(c);
    s.dealtRoles = s.roles.slice();
    if (!s.ended) {
      s.stack.push({ list: g.phases[0]!.body, i: 0, phase: 0 });
      runReactions(s, g, c);
    }
    judgeLog(s, g, 0);
  } catch (e) {
    stopOnRuleError(s, e, 'setup');
  }
  if (!s.ended) advance(s, g);
  return s;
}

/** Players who have a decision open. */
export function activePlayers(s: State): number[] {
  if (s.ended) return [];
  if (s.par) return s.par.threads.filter((t) => t.prompt).map((t) => t.player);
  return s.prompt ? [s.prompt.player] : [];
}

/** The open prompt of a player, if any. */
export function promptOf(s: State, player: number): OpenPrompt | null {
  if (s.ended) return null;
  if (s.par) return s.par.threads.find((t) => t.player === player)?.prompt ?? null;
  return s.prompt && s.prompt.player === player ? s.prompt : null;
}

/** Every legal action of a player (choices enumerated as combinations). */
export function legalActions(s: State, g: Game, player: number): Action[] {
  const p = promptOf(s, player);
  if (!p) return [];
  const step = g.promptSteps[p.key]!.path;
  const out: Action[] = [];
  for (const choice of choices(p)) out.push({ player, step, choice });
  return out;
}

/**
 * The action that chooses the open decision's options at these positions. A client that is shown some
 * options face down (cards it cannot see) answers by position.
 */
export function actionAt(s: State, g: Game, player: number, positions: number[]): Action {
  const p = promptOf(s, player);
  if (!p) throw new IllegalAction(`player ${player + 1} has no decision to make now`);
  const choice = positions.map((i) => {
    if (!Number.isInteger(i) || i < 0 || i >= p.options.length) throw new IllegalAction(`there is no option ${i + 1}`);
    return p.options[i];
  });
  return { player, step: g.promptSteps[p.key]!.path, choice };
}

/** All subsets of the options with a size in [min, max], in a stable order. */
export function choices(p: OpenPrompt): any[][] {
  const out: any[][] = [];
  const n = p.options.length;
  for (let k = p.min; k <= p.max; k++) combos(p.options, n, k, 0, [], out);
  return out;
}

function combos(xs: any[], n: number, k: number, from: number, cur: any[], out: any[][]): void {
  if (cur.length === k) { out.push(cur.slice()); return; }
  for (let i = from; i <= n - (k - cur.length); i++) {
    cur.push(xs[i]);
    combos(xs, n, k, i + 1, cur, out);
    cur.pop();
  }
}

/** Number of legal choices of an open prompt, without building them. */
export function choiceCount(p: OpenPrompt): number {
  if (p.max === 1) return p.min === 1 ? p.options.length : p.options.length + 1;
  let total = 0;
  for (let k = p.min; k <= p.max; k++) total += binom(p.options.length, k);
  return total;
}

export function binom(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}

/** Applies an action to a copy of the state and returns the copy. */
export function apply(s: State, g: Game, a: Action): State {
  const t = cloneState(s);
  applyInPlace(t, g, a);
  return t;
}

/** Applies an action, mutating the state (bots and batch simulation use this on their own copies). */
export function applyInPlace(s: State, g: Game, a: Action): void {
  const p = promptOf(s, a.player);
  if (!p) throw new IllegalAction(`player ${a.player + 1} has no decision to make now`);
  const def = g.promptSteps[p.key]!;
  if (a.step !== def.path) throw new IllegalAction(`the open decision is '${def.path}', not '${a.step}'`);
  if (!Array.isArray(a.choice)) throw new IllegalAction('choice must be a list');
  if (a.choice.length < p.min || a.choice.length > p.max) {
    throw new IllegalAction(`choose ${p.min === p.max ? p.min : `${p.min} to ${p.max}`} option(s), not ${a.choice.length}`);
  }
  // each chosen value is one of the options (records and lists compared field by field, as a client or a
  // replay file sends a copy); the options' own values are what the effects then see
  const seen = new Set<number>();
  const chosen: any[] = [];
  for (const x of a.choice) {
    let k = p.options.indexOf(x);
    if (k < 0 && x !== null && typeof x === 'object') k = p.options.findIndex((o) => sameValue(o, x));
    if (k < 0) throw new IllegalAction(`${JSON.stringify(x)} is not one of the options`);
    if (seen.has(k)) throw new IllegalAction(`${JSON.stringify(x)} chosen twice`);
    seen.add(k);
    chosen.push(p.options[k]);
  }
  resolve(s, g, p, chosen);
}

/** Resolve an open prompt with a (legal) choice and run the flow on until the next decision. */
export function resolve(s: State, g: Game, p: OpenPrompt, choice: any[]): void {
  // a game whose bots keep a belief (bots/belief.ts) shows it every decision, with the game just before it
  const tr = s.belief;
  const pre = tr ? cloneState(s) : null;
  resetWork(g.maxWork);
  try {
    resolveInner(s, g, p, choice);
  } catch (e) {
    stopOnRuleError(s, e, g.promptSteps[p.key]!.path);
  }
  if (tr && pre) tr.observe(g, pre, s, p, choice);
}

/** A rule error (a ruleset asking for something impossible while playing) ends the game with a message. */
function stopOnRuleError(s: State, e: unknown, where: string): void {
  if (!(e instanceof RuleError)) throw e;
  s.prompt = null;
  s.par = null;
  s.ended = { ending: null, winner: null, truncated: true, message: `${where}: ${e.message}` };
}

function resolveInner(s: State, g: Game, p: OpenPrompt, choice: any[]): void {
  // actions count decisions that had a real alternative
  if (choiceCount(p) > 1) s.actions++;
  const def = g.promptSteps[p.key]!;
  if (s.par) {
    const threads = s.par.threads;
    let th = threads[0]!;
    for (let i = 0; i < threads.length; i++) if (threads[i]!.player === p.player) th = threads[i]!;
    th.prompt = null;
    const c = ctxEnter(s, g, th.b);
    try {
      const mark = s.log ? s.log.length : -1;
      bindChoice(c, def, choice);
      logChoice(c, p, choice, true);
      def.effects?.(c);
      th.i++;
      reactMain(s, g);
      if (mark >= 0) judgeLog(s, g, mark);
    } finally { ctxLeave(); }
    if (!s.ended) runThread(s, g, th);
    if (!s.ended && threadsDone(s, g)) finishParallel(s, g);
  } else resolveMain(s, g, p, choice);
  if (!s.ended) advance(s, g);
}

/** The log line of a choice, written once the choice is bound (a `log` text of the prompt reads its `as`). */
function logChoice(c: Ctx, p: OpenPrompt, choice: any[], secret: boolean): void {
  const { s, g } = c;
  if (!s.log) return;
  const def = g.promptSteps[p.key]!;
  const tpl = def.prompt.log;
  const cards = def.prompt.choose === 'cards';
  // the choice itself is always recorded (who chose what, and who may know each card); the prompt's `log`
  // only decides how it reads: its own words, or nothing
  logLine();
  s.log.push({
    kind: 'choice',
    player: p.player,
    step: def.path,
    holes: [{ t: 'value', v: choice.slice() }],
    seen: cards ? choice.map((e) => seenMask(s, g, e)) : undefined,
    secret,
    labels: tpl === undefined ? labelsOf(s, g, p, choice) ?? undefined : undefined,
    ...(tpl === false ? { silent: true } : tpl ? { say: tpl(c) } : {}),
  });
}

/** The chosen values as the prompt's `label` texts (null when it has none and the values are plain). */
export function labelsOf(s: State, g: Game, p: OpenPrompt, values: readonly any[]): LogEntry[] | null {
  const def = g.promptSteps[p.key]!;
  const label = def.prompt.label;
  if (!label) return null;
  const b = s.par ? s.par.threads.find((t) => t.player === p.player)?.b ?? s.b : s.b;
  const c: Ctx = { s, g, b: b.slice(), it: undefined };
  c.b[0] = p.player;
  return values.map((v) => { c.it = v; return label(c); });
}

/** A decision skipped for lack of options binds nothing (none, or an empty list). */
function clearBinding(c: Ctx, def: StepDef & { kind: 'prompt' }): void {
  bindChoice(c, def, NONE);
}

function bindChoice(c: Ctx, def: StepDef & { kind: 'prompt' }, choice: any[]): void {
  const pr = def.prompt;
  if (pr.slot >= 0) c.b[pr.slot] = pr.single ? (choice.length ? choice[0] : pr.choose === 'players' || pr.choose === 'cards' ? -1 : null) : choice.slice();
}

function limitReached(s: State, g: Game, where: string): boolean {
  resetWork(g.maxWork);
  if (++s.steps <= g.maxSteps) return false;
  s.ended = {
    ending: null,
    winner: null,
    truncated: true,
    message: `stopped after ${g.maxSteps} steps, looping in ${where} (the game never reached an ending)`,
  };
  return true;
}

/** Run the main flow until a decision is open or the game has ended. */
export function advance(s: State, g: Game): void {
  try {
    advanceInner(s, g);
  } catch (e) {
    const f = s.stack[s.stack.length - 1];
    const step = f ? g.lists[f.list]?.steps[f.i] : undefined;
    stopOnRuleError(s, e, step?.path ?? 'flow');
  }
}

function advanceInner(s: State, g: Game): void {
  const c = ctxEnter(s, g, s.b);
  try { advanceSteps(s, g, c); } finally { ctxLeave(); }
}

function advanceSteps(s: State, g: Game, c: Ctx): void {
  while (!s.ended && !s.prompt && !s.par) {
    if (s.jump >= 0) {
      const ph = s.jump;
      s.jump = -1;
      emptyList(s.stack);
      s.stack.push({ list: g.phases[ph]!.body, i: 0, phase: ph });
      continue;
    }
    const f = s.stack[s.stack.length - 1];
    if (!f) {
      s.ended = { ending: null, winner: null, truncated: true, message: 'the flow ran out of phases without reaching an ending' };
      return;
    }
    const list = g.lists[f.list]!;
    if (f.i >= list.steps.length) {
      endOfList(s, g, c, f);
      continue;
    }
    const step = list.steps[f.i]!;
    if (limitReached(s, g, step.path)) return;
    if (step.when && !step.when(c)) {
      if (step.kind === 'prompt') clearBinding(c, step); // a skipped decision binds nothing, never a stale value
      f.i++;
      continue;
    }
    switch (step.kind) {
      case 'do': {
        const mark = s.log ? s.log.length : -1;
        step.effects(c);
        f.i++;
        runReactions(s, g, c);
        if (mark >= 0) judgeLog(s, g, mark); // the step's lines read as what a seat may know now
        break;
      }
      case 'prompt': {
        if (s.halt) { s.steps--; return; } // a lookahead stops before the next decision is even worked out
        const p = openPrompt(c, step);
        if (!p) { clearBinding(c, step); f.i++; break; }
        s.prompt = p;
        if (!step.prompt.alwaysAsk && autoResolve(s, g, p)) break;
        return;
      }
      case 'while':
        if (step.test(c)) s.stack.push({ list: step.body, i: 0 });
        else f.i++;
        break;
      case 'forEach': {
        const items = (step.list(c) as any[]).slice();
        if (items.length === 0) { f.i++; break; }
        c.b[step.slot] = items.shift();
        s.stack.push({ list: step.body, i: 0, items });
        break;
      }
      case 'switch': {
        const body = step.pick(c);
        if (body < 0) f.i++;
        else s.stack.push({ list: body, i: 0 }); // the end of the case's list moves past the switch
        break;
      }
      case 'call': {
        // every argument first (one may read a name another sets), then the procedure's own slots
        const vals = step.args.map((a) => a(c));
        for (let k = 0; k < vals.length; k++) c.b[step.slots[k]!] = vals[k];
        s.stack.push({ list: step.body, i: 0 }); // the end of the procedure's list moves past the call
        break;
      }
      case 'simultaneous': {
        if (s.halt) { s.steps--; return; }
        // each seat once, real seats only (a seat listed twice would get two threads and one answer)
        const players = seatsOnce(step.players(c) as number[], s.n);
        if (players.length === 0) { f.i++; break; }
        s.par = { list: step.body, step: f.i, threads: newThreads(s, players, step.slot) };
        for (const th of s.par.threads) {
          runThread(s, g, th);
          if (s.ended) return;
        }
        if (s.par.threads.every((t) => !t.prompt)) finishParallel(s, g);
        break;
      }
      case 'offer': {
        if (s.halt) { s.steps--; return; }
        // each seat once, in the list's order (the order responses resolve in); each is asked in a thread of its
        // own, at the same time: a seat with nothing to respond with is not asked
        const players = seatsOnce(step.players(c) as number[], s.n);
        if (players.length === 0) { c.b[step.slot] = -1; c.b[step.askSlot] = step.declined; f.i++; break; }
        s.par = { list: step.body, step: f.i, threads: newThreads(s, players, step.slot) };
        for (const th of s.par.threads) {
          runThread(s, g, th);
          if (s.ended) return;
        }
        if (s.par.threads.every((t) => !t.prompt)) finishParallel(s, g);
        break;
      }
    }
  }
}

const seatScratch: number[] = [];

/** Each real seat of a list once, in the list's order (as `[...new Set(xs)].filter(real seat)`, in one list). */
function seatsOnce(xs: readonly number[], n: number): number[] {
  // module scratch: the list is read once, by `newThreads`, before anything else runs
  const out = seatScratch;
  emptyList(out);
  for (let i = 0; i < xs.length; i++) {
    const p = xs[i]! === 0 ? 0 : xs[i]!; // -0 is seat 0, as a Set keeps it
    if (!(Number.isInteger(p) && p >= 0 && p < n)) continue;
    let seen = false;
    for (let j = 0; j < out.length; j++) if (out[j] === p) { seen = true; break; }
    if (!seen) out.push(p);
  }
  return out;
}

function endOfList(s: State, g: Game, c: Ctx, f: State['stack'][number]): void {
  if (f.phase !== undefined) {
    const ph = g.phases[f.phase]!;
    if (ph.repeat && ph.repeat(c)) { f.i = 0; return; }
    s.stack.pop();
    if (f.phase + 1 < g.phases.length) s.stack.push({ list: g.phases[f.phase + 1]!.body, i: 0, phase: f.phase + 1 });
    return;
  }
  s.stack.pop();
  const parent = s.stack[s.stack.length - 1]!;
  const owner = g.lists[parent.list]!.steps[parent.i]!;
  // a loop's next round runs in the frame of the round just ended (the same body, and for a forEach the same
  // items left): no new frame per round
  if (owner.kind === 'while') {
    if (!owner.test(c)) parent.i++;
    else { f.i = 0; s.stack.push(f); }
  } else if (owner.kind === 'forEach') {
    if (f.items && f.items.length) {
      c.b[owner.slot] = f.items.shift();
      f.i = 0;
      s.stack.push(f);
    } else parent.i++;
  } else parent.i++;
}

function threadsDone(s: State, g: Game): boolean {
  const n = g.lists[s.par!.list]!.steps.length;
  for (const t of s.par!.threads) if (t.prompt || t.i < n) return false;
  return true;
}

/** A simultaneous step's threads are all done: the main flow moves past the step (an offer's takers respond
 *  first). */
function finishParallel(s: State, g: Game): void {
  const par = s.par!;
  const f = s.stack[s.stack.length - 1]!;
  const owner = g.lists[f.list]!.steps[par.step]!;
  s.par = null;
  if (owner.kind === 'offer') resolveOffer(s, g, owner, par.threads);
  f.i++;
  // the threads are done with (a copy of the state has threads of its own): the next simultaneous step takes them
  for (let i = 0; i < par.threads.length && threadPool.length < MAX_POOLED_THREADS; i++) threadPool.push(par.threads[i]!);
}

/** Threads of finished simultaneous steps, with their binding lists, for the next ones (module state: the flow
 *  runs synchronously; a thread is in one state's step or here, never both). */
const threadPool: Thread[] = [];
const MAX_POOLED_THREADS = 64;

/** A thread per seat, each with the main flow's bindings and its seat in `slot`. */
function newThreads(s: State, players: readonly number[], slot: number): Thread[] {
  const out = new Array<Thread>(players.length);
  for (let k = 0; k < players.length; k++) {
    const p = players[k]!;
    const t = threadPool.pop();
    if (t !== undefined && t.b.length === s.b.length) {
      for (let i = 0; i < s.b.length; i++) t.b[i] = s.b[i];
      t.b[slot] = p;
      t.player = p;
      t.i = 0;
      t.prompt = null;
      out[k] = t;
    } else {
      const b = s.b.slice();
      b[slot] = p;
      out[k] = { player: p, i: 0, b, prompt: null };
    }
  }
  return out;
}

/** An offer's answers are in: the takers respond in the list's order (only the first when `first`), each running
 *  the step's `do` with the responder and their response bound; afterwards the names hold the first taker's. */
function resolveOffer(s: State, g: Game, step: StepDef & { kind: 'offer' }, threads: readonly Thread[]): void {
  const c: Ctx = { s, g, b: s.b, it: undefined };
  const mark = s.log ? s.log.length : -1;
  let who = -1;
  let response: unknown = step.declined;
  for (const th of threads) {
    const v = th.b[step.askSlot];
    const took = step.askSingle ? v !== undefined && v !== null && v !== -1 : Array.isArray(v) && v.length > 0;
    if (!took) continue;
    if (who < 0) { who = th.player; response = v; }
    c.b[step.slot] = th.player;
    c.b[step.askSlot] = v;
    step.effects(c);
    if (step.first || s.ended || s.jump >= 0) break;
  }
  c.b[step.slot] = who;
  c.b[step.askSlot] = response;
  runReactions(s, g, c);
  if (mark >= 0) judgeLog(s, g, mark);
}

/** Run one player's thread until it needs a decision or is done. */
function runThread(s: State, g: Game, th: Thread): void {
  const c = ctxEnter(s, g, th.b);
  try { runThreadSteps(s, g, th, c); } finally { ctxLeave(); }
}

function runThreadSteps(s: State, g: Game, th: Thread, c: Ctx): void {
  const list = g.lists[s.par!.list]!;
  while (!s.ended && th.i < list.steps.length && !th.prompt) {
    const step = list.steps[th.i]!;
    if (limitReached(s, g, step.path)) return;
    if (step.when && !step.when(c)) {
      if (step.kind === 'prompt') clearBinding(c, step);
      th.i++;
      continue;
    }
    if (step.kind === 'do') {
      const mark = s.log ? s.log.length : -1;
      step.effects(c);
      th.i++;
      reactMain(s, g);
      if (mark >= 0) judgeLog(s, g, mark);
    } else if (step.kind === 'prompt') {
      const p = openPrompt(c, step);
      if (!p) { clearBinding(c, step); th.i++; continue; }
      th.prompt = p;
      if (p.player !== th.player) throw new RuleError(`a decision inside a simultaneous step must be asked of its own player (${step.path})`);
      // Inside a simultaneous step every decision is asked, even one with a single legal choice:
      // answering at once would show the table who had no choice (a forced play is a secret too).
    } else {
      th.i++;
    }
  }
}

/** Compute the options of a prompt step; null when there is nothing to choose from. */
function openPrompt(c: Ctx, step: StepDef & { kind: 'prompt' }): OpenPrompt | null {
  const pr = step.prompt;
  const g = c.g;
  const player = pr.player(c);
  // distinct options (a choice cannot name the same thing twice); counts are whole numbers. Nothing changes
  // while they are worked out, so a quantity read many times is computed once (a game without quantities
  // needs no table for that).
  let listed: any[];
  if (g.quantities.length === 0) listed = pr.from(c) as any[];
  else {
    c.memo = new Map();
    try { listed = pr.from(c) as any[]; } finally { c.memo = undefined; }
  }
  const dropNone = pr.choose !== 'options' && pr.choose !== 'cells';
  const options = pr.freshFrom ? distinctInPlace(listed, dropNone) : distinct(listed, dropNone);
  let min = Math.max(0, Math.floor(pr.min(c)));
  let max = Math.max(min, Math.floor(pr.max(c)));
  if (max > options.length) max = options.length;
  if (min > max) min = max;
  if (max === 0 || player < 0) return null;
  return { key: step.key, player, options, min, max };
}

/** A copy without repeats (and without -1, "nobody"/"no card", when `dropNone`); records compare by value. */
function distinct(xs: readonly any[], dropNone: boolean): any[] {
  // plain values: a copy of the list's size, its repeats taken out in place (no list grown from empty)
  let plain = true;
  for (let i = 0; i < xs.length; i++) if (xs[i] !== null && typeof xs[i] === 'object') { plain = false; break; }
  if (plain) return distinctInPlace(xs.slice(), dropNone);
  const out: any[] = [];
  let buckets: Map<unknown, any[]> | null = null;
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
function distinctInPlace(xs: any[], dropNone: boolean): any[] {
  for (let i = 0; i < xs.length; i++) if (xs[i] !== null && typeof xs[i] === 'object') return distinct(xs, dropNone);
  let w = 0;
  for (let r = 0; r < xs.length; r++) {
    const x = xs[r];
    if (dropNone && x === -1) continue;
    let seen = false;
    for (let j = 0; j < w; j++) if (xs[j] === x) { seen = true; break; }
    if (!seen) xs[w++] = x;
  }
  xs.length = w;
  return xs;
}

/** A key equal for values that are equal field by field: a list's length and first item, or a record's
 *  first primitive field (by name). */
function roughKey(v: object): unknown {
  if (Array.isArray(v)) return v.length ? `[${v.length}:${typeof v[0] === 'object' ? '' : String(v[0])}` : '[]';
  const o = v as Record<string, unknown>;
  let best: string | null = null;
  for (const k in o) if ((best === null || k < best) && (o[k] === null || typeof o[k] !== 'object')) best = k;
  return best === null ? '{}' : `${best}=${String(o[best])}`;
}

const NONE: any[] = [];

/** A decision with exactly one legal choice is taken at once and is not counted as an action. */
function autoResolve(s: State, g: Game, p: OpenPrompt): boolean {
  if (choiceCount(p) !== 1) return false;
  // the one legal choice: every option (min = max = number of options), or none at all (max = 0 never opens)
  // (the options themselves: the choice is only read, and the binding is a copy)
  const only = p.min === p.options.length ? p.options : NONE;
  resolveMain(s, g, p, only);
  return true;
}

function resolveMain(s: State, g: Game, p: OpenPrompt, choice: any[]): void {
  const def = g.promptSteps[p.key]!;
  s.prompt = null;
  const c = ctxEnter(s, g, s.b);
  try {
    const mark = s.log ? s.log.length : -1;
    bindChoice(c, def, choice);
    logChoice(c, p, choice, false);
    def.effects?.(c);
    s.stack[s.stack.length - 1]!.i++;
    runReactions(s, g, c);
    if (mark >= 0) judgeLog(s, g, mark);
  } finally { ctxLeave(); }
}

/** Reactions after a step of a thread: they run with the main flow's bindings. */
function reactMain(s: State, g: Game): void {
  const c = ctxEnter(s, g, s.b);
  try { runReactions(s, g, c); } finally { ctxLeave(); }
}

/**
 * Evaluation contexts, reused: the flow made one for every step run and every decision taken, a large part of a
 * playout's garbage. A context is only used while the call that took it runs (expressions and effects run
 * synchronously and keep none), so a stack of them serves nested calls (a flow run inside another, as a bot's
 * lookahead may do); each is taken with `ctxEnter` and given back with `ctxLeave` in a `finally`.
 */
const ctxPool: Ctx[] = [];
let ctxDepth = 0;

function ctxEnter(s: State, g: Game, b: any[]): Ctx {
  let c = ctxPool[ctxDepth];
  if (c === undefined) {
    // the same fields, in the same order, as every other context: expressions see one shape of context
    c = { s, g, b, it: undefined };
    ctxPool.push(c);
  } else {
    c.s = s;
    c.g = g;
    c.b = b;
    c.it = undefined;
    if (c.memo !== undefined) c.memo = undefined;
  }
  ctxDepth++;
  return c;
}

function ctxLeave(): void {
  ctxDepth--;
}

/**
 * State-based rules, checked after every step and decision. Every change marks the reactions it may
 * wake (see `dirty` in the state): a move marks those watching its zones (all of them when a reaction
 * watches nothing), for the zone's owner; a role, variable or reveal marks every reaction for every seat.
 * A reaction whose watched zones are all per player is re-checked only for the seats whose own zones
 * changed. Reactions may wake each other: passes repeat until nothing is marked, within a bound.
 */
export function runReactions(s: State, g: Game, c: Ctx): void {
  const dirty = s.dirty;
  for (let pass = 0; pass < MAX_REACTION_PASSES; pass++) {
    if (s.ended) return;
    let any = false;
    for (let k = 0; k < dirty.length; k++) {
      const mask = dirty[k]!;
      if (mask === 0) continue;
      any = true;
      dirty[k] = 0; // what this reaction changes from here on marks it again for the next pass
      const r = g.reactions[k]!;
      if (r.players) {
        const ps = r.players(c) as number[];
        const save = c.b[r.slot];
        const every = mask === -1 || !r.perPlayerWatch;
        // an indexed loop: `for…of` here allocated an iterator result per seat (this runs after every step)
        for (let i = 0; i < ps.length; i++) {
          const p = ps[i]!;
          if (!every && (mask & (1 << p)) === 0) continue;
          c.b[r.slot] = p;
          if (r.when(c)) r.effects(c);
          if (s.ended) break;
        }
        c.b[r.slot] = save;
      } else if (r.when(c)) r.effects(c);
    }
    if (!any) return;
  }
  if (!s.ended && s.dirty.some((m) => m !== 0)) {
    throw new RuleError(`reactions kept changing the game after ${MAX_REACTION_PASSES} passes (they trigger each other)`);
  }
}

const MAX_REACTION_PASSES = 16;
