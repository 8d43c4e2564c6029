// The `ahead` bot: a flat Monte Carlo search that models the other seats by the greedy bot's policy. For each of
// its options it deals the same copies (determinize.ts: what its seat cannot see, drawn from what it sees and
// remembers), plays the option on each, and plays every other decision on the copy as greedy would (the other
// seats', and its own later ones), up to a horizon of steps: the step being decided (every seat deciding at once
// there counts as one step), then HORIZON − 1 more. The option whose copies end best by the ruleset's objective,
// on average, wins (ties: the bot's own stream).
//
// Against greedy seats, this is a policy rollout (Tesauro & Galperin 1996; Bertsekas's rollout algorithm): it
// improves on the policy it rolls out where the objective, judged a step or two later, tells the options apart.
// Every option is judged on the same copies, and a choice another seat makes in the step being decided (it cannot
// see this seat's choice there) is worked out once a copy and played against every option alike; in the step after,
// once a copy for each set of options the seat is offered there. So the options' differences are not drowned in
// the copies' noise, and a decision costs about options × copies × (this seat's greedy decisions of the steps ahead).
//
// Everything random comes from the bot's own stream: the same view and stream give the same decision.

import type { Choice, Game, OpenPrompt, State } from '../model.js';
import { choiceCount, choices, nextPrompt, promptOf, resolve } from '../flow.js';
import { cloneState } from '../state.js';
import { randInt } from '../rng.js';
import { blindCard, copier } from './determinize.js';
import { candidateChoices } from './random.js';
import { botPrompt } from './options.js';
import { greedyChoice, objective } from './greedy.js';
import { withCache } from '../memo.js';

/** Copies each option is judged on, without a budget (one seat among two greedy in a 3-player card-drafting game:
 *  68% of 150 games won, 53% of another 150, at 2.6 to 2.8 CPU-s a game measured loaded; 3 copies: 57% at 0.8). */
export const AHEAD_DEFAULT_COPIES = 16;
/** Steps played on a copy before it is judged: the one being decided and the next. */
export const AHEAD_HORIZON = 2;
/** Options judged per decision at most; beyond, as many distinct ones drawn at random. */
const MAX_CANDIDATES = 48;
/** a bound on the decisions played on one copy (a step whose threads ask again and again) */
const MAX_DECISIONS = 500;

export function aheadChoice(s: State, g: Game, p: OpenPrompt, rng: Uint32Array, copies: number, horizon = AHEAD_HORIZON): Choice {
  return withCache(() => search(s, g, p, rng, copies, horizon));
}

function search(s: State, g: Game, p: OpenPrompt, rng: Uint32Array, copies: number, horizon: number): Choice {
  const me = p.player;
  const cands = candidateChoices(p, rng, MAX_CANDIDATES);
  if (cands.length === 1) return cands[0]!;
  const cardPrompt = g.promptSteps[p.key]!.prompt.kind.cards;
  const copy = copier(s, g, me);
  const total = new Array<number>(cands.length).fill(0);
  for (let k = 0; k < copies; k++) {
    const d = copy(rng);
    // the other seats' choices in the step being decided, worked out once for this copy; and in the step after,
    // once for each hand of options a seat is then offered (see `Line`)
    const inStep = new Map<string, Choice>();
    const later = new Map<string, Choice>();
    const stream = rng.slice();
    randInt(rng, 2); // the bot's own stream moves on, whatever the copies' greedy decisions drew
    for (let i = 0; i < cands.length; i++) {
      const t = cloneState(d);
      const open = promptOf(t, me)!;
      const choice = cardPrompt ? cands[i]!.map((e) => blindCard(s, t, g, e, me)) : cands[i]!;
      total[i]! += playOn(t, g, open, choice, me, horizon, inStep, later, stream.slice());
    }
  }
  let best: number[] = [];
  let bv = -Infinity;
  total.forEach((v, i) => {
    const x = Number.isNaN(v) ? -Infinity : v;
    if (best.length === 0 || x > bv + 1e-9) { bv = x; best = [i]; } else if (x >= bv - 1e-9) best.push(i);
  });
  return cands[best[randInt(rng, best.length)]!]!;
}

/** Plays `choice` on the copy `t`, then every decision after it up to the horizon; the objective of `me` there. */
function playOn(t: State, g: Game, open: OpenPrompt, choice: Choice, me: number, horizon: number, inStep: Map<string, Choice>, later: Map<string, Choice>, rng: Uint32Array): number {
  const root = t.simultaneous;
  if (horizon <= 1) t.halt = true;
  resolve(t, g, open, choice);
  return playRest({ g, me, horizon, root, inStep, later, rng }, t, 1, root);
}

interface Line {
  g: Game;
  me: number;
  horizon: number;
  /** the simultaneous step being decided (null outside one) */
  root: State['simultaneous'];
  /** the other seats' choices in the step being decided (the same for every option of this seat) */
  inStep: Map<string, Choice>;
  /** the other seats' choices in the step after it, by the options they are offered there, shared by this seat's
   *  options: a seat offered the same options decides alike whatever this seat chose before (an approximation: the
   *  choice was worked out on the first line that offered them). Fewer greedy decisions, and options that hand
   *  the others the same cards are judged against the same replies (150 games of a 3-player card-drafting game,
   *  8 copies: 90 won at 1.27 CPU-s a game, against 93 at 2.37 without sharing; 16 copies shared: 102 at 2.61). */
  later: Map<string, Choice>;
  rng: Uint32Array;
}

/** Plays on from `t` to the horizon, every decision as greedy would. `steps`: the steps begun so far, the last
 *  decision's step `last`. */
function playRest(l: Line, t: State, steps: number, last: State['simultaneous']): number {
  const { g, me } = l;
  for (let k = 0; k < MAX_DECISIONS && !t.ended; k++) {
    const q0 = nextPrompt(t);
    if (!q0) break;
    // a decision outside the step of the last one begins a step: the last of the horizon stops the flow at its end
    if (!t.simultaneous || t.simultaneous !== last) {
      steps++;
      if (steps >= l.horizon) t.halt = true;
    }
    last = t.simultaneous;
    const q = botPrompt(t, g, q0);
    if (choiceCount(q) === 1) { resolve(t, g, q0, choices(q)[0]!); continue; }
    let c: Choice;
    if (q.player !== me && t.simultaneous && (t.simultaneous === l.root || steps === 2)) {
      // another seat choosing in a step without seeing this seat's choice there: the same for each of its options
      const cache = t.simultaneous === l.root ? l.inStep : l.later;
      const key = `${q.player}|${q.key}|${JSON.stringify(q.options)}`;
      let known = cache.get(key);
      if (!known) { known = greedyChoice(t, g, q, l.rng); cache.set(key, known); }
      c = known;
    } else c = greedyChoice(t, g, q, l.rng);
    resolve(t, g, q0, c);
  }
  const v = objective(t, g, me);
  return Number.isNaN(v) ? -Infinity : v;
}

