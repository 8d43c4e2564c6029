// The flow: runs phases and steps until a decision is needed, then waits for an action.
// Clients use `legalActions(state, game, player)` and `apply`/`applyInPlace(state, game, action)`, which
// checks the action; batch simulation answers the open decision directly with `resolve`, with a choice
// drawn from its options (legal by construction).
//
// The position in the flow is plain data in the state: a stack of frames (phase body, while body, forEach
// body), plus, during a simultaneous step, one small thread per player. Each thread runs its own steps
// with its own bindings; what a thread does lands in zones hidden from the others, and the main flow
// continues only when every thread is done, so choices are committed privately and revealed together.

import type { Action, Choice, Ctx, Game, OpenPrompt, State } from './model.js';
import { blankState, cloneState, type NewGameOptions } from './state.js';
import { sameValue } from './expr/value.js';
import { checkPlayers } from './start.js';
import { resetWork } from './budget.js';
import { judgeLog } from './log-judge.js';
import { dropFrame, dropStack, pushFrame, pushItemsFrame } from './flow/frames.js';
import { choiceCount, choices } from './flow/choices.js';
import { ctxEnter, ctxLeave } from './flow/context.js';
import { limitReached, stopOnRuleError } from './flow/stop.js';
import { reactMain, runReactions } from './flow/reactions.js';
import { bindChoice, clearBinding, logChoice, NONE, openPrompt } from './flow/decision.js';
import { finishParallel, newThreads, runThread, seatsOnce, threadsDone } from './flow/threads.js';
import { NO_PLAYER } from './seats.js';

// what the bots, the view and clients read of the flow's parts, here with the rest of the flow's face
export { binom, choiceCount, choices } from './flow/choices.js';
export { runReactions } from './flow/reactions.js';
export { labelsOf } from './flow/decision.js';

export class IllegalAction extends Error {}

