// The ISMCTS bot: information-set Monte Carlo tree search (Cowling, Powley & Whitehouse, "Information Set
// Monte Carlo Tree Search", 2012), in its multiple-observer form, deciding from its own seat's view only.
//
// Each iteration:
//  1. determinizes what the seat cannot see (determinize.ts: hidden cards redealt among the places showing
//     the same back, hidden roles from the deal, hidden variables reset, the game's randomness from the
//     bot's own stream; other seats' open decisions worked out again on that copy);
//  2. plays down the trees (ismcts-tree.ts: one per seat, each split only by what that seat sees), every
//     seat choosing by UCB1 in its own tree among the actions legal on this copy, until a seat meets an
//     action it has not tried: that one is added;
//  3. plays on at random (a rollout) until the game ends or ROLLOUT_DECISIONS more decisions are taken (inside a
//     simultaneous step, on to the step's end, where every choice in it is applied: a game where every seat always
//     moves at once is cut too);
//  4. backs up each seat's reward (ismcts-reward.ts: 1 for a win of its team, 0 for a loss, or its declared
//     objective for a stopped rollout) through that seat's own tree.
// `guided` (the same search) follows the ruleset's own heuristics where a prompt declares a `score`: in the
// tree, untried actions are tried best-scored first and a progressive bias leans UCB1 towards them; in the
// rollouts, most decisions take the best-scored choice instead of a random one. Prompts without a score, and
// rulesets without any, are searched exactly as by `ismcts`.
// The bot then takes its most visited action. Cooperative and team games need nothing special: a team's
// seats share its result. A seat deciding later in a simultaneous step learns nothing of an earlier one's
// choice in its own tree, so its statistics average over what the others may have chosen.
//
// Everything random comes from the bot's own stream: the same view and stream give the same decision.

import type { Game, Choice, OpenPrompt, State } from '../model.js';
import { nextPrompt, promptOf, resolve, stillOpen } from '../flow.js';
import { spareDecision } from '../flow/decision.js';
import { randInt } from '../rng.js';
import { blindCard, copier } from './determinize.js';
import { candidateChoices, randomChoice } from './random.js';
import { botPrompt } from './options.js';
import { choiceScore } from './greedy.js';
import { child, newNode, selectUcb, TreeKeys, type Node } from './ismcts-tree.js';
import { ObjectiveScale, rewards } from './ismcts-reward.js';
import { withCache } from '../memo.js';

/** Iterations per decision of `ismcts` without a budget: a five-player game of the bundled hidden-role
 *  ruleset with every seat ISMCTS plays in under 10 s on the 2-core development machine (measured: about 2.6 s
 *  with 600; at 200 the bot was much weaker in a 3-player card-drafting game: 48% of wins against two greedy
 *  seats, against 75% at 600). */
export const ISMCTS_DEFAULT_ITERATIONS = 600;
/** Decisions a rollout takes after leaving the tree before the position is judged by the objectives, unless the
 *  ruleset says otherwise (its top-level `rollout`: 0 where its objective judges a position better than random
 *  play to the end of a turn does). */
export const ROLLOUT_DECISIONS = 24;
/** a bound on the decisions of one iteration (a ruleset whose games never end) */
const MAX_DECISIONS = 5000;
/** UCB1's exploration constant (rewards lie in [0, 1]). */
const EXPLORATION = 0.7;
/** Candidate choices listed per decision at most; beyond, as many distinct ones drawn at random. */
const MAX_CANDIDATES = 48;
/** Iterations per decision of `guided` without a budget (its rollouts judge each choice: slower per iteration). */
export const GUIDED_DEFAULT_ITERATIONS = 100;
/** `guided`: the weight of the prompts' heuristic scores in the tree (a progressive bias, scaled 0–1 among the
 *  actions of a decision, fading as an action is tried: weight × bias / (visits + 1)). */
const GUIDE_WEIGHT = 10;
/** `guided`: the percentage of rollout decisions taken by the prompt's heuristic score (the rest at random). */
const GUIDE_ROLLOUT = 80;

/** What a search did, for benches and tests: the decisions taken on its copies, in the trees and rollouts. */
export interface SearchStats {
  decisions: number;
}

export function ismctsChoice(s: State, g: Game, p: OpenPrompt, rng: Uint32Array, iterations: number, guided = false, rollout = g.rollout ?? ROLLOUT_DECISIONS, stats?: SearchStats): Choice {
  // definitions cached across the copies (memo.ts: a value is reused only where nothing it read changed), as a
  // batch playout already runs every bot; a bot called on its own (a live table, a bench) searches as fast
  return withCache(() => search(s, g, p, rng, iterations, guided, rollout, stats));
}

