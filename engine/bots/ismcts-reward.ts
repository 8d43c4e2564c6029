// What one ISMCTS iteration is worth to each seat, between 0 and 1. A finished game: 1 to a seat that won
// (its team, everyone in a cooperative win, or a player of a shared win: 1/k each among k), 0 to one that
// did not. A game the rollout stopped before its end: each seat's declared objective (the one greedy
// raises: its team's, or the player's own) measured against the values the same search has seen for that
// seat so far (a z-score through a logistic), so an objective on any scale — blocks missing, points, a
// progress count — tells better from worse without a constant tuned per game.

import type { Game, State } from '../model.js';
import { objective } from './greedy.js';

/** Running mean and variance of each seat's objective over one search's stopped rollouts (Welford). */
export class ObjectiveScale {
  private n: number[];
  private mean: number[];
  private m2: number[];
  constructor(players: number) {
    this.n = new Array(players).fill(0);
    this.mean = new Array(players).fill(0);
    this.m2 = new Array(players).fill(0);
  }

  /** Adds a value for `seat` and returns its reward: 0.5 at the mean, towards 0.1 or 0.9 two deviations away. */
  reward(seat: number, v: number): number {
    const n = ++this.n[seat]!;
    const d = v - this.mean[seat]!;
    this.mean[seat]! += d / n;
    this.m2[seat]! += d * (v - this.mean[seat]!);
    if (n < 2) return 0.5;
    const sd = Math.sqrt(this.m2[seat]! / (n - 1));
    if (!(sd > 1e-9)) return 0.5;
    const z = Math.max(-6, Math.min(6, (v - this.mean[seat]!) / sd));
    return 1 / (1 + Math.exp(-1.1 * z));
  }
}

/** The reward of every seat in `s` (finished or stopped). */
export function rewards(s: State, g: Game, scale: ObjectiveScale, out: number[]): number[] {
  out.fill(0);
  if (s.ended) {
    if (s.ended.truncated) { out.fill(0.5); return out; }
    const e = s.ended;
    if (e.winners) {
      for (const p of e.winners) out[p] = 1 / e.winners.length;
      return out;
    }
    if (!e.winner || e.winner === 'none') return out;
    for (let p = 0; p < s.players; p++) {
      const r = s.roles[p]!;
      if (e.winner === 'all' || (r >= 0 && g.teams[g.roles[r]!.team]!.id === e.winner)) out[p] = 1;
    }
    return out;
  }
  for (let p = 0; p < s.players; p++) out[p] = scale.reward(p, objective(s, g, p));
  return out;
}
