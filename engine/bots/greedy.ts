// The greedy bot: for each legal action, play it on a determinized copy of the game (see determinize.ts)
// until the next decision, and score the result by the objective the ruleset declares for the bot's
// team, plus the prompt's own heuristic `score` for what the lookahead cannot show (a card handed face
// down). Best score wins; ties are broken at random from the bot's own stream.

import type { Ctx, Game, OpenPrompt, State } from '../model.js';
import { choiceCount, choices, resolve } from '../flow.js';
import { cardVisibleTo } from '../visibility.js';
import { cloneState } from '../state.js';
import { determinize } from './determinize.js';
import { randInt } from '../rng.js';
import { randomChoice } from './random.js';

const MAX_CANDIDATES = 64;

export function greedyChoice(s: State, g: Game, p: OpenPrompt, rng: Uint32Array): any[] {
  const me = p.player;
  const def = g.promptSteps[p.key]!;
  // never list a huge number of combinations: sample candidates instead
  const cands = choiceCount(p) > MAX_CANDIDATES ? Array.from({ length: MAX_CANDIDATES }, () => randomChoice(p, rng)) : choices(p);
  if (cands.length === 1) return cands[0]!;
  const base = determinize(s, g, me, rng);
  // A card the bot cannot see is known only by where it lies: in the copy, the card at that place.
  const blind = def.prompt.choose === 'cards' ? (e: number) => (cardVisibleTo(s, g, e, me) ? e : base.zones[s.loc[e]!]![s.zones[s.loc[e]!]!.indexOf(e)]!) : null;
  const selfSlot = 0; // '$self' is slot 0 in every compiled game
  const score = def.prompt.score;
  const bindings = s.par ? s.par.threads.find((t) => t.player === me)!.b : s.b;
  let best = -Infinity;
  let bestList: any[][] = [];
  for (const real of cands) {
    const choice = blind ? real.map(blind) : real;
    let v = 0;
    if (score) {
      const c: Ctx = { s: base, g, b: bindings.slice(), it: undefined };
      c.b[selfSlot] = me;
      for (const x of choice) { c.it = x; v += score(c); }
    }
    const t = cloneState(base);
    const tp = t.par ? t.par.threads.find((th) => th.player === me)!.prompt! : t.prompt!;
    resolve(t, g, tp, choice);
    v += objective(t, g, me);
    if (v > best + 1e-9) { best = v; bestList = [real]; }
    else if (Math.abs(v - best) <= 1e-9) bestList.push(real);
  }
  return bestList[randInt(rng, bestList.length)]!;
}

/** The objective of `player`'s current team in state `s` (0 when the ruleset declares none). */
export function objective(s: State, g: Game, player: number): number {
  if (s.ended) {
    const r = s.roles[player]!;
    const team = r >= 0 ? g.teams[g.roles[r]!.team]!.id : null;
    if (s.ended.winner === team || s.ended.winner === 'all') return 1e6;
    // another team won, or nobody did (`winner: none`: in a cooperative game, everyone lost)
    if (s.ended.winner) return -1e6;
    return 0;
  }
  const r = s.roles[player]!;
  if (r < 0) return 0;
  const team = g.teams[g.roles[r]!.team]!;
  if (!team.objective) return 0;
  const b = s.b.slice();
  b[0] = player;
  return team.objective({ s, g, b, it: undefined });
}