function search(s: State, g: Game, p: OpenPrompt, rng: Uint32Array, iterations: number, guided: boolean, rollout: number, stats?: SearchStats): Choice {
  // `guided` is led by a decision's heuristic where its prompt declares a `score`
  const led = (key: number) => guided && !!g.promptSteps[key]!.prompt.score;
  const me = p.player;
  const cands = candidateChoices(p, rng, MAX_CANDIDATES);
  if (cands.length === 1) return cands[0]!;
  const cardPrompt = g.promptSteps[p.key]!.prompt.kind.cards;
  const trees: Node[] = Array.from({ length: s.players }, newNode);
  const tk = new TreeKeys(s.players);
  const rootKids = cands.map((_, i) => child(trees[me]!, tk.rootKey(i)));
  const ledRoot = led(p.key);
  const copy = copier(s, g, me);
  if (ledRoot) {
    const d0 = copy(rng);
    setBiases(rootKids, cands.map((c) => choiceScore(d0, g, p.key, me, cardPrompt ? c.map((e) => blindCard(s, d0, g, e, me)) : c)));
  }
  const scale = new ObjectiveScale(s.players);
  const r = new Array<number>(s.players).fill(0);
  const paths: Node[][] = Array.from({ length: s.players }, () => []);
  const cur: Node[] = new Array(s.players);
  // scratch: per in-tree decision, its candidates' nodes and the untried ones; a random rollout choice
  const kids: Node[] = [];
  const untried: number[] = [];
  const scratch: Choice = [];

  for (let it = 0; it < iterations; it++) {
    const d = copy(rng);
    for (let q = 0; q < s.players; q++) { cur[q] = trees[q]!; paths[q]!.length = 0; paths[q]!.push(trees[q]!); }

    // the root: this seat's own decision, among the real candidates (a card it cannot see: the copy's card
    // at the same place)
    let k: number;
    const fresh = rootKids.findIndex((n) => n.visits === 0);
    for (const n of rootKids) n.avail++;
    const w = ledRoot ? GUIDE_WEIGHT : 0;
    k = fresh >= 0 ? (ledRoot ? bestBy(untriedOf(rootKids), (i) => rootKids[i]!.bias, rng) : fresh) : selectUcb(rootKids, EXPLORATION, w);
    const dp = promptOf(d, me)!;
    const choice = cardPrompt ? cands[k]!.map((e) => blindCard(s, d, g, e, me)) : cands[k]!;
    descend(tk, d, g, dp, choice, me, rootKids[k]!, cur, paths);
    if (stats) stats.decisions++;
    // the simultaneous step of the last decision taken (null outside one)
    let stepOfLast = d.simultaneous;
    resolve(d, g, dp, choice);
    let inTree = fresh < 0;

    // down the trees, then a rollout
    let rolled = 0;
    for (let guard = 0; !d.ended && guard < MAX_DECISIONS; guard++) {
      // A position is judged only where no choice lies committed and unapplied: outside a simultaneous step, or
      // at one that has just begun (a new step, so every seat's choice of the last one is revealed and applied).
      // Inside a step begun earlier, every action would look alike. In a game where every seat always moves at
      // once, every decision lies in some simultaneous step: the start of the next one is where it stops.
      // Inside a step still open, the flow is told to stop before it works out the next decision (`halt`): the
      // step's other choices are taken and applied, and nothing more is computed for a position only judged.
      if (!inTree && rolled >= rollout) {
        if (!d.simultaneous || d.simultaneous !== stepOfLast) break;
        d.halt = true;
      }
      const open = nextPrompt(d);
      if (!open) break;
      const q = botPrompt(d, g, open);
      const x = q.player;
      stepOfLast = d.simultaneous;
      if (stats) stats.decisions++;
      if (!inTree) {
        if (rolled + 1 >= rollout) d.halt = true;
        if (led(q.key) && randInt(rng, 100) < GUIDE_ROLLOUT) resolve(d, g, q, scoredChoice(d, g, q, rng));
        else {
          // a random choice on a copy nothing records: written in one list, and the decision, once answered,
          // lent to the next (as a batch playout does, sim/playout.ts)
          resolve(d, g, q, randomChoice(q, rng, scratch));
          if (q === open && !stillOpen(d, open)) spareDecision(open);
        }
        rolled++;
        continue;
      }
      const cs = candidateChoices(q, rng, MAX_CANDIDATES);
      const node = cur[x]!;
      // every candidate's node (created where missing: an action legal here counts as available either way)
      kids.length = cs.length;
      let unjudged = false;
      for (let i = 0; i < cs.length; i++) {
        const n = child(node, tk.choice(d, g, q, cs[i]!, x));
        kids[i] = n;
        if (n.bias < 0) unjudged = true;
      }
      const ledHere = led(q.key);
      if (ledHere && unjudged) setBiases(kids, cs.map((c) => choiceScore(d, g, q.key, x, c)), true);
      untried.length = 0;
      for (let i = 0; i < kids.length; i++) { const n = kids[i]!; n.avail++; if (n.visits === 0) untried.push(i); }
      let pick: number;
      if (untried.length) {
        pick = ledHere ? bestBy(untried, (i) => kids[i]!.bias, rng) : untried[randInt(rng, untried.length)]!;
        if (cs.length > 1) {
          inTree = false; // one new node per iteration: then the rollout
          if (rollout === 0) d.halt = true;
        }
      } else pick = selectUcb(kids, EXPLORATION, ledHere ? GUIDE_WEIGHT : 0);
      descend(tk, d, g, q, cs[pick]!, x, kids[pick]!, cur, paths);
      resolve(d, g, q, cs[pick]!);
    }

    rewards(d, g, scale, r);
    for (let q = 0; q < s.players; q++) {
      const path = paths[q]!;
      const v = r[q]!;
      for (const n of path) { n.visits++; n.total += v; }
    }
  }

  // the most visited action; among equals the best mean, then the bot's stream
  let best: number[] = [];
  let bv = -1, bm = -Infinity;
  rootKids.forEach((n, i) => {
    const m = n.visits ? n.total / n.visits : -Infinity;
    if (n.visits > bv || (n.visits === bv && m > bm + 1e-12)) { bv = n.visits; bm = m; best = [i]; }
    else if (n.visits === bv && Math.abs(m - bm) <= 1e-12) best.push(i);
  });
  return cands[best[randInt(rng, best.length)]!]!;
}

