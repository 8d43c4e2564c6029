// Batch simulation: G games from one seed, aggregated into the figures a designer compares.

import type { Game } from '../model.js';
import { playout, type BotKind, type PlayoutResult } from './playout.js';
import { checkOptions, checkPlayers } from '../start.js';
import { scoreTable } from '../scores.js';

export interface SimulateOptions {
  players: number;
  games: number;
  seed: number | string;
  bot: BotKind;
  options?: Record<string, number | boolean | string>;
  /** called after each game (progress bars, replay saving) */
  onGame?: (i: number, r: PlayoutResult, gameSeed: string) => void;
  record?: boolean;
}

export interface SimulateReport {
  ruleset: string;
  hash: string;
  games: number;
  players: number;
  seed: number | string;
  bot: BotKind;
  wins: Record<string, number>;
  endings: Record<string, number>;
  truncated: number;
  truncations: Record<string, number>;
  actionsPerGame: { mean: number; max: number };
  /** wins counted per seat (a team's win counts for each of its seats; a shared win for each sharer) */
  winsBySeat: number[];
  /** when the ruleset declares scores: the mean total, per seat, and per category */
  scores?: { mean: number; bySeat: number[]; categories: Record<string, number> };
  seconds: number;
  gamesPerSecond: number;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

function scoreSummary(ids: string[], seatTotals: number[], catTotals: number[], games: number, players: number): NonNullable<SimulateReport['scores']> {
  const per = games * players;
  return {
    mean: per ? round2(seatTotals.reduce((a, b) => a + b, 0) / per) : 0,
    bySeat: seatTotals.map((t) => (games ? round2(t / games) : 0)),
    categories: Object.fromEntries(ids.map((id, k) => [id, per ? round2(catTotals[k]! / per) : 0])),
  };
}

/** Game i of a batch is seeded with "SEED:i", so any single game can be replayed on its own. */
export function gameSeed(seed: number | string, i: number): string {
  return `${seed}:${i}`;
}

export function simulate(g: Game, o: SimulateOptions): SimulateReport {
  // checked once for the batch (each game then starts without a check of its own worth reporting)
  checkPlayers(g, o.players);
  const options = checkOptions(g, o.options);
  const wins: Record<string, number> = {};
  const endings: Record<string, number> = {};
  for (const t of g.teams) wins[t.id] = 0;
  for (const e of g.endings) endings[e.id] = 0;
  const truncations: Record<string, number> = {};
  let truncated = 0, sum = 0, max = 0;
  const winsBySeat = new Array(o.players).fill(0);
  const scoring = g.scoring;
  const seatTotals = new Array(o.players).fill(0);
  const catTotals = scoring ? new Array(scoring.categories.length).fill(0) : [];
  let scored = 0;
  const t0 = performance.now();
  for (let i = 0; i < o.games; i++) {
    const seed = gameSeed(o.seed, i);
    const r = playout(g, { players: o.players, seed, bot: o.bot, options, record: o.record });
    if (r.truncated) {
      truncated++;
      wins.truncated = (wins.truncated ?? 0) + 1;
      endings.truncated = (endings.truncated ?? 0) + 1;
      const why = r.message ?? 'unknown';
      truncations[why] = (truncations[why] ?? 0) + 1;
    } else {
      const w = r.outcome ?? 'none';
      wins[w] = (wins[w] ?? 0) + 1;
      const e = r.ending ?? 'none';
      endings[e] = (endings[e] ?? 0) + 1;
    }
    sum += r.actions;
    if (r.actions > max) max = r.actions;
    for (const p of r.winningSeats) winsBySeat[p]++;
    if (scoring && !r.truncated) {
      const table = scoreTable(r.state, g);
      table.forEach((row, p) => row.forEach((v, k) => { seatTotals[p] += v; catTotals[k] += v; }));
      scored++;
    }
    o.onGame?.(i, r, seed);
  }
  const seconds = (performance.now() - t0) / 1000;
  return {
    ruleset: g.id,
    hash: g.hash,
    games: o.games,
    players: o.players,
    seed: o.seed,
    bot: o.bot,
    wins,
    endings,
    truncated,
    truncations,
    actionsPerGame: { mean: o.games ? Math.round((sum / o.games) * 100) / 100 : 0, max },
    winsBySeat,
    ...(scoring ? { scores: scoreSummary(scoring.categories.map((c) => c.id), seatTotals, catTotals, scored, o.players) } : {}),
    seconds: Math.round(seconds * 1000) / 1000,
    gamesPerSecond: seconds > 0 ? Math.round(o.games / seconds) : 0,
  };
}