export function newGame(g: Game, o: NewGameOptions): State {
  checkPlayers(g, o.players);
  const s = blankState(g, o);
  const c: Ctx = { s, g, bindings: s.bindings, it: undefined };
  resetWork(g.maxWork);
  try {
    g.setup(c);
    s.dealtRoles = s.roles.slice();
    if (!s.ended) {
      pushFrame(s.stack, g.phases[0]!.body, 0);
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
  if (s.simultaneous) return s.simultaneous.threads.filter((t) => t.prompt).map((t) => t.player);
  return s.prompt ? [s.prompt.player] : [];
}

/** The open prompt of a player, if any. */
export function promptOf(s: State, player: number): OpenPrompt | null {
  if (s.ended) return null;
  if (s.simultaneous) return s.simultaneous.threads.find((t) => t.player === player)?.prompt ?? null;
  return s.prompt && s.prompt.player === player ? s.prompt : null;
}

/** The decision batch play (and a bot's copies) answers next: the lowest seat with one open. */
export function nextPrompt(s: State): OpenPrompt | null {
  if (s.simultaneous) {
    let best: OpenPrompt | null = null;
    const threads = s.simultaneous.threads;
    for (let k = 0; k < threads.length; k++) {
      const q = threads[k]!.prompt;
      if (q && (!best || q.player < best.player)) best = q;
    }
    return best;
  }
  return s.prompt;
}

/** Whether `p` is still one of the game's open decisions (after it was answered: a rule error may stop the game
 *  before the decision is closed). */
export function stillOpen(s: State, p: OpenPrompt): boolean {
  if (s.prompt === p) return true;
  const threads = s.simultaneous?.threads;
  if (threads) for (let k = 0; k < threads.length; k++) if (threads[k]!.prompt === p) return true;
  return false;
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
  const chosen: Choice = [];
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
export function resolve(s: State, g: Game, p: OpenPrompt, choice: Choice): void {
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

function resolveInner(s: State, g: Game, p: OpenPrompt, choice: Choice): void {
  // actions count decisions that had a real alternative
  if (choiceCount(p) > 1) s.actions++;
  const def = g.promptSteps[p.key]!;
  if (s.simultaneous) {
    const threads = s.simultaneous.threads;
    let th = threads[0]!;
    for (let i = 0; i < threads.length; i++) if (threads[i]!.player === p.player) th = threads[i]!;
    th.prompt = null;
    const c = ctxEnter(s, g, th.bindings);
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
  const c = ctxEnter(s, g, s.bindings);
  try { advanceSteps(s, g, c); } finally { ctxLeave(); }
}

function advanceSteps(s: State, g: Game, c: Ctx): void {
  while (!s.ended && !s.prompt && !s.simultaneous) {
    if (s.gotoPhase >= 0) {
      const ph = s.gotoPhase;
      s.gotoPhase = -1;
      dropStack(s.stack);
      pushFrame(s.stack, g.phases[ph]!.body, ph);
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
        if (step.test(c)) pushFrame(s.stack, step.body);
        else f.i++;
        break;
      case 'forEach': {
        const items = step.list(c);
        if (items.length === 0) { f.i++; break; }
        c.bindings[step.slot] = items[0];
        pushItemsFrame(s.stack, step.body, items); // the items after the first, in a list of the frame's own
        break;
      }
      case 'switch': {
        const body = step.pick(c);
        if (body < 0) f.i++;
        else pushFrame(s.stack, body); // the end of the case's list moves past the switch
        break;
      }
      case 'call': {
        // every argument first (one may read a name another sets), then the procedure's own slots
        const vals = step.args.map((a) => a(c));
        for (let k = 0; k < vals.length; k++) c.bindings[step.slots[k]!] = vals[k];
        pushFrame(s.stack, step.body); // the end of the procedure's list moves past the call
        break;
      }
      case 'simultaneous': {
        if (s.halt) { s.steps--; return; }
        // each seat once, real seats only (a seat listed twice would get two threads and one answer)
        const players = seatsOnce(step.players(c) as number[], s.players);
        if (players.length === 0) { f.i++; break; }
        s.simultaneous = { list: step.body, step: f.i, threads: newThreads(s, players, step.slot) };
        if (startThreads(s, g)) return;
        break;
      }
      case 'offer': {
        if (s.halt) { s.steps--; return; }
        // each seat once, in the list's order (the order responses resolve in); each is asked in a thread of its
        // own, at the same time: a seat with nothing to respond with is not asked
        const players = seatsOnce(step.players(c) as number[], s.players);
        if (players.length === 0) { c.bindings[step.slot] = NO_PLAYER; c.bindings[step.askSlot] = step.declined; f.i++; break; }
        s.simultaneous = { list: step.body, step: f.i, threads: newThreads(s, players, step.slot) };
        if (startThreads(s, g)) return;
        break;
      }
    }
  }
}

function endOfList(s: State, g: Game, c: Ctx, f: State['stack'][number]): void {
  if (f.phase !== undefined) {
    const ph = g.phases[f.phase]!;
    if (ph.repeat && ph.repeat(c)) { f.i = 0; return; }
    s.stack.pop();
    // the next phase's list runs in the frame of the one just ended
    if (f.phase + 1 < g.phases.length) { const next = f.phase + 1; f.list = g.phases[next]!.body; f.i = 0; f.phase = next; s.stack.push(f); } else dropFrame(f);
    return;
  }
  s.stack.pop();
  const parent = s.stack[s.stack.length - 1]!;
  const owner = g.lists[parent.list]!.steps[parent.i]!;
  // a loop's next round runs in the frame of the round just ended (the same body, and for a forEach the same
  // items left): no new frame per round
  if (owner.kind === 'while') {
    if (!owner.test(c)) { parent.i++; dropFrame(f); } else { f.i = 0; s.stack.push(f); }
  } else if (owner.kind === 'forEach') {
    if (f.items && f.items.length) {
      c.bindings[owner.slot] = f.items.shift();
      f.i = 0;
      s.stack.push(f);
    } else { parent.i++; dropFrame(f); }
  } else { parent.i++; dropFrame(f); }
}

/** Runs each new thread of a simultaneous step until its first decision; returns whether the game ended. When no
 *  thread asks anything, the step is over at once. (Indexed loops: this runs every round of many games.) */
function startThreads(s: State, g: Game): boolean {
  const threads = s.simultaneous!.threads;
  for (let k = 0; k < threads.length; k++) {
    runThread(s, g, threads[k]!);
    if (s.ended) return true;
  }
  for (let k = 0; k < threads.length; k++) if (threads[k]!.prompt) return false;
  finishParallel(s, g);
  return false;
}

/** A decision with exactly one legal choice is taken at once and is not counted as an action. */
function autoResolve(s: State, g: Game, p: OpenPrompt): boolean {
  if (choiceCount(p) !== 1) return false;
  // the one legal choice: every option (min = max = number of options), or none at all (max = 0 never opens)
  // (the options themselves: the choice is only read, and the binding is a copy)
  const only = p.min === p.options.length ? p.options : NONE;
  resolveMain(s, g, p, only);
  return true;
}

function resolveMain(s: State, g: Game, p: OpenPrompt, choice: Choice): void {
  const def = g.promptSteps[p.key]!;
  s.prompt = null;
  const c = ctxEnter(s, g, s.bindings);
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
