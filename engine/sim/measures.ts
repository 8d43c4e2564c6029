// Measures read from a batch's game summaries that more than one report uses: a seat's advantage (`babelkit
// ladder`'s first seat's advantage, and the tuner's `seatN-advantage` target).

import type { GameSummary } from './games.js';
import { pairedMeanDifference, wilson, type Interval } from './stats.js';

/**
 * A seat's advantage: its win rate less an average seat's in the same games (each game's winners shared out
 * over the seats), as a paired mean difference with its 95% interval; also the seat's own rate and the share.
 */
export function seatAdvantage(runs: readonly GameSummary[], players: number, seat = 0): Interval & { value: number; wins: number; rate: number; rateLow: number; rateHigh: number; share: number } {
  const n = runs.length;
  const mine = runs.map((x) => (x.winningSeats.includes(seat) ? 1 : 0));
  const share = runs.map((x) => x.winningSeats.length / players);
  const wins = mine.reduce((s: number, x) => s + x, 0);
  const shareMean = share.reduce((s, x) => s + x, 0) / Math.max(1, n);
  const w = wilson(wins, n);
  return { ...pairedMeanDifference(share, mine), wins, rate: n ? wins / n : 0, rateLow: w.low, rateHigh: w.high, share: shareMean };
}
