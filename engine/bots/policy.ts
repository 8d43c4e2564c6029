// How a seat is expected to play, as probabilities: the model the belief (belief.ts) uses for the other seats.
// Where the prompt declares a heuristic `score`, a softmax over the choices' scores (the same heuristic the
// bots follow, softened: a seat may play otherwise), mixed with a little of the uniform choice so that no
// legal choice is ever impossible; without a score, every choice is as likely.

import type { Choice, Game, OpenPrompt, State } from '../model.js';
import type { Value } from '../expr/types.js';
import { choiceCount, choices } from '../flow.js';
import { nextFloat, randInt } from '../rng.js';
import { choiceScore } from './greedy.js';
import { randomChoice } from './random.js';
import { sameValue } from '../expr/value.js';

/** Points of heuristic score that make a choice e (≈2.7) times as likely as another. */
export const POLICY_TEMPERATURE = 1;
/** The share of the uniform choice in the model: a seat plays against its heuristic now and then. */
export const POLICY_MIX = 0.05;
/** Choices scored at most per decision; beyond, as many distinct ones drawn at random. */
const MAX_SCORED = 64;

/** The choices the model weighs, and their probabilities (summing to 1). */
function modelOf(s: State, g: Game, p: OpenPrompt, rng: Uint32Array, must?: readonly Value[]): { cands: Choice[]; probs: number[] } {
  let cands: Choice[];
  if (choiceCount(p) <= MAX_SCORED) cands = choices(p);
  else {
    cands = [];
    for (let k = 0; k < MAX_SCORED; k++) {
      const c = randomChoice(p, rng);
      if (!cands.some((x) => sameChoice(x, c))) cands.push(c);
    }
    if (must && !cands.some((x) => sameChoice(x, must))) cands.push(must.slice());
  }
  const n = cands.length;
  const raw = cands.map((c) => choiceScore(s, g, p.key, p.player, c));
  let hi = -Infinity;
  for (const v of raw) if (v > hi) hi = v;
  const probs = new Array<number>(n);
  if (!Number.isFinite(hi)) {
    probs.fill(1 / n);
    return { cands, probs };
  }
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const v = raw[i]!;
    const e = Number.isNaN(v) ? 0 : Math.exp((v - hi) / POLICY_TEMPERATURE);
    probs[i] = e;
    sum += e;
  }
  for (let i = 0; i < n; i++) probs[i] = (1 - POLICY_MIX) * (probs[i]! / sum) + POLICY_MIX / n;
  return { cands, probs };
}

function sameChoice(a: readonly Value[], b: readonly Value[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!b.some((y) => sameValue(y, a[i]))) return false;
  return true;
}

/** The model's probability that `p.player` takes `choice` at decision `p` in `s`. */
export function choiceLikelihood(s: State, g: Game, p: OpenPrompt, choice: readonly Value[], rng: Uint32Array): number {
  if (!g.promptSteps[p.key]!.prompt.score) return 1 / Math.max(1, choiceCount(p));
  const { cands, probs } = modelOf(s, g, p, rng, choice);
  for (let i = 0; i < cands.length; i++) if (sameChoice(cands[i]!, choice)) return probs[i]!;
  return POLICY_MIX / Math.max(1, choiceCount(p));
}

/** A choice drawn from the model. */
export function modelChoice(s: State, g: Game, p: OpenPrompt, rng: Uint32Array): Choice {
  if (!g.promptSteps[p.key]!.prompt.score || choiceCount(p) === 1) return randomChoice(p, rng);
  const { cands, probs } = modelOf(s, g, p, rng);
  let r = nextFloat(rng);
  for (let i = 0; i < cands.length; i++) {
    r -= probs[i]!;
    if (r < 0) return cands[i]!;
  }
  return cands[randInt(rng, cands.length)]!;
}