/** The choice the prompt's heuristic score likes best (ties: the bot's stream), among the candidates. */
function scoredChoice(d: State, g: Game, q: OpenPrompt, rng: Uint32Array): Choice {
  const cs = candidateChoices(q, rng, MAX_CANDIDATES);
  const i = bestBy(cs.map((_, k) => k), (k) => choiceScore(d, g, q.key, q.player, cs[k]!), rng);
  return i >= 0 ? cs[i]! : randomChoice(q, rng);
}

/** Scales raw heuristic scores to 0–1 among siblings and sets them as the nodes' biases (only where unset
 *  when `onlyNew`). */
function setBiases(nodes: Node[], raw: number[], onlyNew = false): void {
  let lo = Infinity, hi = -Infinity;
  for (const v of raw) if (Number.isFinite(v)) { if (v < lo) lo = v; if (v > hi) hi = v; }
  raw.forEach((v, i) => {
    const n = nodes[i]!;
    if (onlyNew && n.bias >= 0) return;
    n.bias = !Number.isFinite(v) ? (v > 0 ? 1 : 0) : hi > lo ? (v - lo) / (hi - lo) : 0.5;
  });
}

/** Of `items`, the one whose value is highest (ties: the bot's stream); -1 when no value is a number. */
function bestBy(items: readonly number[], value: (i: number) => number, rng: Uint32Array): number {
  let best: number[] = [];
  let bv = -Infinity;
  for (const i of items) {
    const v = value(i);
    if (v > bv + 1e-12) { bv = v; best = [i]; } else if (Math.abs(v - bv) <= 1e-12) best.push(i);
  }
  return best.length ? best[randInt(rng, best.length)]! : -1;
}

/** The indices of the children not tried yet. */
function untriedOf(kids: readonly Node[]): number[] {
  const out: number[] = [];
  kids.forEach((n, i) => { if (n.visits === 0) out.push(i); });
  return out;
}

/** Moves every seat's tree down by one decision: the mover's to `moverNode` (the action as it knows it), the
 *  others' under what each of them sees of it. */
function descend(tk: TreeKeys, d: State, g: Game, p: OpenPrompt, choice: Choice, mover: number, moverNode: Node, cur: Node[], paths: Node[][]): void {
  for (let q = 0; q < cur.length; q++) {
    const n = q === mover ? moverNode : child(cur[q]!, tk.observed(d, g, p, choice, q));
    cur[q] = n;
    paths[q]!.push(n);
  }
}
