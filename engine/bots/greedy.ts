// The greedy bot: for each legal action, play it on a determinized copy of the game (see determinize.ts)
// until the next decision, and score the result by the objective the ruleset declares for the bot's
// team, plus the prompt's own heuristic `score` for what the lookahead cannot show (a card handed face
// down). Best score wins; ties are broken at random from the bot's own stream.
//
// Fair in simultaneous steps: a bot deciding inside one looks ahead to the same point whatever its seat —
// past the whole step. The other seats' decisions still open in the step are filled in at random from the
// bot's own stream (never from their real choices), its own later decisions in the step take their first
// option, and every candidate is judged with the same fill-ins (the stream is rewound for each), so the
// last seat to decide sees no more than the first.

import type { Ctx, Choice, Game, OpenPrompt, State } from '../model.js';
import type { Value } from '../expr/types.js';
import { choiceCount, choices, resolve } from '../flow.js';
import { cloneState } from '../state.js';
import { blindCard, determinize } from './determinize.js';
import { randInt } from '../rng.js';
import { RuleError } from '../expr/env.js';
import { randomChoice } from './random.js';
import { botPrompt } from './options.js';
import { withCache } from '../memo.js';

const MAX_CANDIDATES = 64;
/** a bound on the fill-in decisions of one lookahead (a step whose threads ask again and again) */
const MAX_FILL = 1000;

export function greedyChoice(s: State, g: Game, p: OpenPrompt, rng: Uint32Array): Choice {
  const me = p.player;
  const def = g.promptSteps[p.key]!;
  // never list a huge number of combinations: sample candidates instead (each distinct one once)
  const cands = choiceCount(p) > MAX_CANDIDATES ? distinctChoices(Array.from({ length: MAX_CANDIDATES }, () => randomChoice(p, rng))) : choices(p);
  if (cands.length === 1) return cands[0]!;
  const base = determinize(s, g, me, rng);
  // A card the bot cannot see is known only by where it lies: in the copy, the card at that place.
  const blind = def.prompt.kind.cards ? (e: Value) => blindCard(s, base, g, e, me) : null;
  const score = def.prompt.score;
  // the simultaneous step this decision belongs to (null outside one): the lookahead goes past it
  const step = s.simultaneous ? { list: s.simultaneous.list, step: s.simultaneous.step, depth: s.stack.length } : null;
  const fillRng = rng.slice();
  randInt(rng, 2); // the bot's own stream moves on, whatever the fill-ins drew
  let best = -Infinity;
  let bestList: Choice[] = [];
  for (let i = 0; i < cands.length; i++) {
    const real = cands[i]!;
    const choice = blind ? real.map(blind) : real;
    let v = score ? choiceScore(base, g, p.key, me, choice) : 0;
    // the last candidate is played on the determinized copy itself (nothing reads it afterwards): a copy less
    // per decision
    const t = i === cands.length - 1 ? base : cloneState(base);
    t.halt = true;
    const tp = t.simultaneous ? t.simultaneous.threads.find((th) => th.player === me)!.prompt! : t.prompt!;
    resolve(t, g, tp, choice);
    if (step) finishStep(t, g, me, step, fillRng.slice());
    v += heuristic(() => objective(t, g, me));
    // a heuristic that is not a number (a score over an empty pile divided by 0) counts as the worst
    if (Number.isNaN(v)) v = -Infinity;
    if (bestList.length === 0 || v > best + 1e-9) { best = v; bestList = [real]; }
    else if (v >= best - 1e-9) bestList.push(real);
  }
  return bestList[randInt(rng, bestList.length)]!;
}

/** The prompt's own heuristic `score` of a choice for `player` (the sum over the values chosen), judged on `s`
 *  with the bindings of the player's decision there; 0 when the prompt declares none. */
export function choiceScore(s: State, g: Game, key: number, player: number, choice: readonly Value[]): number {
  const score = g.promptSteps[key]!.prompt.score;
  if (!score) return 0;
  const bindings = s.simultaneous ? s.simultaneous.threads.find((t) => t.player === player)!.bindings : s.bindings;
  const c: Ctx = { s, g, bindings: bindings.slice(), it: undefined, memo: undefined }; // the flow's contexts' shape (flow/context.ts)
  c.bindings[0] = player; // '$self' is slot 0 in every compiled game
  // definitions cached (memo.ts): the choices of one decision are judged on one state
  return withCache(() => {
    let v = 0;
    for (const x of choice) { c.it = x; v += heuristic(() => score(c)); }
    return v;
  });
}

/** Plays the rest of a simultaneous step on a lookahead copy: other seats at random, the bot's own later
 *  decisions by their first option, until the step is over (the flow then runs on to the next decision). */
function finishStep(t: State, g: Game, me: number, step: { list: number; step: number; depth: number }, rng: Uint32Array): void {
  for (let k = 0; k < MAX_FILL; k++) {
    const par = t.simultaneous;
    if (t.ended || !par || par.list !== step.list || par.step !== step.step || t.stack.length !== step.depth) return;
    let open: OpenPrompt | null = null;
    for (const th of par.threads) if (th.prompt && (!open || th.player < open.player)) open = th.prompt;
    if (!open) return;
    const q = botPrompt(t, g, open);
    const choice = open.player === me ? firstChoice(q) : randomChoice(q, rng);
    resolve(t, g, open, choice);
  }
}

/** The first legal choice of a decision (its first options, as many as it asks for). */
function firstChoice(p: OpenPrompt): Choice {
  return p.options.slice(0, Math.max(p.min, Math.min(1, p.max)));
}

function distinctChoices(xs: Choice[]): Choice[] {
  const seen = new Set<string>();
  return xs.filter((x) => {
    const k = JSON.stringify(x);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** The objective of `player` in state `s`: a won game is worth 1e6 (a shared win half of it), a lost one
 *  -1e6; otherwise the objective the ruleset declares for the player's team, or for a player who plays for
 *  themselves (0 when it declares none). */
/** A heuristic or objective that breaks a rule on a lookahead copy (a player who is none there) judges that
 *  candidate the worst; the real game meets the rule error only if it is played. */
function heuristic(f: () => number): number {
  try {
    return f();
  } catch (e) {
    if (e instanceof RuleError) return -Infinity;
    throw e;
  }
}

export function objective(s: State, g: Game, player: number): number {
  if (s.ended) {
    if (s.ended.winners) {
      if (!s.ended.winners.includes(player)) return -1e6;
      return s.ended.winners.length === 1 ? 1e6 : 5e5;
    }
    const r = s.roles[player]!;
    const team = r >= 0 ? g.teams[g.roles[r]!.team]!.id : null;
    if (s.ended.winner === team || s.ended.winner === 'all') return 1e6;
    // another team won, or nobody did (`winner: none`: in a cooperative game, everyone lost)
    if (s.ended.winner) return -1e6;
    return 0;
  }
  const r = s.roles[player]!;
  const f = r >= 0 ? g.teams[g.roles[r]!.team]!.objective : g.objective;
  if (!f) return 0;
  const b = s.bindings.slice();
  b[0] = player;
  // definitions cached (memo.ts): a rival's standing, unchanged by the move being judged, is computed once
  return withCache(() => f({ s, g, bindings: b, it: undefined, memo: undefined })); // the flow's contexts' shape
}
