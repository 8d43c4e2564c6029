// A ladder of bots (after TAG's balance work: agents of graded skill played against each other): how much one
// seat gains by a stronger bot. For every ordered pair of bots (A, B), one seat plays A among seats playing B,
// the seat rotated game by game (game i puts A in seat i mod N); its win rate is compared with that same seat's
// in the same games played by B everywhere (same seeds: a paired difference, so the luck of the deal cancels).
// And, from the games where every seat plays the same bot, the first seat's advantage: seat 1's win rate
// against an average seat's (the winners of a game shared out over the seats).

import type { Game } from '../model.js';
import type { BotKind } from '../bots/index.js';
import { batchSetup } from './simulate.js';
import { playGame, summarize, type BatchSetup, type GameSummary } from './games.js';
import { pairedDifference, wilson, type Interval } from './stats.js';
import { seatAdvantage } from './measures.js';

export interface LadderOptions {
  players: number;
  seed: number | string;
  /** the bots, weaker first (the order a designer expects them to rank in) */
  bots: BotKind[];
  /** games per cell */
  games: number;
  options?: Record<string, number | boolean | string>;
  /** after each game: how many of the ladder's games are done */
  onGame?: (done: number, total: number) => void;
}

export interface LadderCell {
  /** the bot of the one seat (the row) and of the others (the column) */
  strong: BotKind;
  weak: BotKind;
  games: number;
  /** games the one seat won, its rate and 95% interval (Wilson) */
  wins: number;
  rate: number;
  low: number;
  high: number;
  /** that seat's wins in the same games with the column's bot everywhere */
  baseline: { wins: number; rate: number };
  /** rate − baseline rate, paired over the games (Newcombe), 95% interval */
  edge: Interval & { value: number };
  verdict: 'stronger' | 'weaker' | 'no clear difference';
}

export interface FirstSeat {
  bot: BotKind;
  games: number;
  /** seat 1's wins, rate and 95% interval */
  wins: number;
  rate: number;
  low: number;
  high: number;
  /** an average seat's win rate in the same games (each game's winners shared out over the seats) */
  share: number;
  /** rate − share, 95% interval (paired over the games) */
  advantage: Interval & { value: number };
}

export interface LadderReport {
  players: number;
  seed: number | string;
  games: number;
  bots: BotKind[];
  /** cells[a][b]: one seat of bots[a] among bots[b] (a = b: every seat bots[a], the seat rotated alike) */
  cells: LadderCell[][];
  firstSeat: FirstSeat[];
  /** pairs where the later (meant to be stronger) bot does not clearly beat the earlier one */
  inversions: { strong: BotKind; weak: BotKind }[];
}

/** One seat's bot among the others': the seats of game i (the one seat is i mod N). */
function setups(g: Game, o: LadderOptions, strong: BotKind, weak: BotKind): BatchSetup[] {
  return Array.from({ length: o.players }, (_, r) =>
    batchSetup(g, { players: o.players, seed: o.seed, seats: Array.from({ length: o.players }, (_, p) => (p === r ? strong : weak)), options: o.options }));
}

export function ladder(g: Game, o: LadderOptions): LadderReport {
  const k = o.bots.length;
  const n = o.games;
  const total = k * k * n;
  let done = 0;
  const play = (strong: BotKind, weak: BotKind): GameSummary[] => {
    const s = setups(g, o, strong, weak);
    const out: GameSummary[] = [];
    for (let i = 0; i < n; i++) {
      out.push(summarize(g, playGame(g, s[i % o.players]!, i)));
      o.onGame?.(++done, total);
    }
    return out;
  };
  // the one seat's win in game i
  const won = (runs: readonly GameSummary[]) => runs.map((x, i) => x.winningSeats.includes(i % o.players));
  const same = o.bots.map((b) => play(b, b));
  const cells: LadderCell[][] = o.bots.map((a, ia) => o.bots.map((b, ib) => {
    const runs = ia === ib ? same[ia]! : play(a, b);
    const mine = won(runs), base = won(same[ib]!);
    let both = 0, onlyBase = 0, onlyMine = 0, wins = 0, baseWins = 0;
    for (let i = 0; i < n; i++) {
      if (mine[i]) wins++;
      if (base[i]) baseWins++;
      if (mine[i] && base[i]) both++;
      else if (base[i]) onlyBase++;
      else if (mine[i]) onlyMine++;
    }
    const edge = pairedDifference(both, onlyBase, onlyMine, n);
    const verdict = ia === ib ? 'no clear difference' : edge.low > 0 ? 'stronger' : edge.high < 0 ? 'weaker' : 'no clear difference';
    return { strong: a, weak: b, games: n, wins, rate: n ? wins / n : 0, ...wilson(wins, n), baseline: { wins: baseWins, rate: n ? baseWins / n : 0 }, edge, verdict };
  }));
  const firstSeat = o.bots.map((bot, ib): FirstSeat => {
    const a = seatAdvantage(same[ib]!, o.players, 0);
    return { bot, games: n, wins: a.wins, rate: a.rate, low: a.rateLow, high: a.rateHigh, share: a.share, advantage: { value: a.value, low: a.low, high: a.high } };
  });
  const inversions: LadderReport['inversions'] = [];
  for (let a = 0; a < k; a++) for (let b = 0; b < a; b++) if (cells[a]![b]!.verdict !== 'stronger') inversions.push({ strong: o.bots[a]!, weak: o.bots[b]! });
  return { players: o.players, seed: o.seed, games: n, bots: o.bots.slice(), cells, firstSeat, inversions };
}
