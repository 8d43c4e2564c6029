// Simultaneous steps (and offers): one private thread per seat, each running the step's body with its own
// bindings and decisions; the main flow moves past the step when every thread is done.

import type { Ctx, Game, State, StepDef, Thread } from '../model.js';
import type { Value } from '../expr/types.js';
import { RuleError } from '../expr/env.js';
import { judgeLog } from '../log-judge.js';
import { emptyList } from '../list-room.js';
import { ctxEnter, ctxLeave } from './context.js';
import { reactMain, runReactions } from './reactions.js';
import { limitReached } from './stop.js';
import { clearBinding, openPrompt } from './decision.js';
import { NO_PLAYER } from '../seats.js';


const seatScratch: number[] = [];

/** Each real seat of a list once, in the list's order (as `[...new Set(xs)].filter(real seat)`, in one list). */
export function seatsOnce(xs: readonly number[], n: number): number[] {
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

export function threadsDone(s: State, g: Game): boolean {
  const n = g.lists[s.simultaneous!.list]!.steps.length;
  const threads = s.simultaneous!.threads;
  for (let k = 0; k < threads.length; k++) if (threads[k]!.prompt || threads[k]!.i < n) return false;
  return true;
}

/** A simultaneous step's threads are all done: the main flow moves past the step (an offer's takers respond
 *  first). */
export function finishParallel(s: State, g: Game): void {
  const par = s.simultaneous!;
  const f = s.stack[s.stack.length - 1]!;
  const owner = g.lists[f.list]!.steps[par.step]!;
  s.simultaneous = null;
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
export function newThreads(s: State, players: readonly number[], slot: number): Thread[] {
  const out = new Array<Thread>(players.length);
  for (let k = 0; k < players.length; k++) {
    const p = players[k]!;
    const t = threadPool.pop();
    if (t !== undefined && t.bindings.length === s.bindings.length) {
      for (let i = 0; i < s.bindings.length; i++) t.bindings[i] = s.bindings[i];
      t.bindings[slot] = p;
      t.player = p;
      t.i = 0;
      t.prompt = null;
      out[k] = t;
    } else {
      const b = s.bindings.slice();
      b[slot] = p;
      out[k] = { player: p, i: 0, bindings: b, prompt: null };
    }
  }
  return out;
}

/** An offer's answers are in: the takers respond in the list's order (only the first when `first`), each running
 *  the step's `do` with the responder and their response bound; afterwards the names hold the first taker's. */
function resolveOffer(s: State, g: Game, step: StepDef & { kind: 'offer' }, threads: readonly Thread[]): void {
  const c: Ctx = { s, g, bindings: s.bindings, it: undefined };
  const mark = s.log ? s.log.length : -1;
  let who: number = NO_PLAYER;
  let response: Value = step.declined;
  for (const th of threads) {
    const v = th.bindings[step.askSlot];
    const took = step.askSingle ? v !== undefined && v !== null && v !== -1 : Array.isArray(v) && v.length > 0;
    if (!took) continue;
    if (who < 0) { who = th.player; response = v; }
    c.bindings[step.slot] = th.player;
    c.bindings[step.askSlot] = v;
    step.effects(c);
    if (step.first || s.ended || s.gotoPhase >= 0) break;
  }
  c.bindings[step.slot] = who;
  c.bindings[step.askSlot] = response;
  runReactions(s, g, c);
  if (mark >= 0) judgeLog(s, g, mark);
}

/** Run one player's thread until it needs a decision or is done. */
export function runThread(s: State, g: Game, th: Thread): void {
  const c = ctxEnter(s, g, th.bindings);
  try { runThreadSteps(s, g, th, c); } finally { ctxLeave(); }
}

function runThreadSteps(s: State, g: Game, th: Thread, c: Ctx): void {
  const list = g.lists[s.simultaneous!.list]!;
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
