// Batch simulation in this thread: G games from one seed (game i seeded "SEED:i"), counted in game order
// into the figures a designer compares. Playing the games elsewhere (worker threads, browser workers,
// shards on other machines) gives the same summaries, and report.ts counts them the same way.

import type { Game } from '../model.js';
import type { PlayoutResult } from './playout.js';
import { checkOptions, checkPlayers, MatchError } from '../start.js';
import { parseBot, botProblem, type BotKind } from '../bots/index.js';
import { gameSeed, playGame, summarize, type BatchSetup } from './games.js';
import { Tally, type SimulateReport } from './report.js';
import { compileRestriction, RestrictionError, type SeatRestriction } from './restrict.js';

export { gameSeed } from './games.js';
export type { SimulateReport } from './report.js';

export interface SimulateOptions {
  players: number;
  games: number;
  seed: number | string;
  /** the bot of every seat (default random) */
  bot?: BotKind;
  /** one bot per seat (overrides `bot`) */
  seats?: BotKind[];
  options?: Record<string, number | boolean | string>;
  /** the first game's index (a shard's slice starts there; default 0) */
  from?: number;
  /** called after each game (progress bars, replay saving) */
  onGame?: (i: number, r: PlayoutResult, gameSeed: string) => void;
  record?: boolean;
}

/** Checks a batch's players, options and bots once (MatchError when they cannot be played). */
export function batchSetup(g: Game, o: { players: number; seed: number | string; bot?: BotKind; seats?: BotKind[]; options?: Record<string, number | boolean | string>; restrict?: SeatRestriction[] }): BatchSetup {
  const players = checkPlayers(g, o.players);
  const options = checkOptions(g, o.options);
  const raw = o.seats ?? Array.from({ length: players }, () => o.bot ?? 'random');
  if (raw.length !== players) throw new MatchError(`give one bot per seat (${players}), not ${raw.length}`);
  const seats = raw.map((b, i) => {
    const k = parseBot(b);
    if (!k) throw new MatchError(`seat ${i + 1}: ${botProblem(b)}`);
    return k;
  });
  for (const r of o.restrict ?? []) {
    if (r.seat < 0 || r.seat >= players) throw new MatchError(`a restriction names seat ${r.seat + 1}, and a ${players}-player game has seats 1 to ${players}`);
    try {
      compileRestriction(g, r);
    } catch (e) {
      if (e instanceof RestrictionError) throw new MatchError(e.message);
      throw e;
    }
  }
  return { players, seed: o.seed, seats, options, ...(o.restrict?.length ? { restrict: o.restrict.map((r) => ({ seat: r.seat, never: r.never })) } : {}) };
}

export function simulate(g: Game, o: SimulateOptions): SimulateReport {
  const setup = batchSetup(g, o);
  const from = o.from ?? 0;
  const tally = new Tally(g, setup, from);
  const t0 = performance.now();
  for (let i = from; i < from + o.games; i++) {
    const r = playGame(g, setup, i, o.record);
    tally.add(summarize(g, r));
    o.onGame?.(i, r, gameSeed(setup.seed, i));
  }
  return tally.report((performance.now() - t0) / 1000);
}
