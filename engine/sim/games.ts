// A batch's games, one at a time, as small summaries: what a report counts of one game. Whoever plays them
// (this thread, a Node worker thread, a browser worker, another machine for a shard) plays game i with the
// seed "SEED:i" and the same bots, so a summary does not depend on where it was played.

import type { Game, State } from '../model.js';
import type { OptionValues } from '../start.js';
import type { BotKind } from '../bots/index.js';
import { playout, type PlayoutResult } from './playout.js';
import { scoreTable } from '../scores.js';
import { compileRestriction, type SeatRestriction } from './restrict.js';

/** What a batch plays: the same for every game of it. */
export interface BatchSetup {
  players: number;
  seed: number | string;
  /** the bot of each seat */
  seats: BotKind[];
  options: OptionValues;
  /** restricted play: options some seats' bots never take (restrict.ts) */
  restrict?: SeatRestriction[];
}

/** One game as a report counts it. */
export interface GameSummary {
  /** the winning team ('all', 'none'), the winning players ('Player 1 + Player 3'), or 'truncated' */
  outcome: string;
  /** the ending's id, or 'truncated' */
  ending: string;
  /** why a truncated game stopped */
  message?: string;
  /** decisions with a real alternative */
  actions: number;
  winningSeats: number[];
  /** when the ruleset declares scores and the game finished: each seat's points per category */
  scores?: number[][];
  /** restricted play: the decisions where a seat's restriction took options away */
  restricted?: number;
  /** rule warnings of this game (warnings.ts): the place in the ruleset (file:line:col), the first message,
   *  how many times */
  warnings?: { where: string; message: string; times: number }[];
}

/** Game i of a batch is seeded with "SEED:i", so any single game can be replayed on its own. */
export function gameSeed(seed: number | string, i: number): string {
  return `${seed}:${i}`;
}

/** Plays game `i` of a batch. */
export function playGame(g: Game, b: BatchSetup, i: number, record = false, reuse?: State): PlayoutResult {
  const restrict = b.restrict?.length ? b.restrict.map((r) => compileRestriction(g, r)) : undefined;
  return playout(g, { players: b.players, seed: gameSeed(b.seed, i), bot: b.seats[0]!, seats: b.seats, options: b.options, record, warnings: true, ...(restrict ? { restrict } : {}), ...(reuse ? { reuse } : {}) });
}

/** A finished playout as a report counts it. */
export function summarize(g: Game, r: PlayoutResult): GameSummary {
  const out: GameSummary = r.truncated
    ? { outcome: 'truncated', ending: 'truncated', message: r.message ?? 'unknown', actions: r.actions, winningSeats: [] }
    : { outcome: r.outcome ?? 'none', ending: r.ending ?? 'none', actions: r.actions, winningSeats: r.winningSeats };
  if (!r.truncated && g.scoring) out.scores = scoreTable(r.state, g);
  if (r.restricted !== undefined) out.restricted = r.restricted;
  const w = r.state.warns;
  if (w && w.size) out.warnings = [...w].map(([site, x]) => ({ where: g.sites[site]?.where ?? `rule ${site}`, message: x.message, times: x.count }));
  return out;
}

/** Plays games [from, to) and returns their summaries in game order. */
export function playGames(g: Game, b: BatchSetup, from: number, to: number): GameSummary[] {
  const out: GameSummary[] = [];
  // each game is played in the state of the one before, once its summary is taken (no columns made per game)
  let last: State | undefined;
  for (let i = from; i < to; i++) {
    const r = playGame(g, b, i, false, last);
    out.push(summarize(g, r));
    last = r.state;
  }
  return out;
}

/** The games of shard `k` (1-based) of `n` in a batch of `games`: a contiguous slice, the slices covering
 *  every game once. */
export function shardRange(games: number, k: number, n: number): { from: number; to: number } {
  return { from: Math.floor(((k - 1) * games) / n), to: Math.floor((k * games) / n) };
}
