// A batch's report: game summaries (games.ts) counted in game order, and shard reports merged. A report
// keeps its raw totals (sums and sums of squares), so shards merge into exactly the report of the whole
// run: counts add, the totals add (whole numbers: exact in any order), the means are worked out from them.

import type { Game } from '../model.js';
import type { BotKind } from '../bots/index.js';
import type { OptionValues } from '../start.js';
import type { BatchSetup, GameSummary } from './games.js';

export interface SimulateReport {
  ruleset: string;
  hash: string;
  games: number;
  players: number;
  seed: number | string;
  /** the bot of seat 1 (every seat's when they are all the same) */
  bot: BotKind;
  /** the bot of each seat */
  seats: BotKind[];
  options: OptionValues;
  /** the games played: indices [from, to) of the batch (a whole run: [0, games]) */
  range: [number, number];
  wins: Record<string, number>;
  endings: Record<string, number>;
  truncated: number;
  truncations: Record<string, number>;
  /** rule warnings (a count asking for more cards than there are…): per place in the ruleset, the first
   *  message, in how many games and how many times in all */
  warnings: SimWarning[];
  actionsPerGame: { mean: number; max: number };
  /** wins counted per seat (a team's win counts for each of its seats; a shared win for each sharer) */
  winsBySeat: number[];
  /** when the ruleset declares scores: the mean total, per seat, and per category */
  scores?: { mean: number; bySeat: number[]; categories: Record<string, number> };
  /** the raw sums behind the means (merging shards, intervals) */
  totals: Totals;
  seconds: number;
  gamesPerSecond: number;
}

export interface SimWarning { where: string; message: string; games: number; times: number }

/** Adds a game's (or a shard's) warnings into a list kept by place. */
function addWarnings(into: SimWarning[], from: readonly { where: string; message: string; times: number; games?: number }[]): void {
  for (const w of from) {
    const had = into.find((x) => x.where === w.where);
    if (had) { had.games += w.games ?? 1; had.times += w.times; }
    else into.push({ where: w.where, message: w.message, games: w.games ?? 1, times: w.times });
  }
}

export interface Totals {
  actions: number;
  actionsSquared: number;
  /** finished games whose scores were counted */
  scored: number;
  /** per seat: the sum of its totals, and of their squares */
  scoreBySeat: number[];
  scoreSquaredBySeat: number[];
  /** per category: the sum over seats and games */
  scoreByCategory: number[];
  /** per category: the sum over games of the square of the game's total over its seats (the category's interval;
   *  totals, not means, so that whole scores keep the sums whole and shards merge exactly); only when the ruleset
   *  declares scores */
  scoreSquaredByCategory?: number[];
  /** histogram of game lengths (actions → games) */
  lengths: Record<string, number>;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Counts game summaries, in game order, into a report. */
export class Tally {
  private wins: Record<string, number> = {};
  private endings: Record<string, number> = {};
  private truncations: Record<string, number> = {};
  private warnings: SimWarning[] = [];
  private truncated = 0;
  private max = 0;
  private count = 0;
  private winsBySeat: number[];
  private totals: Totals;

  constructor(private g: Game, private setup: BatchSetup, private from = 0) {
    for (const t of g.teams) this.wins[t.id] = 0;
    for (const e of g.endings) this.endings[e.id] = 0;
    this.winsBySeat = new Array(setup.players).fill(0);
    const cats = g.scoring ? g.scoring.categories.length : 0;
    this.totals = {
      actions: 0, actionsSquared: 0, scored: 0,
      scoreBySeat: new Array(setup.players).fill(0), scoreSquaredBySeat: new Array(setup.players).fill(0),
      scoreByCategory: new Array(cats).fill(0), ...(cats ? { scoreSquaredByCategory: new Array(cats).fill(0) } : {}), lengths: {},
    };
  }

  get games(): number {
    return this.count;
  }

  add(r: GameSummary): void {
    this.count++;
    if (r.outcome === 'truncated') {
      this.truncated++;
      const why = r.message ?? 'unknown';
      this.truncations[why] = (this.truncations[why] ?? 0) + 1;
    }
    if (r.warnings) addWarnings(this.warnings, r.warnings);
    this.wins[r.outcome] = (this.wins[r.outcome] ?? 0) + 1;
    this.endings[r.ending] = (this.endings[r.ending] ?? 0) + 1;
    const t = this.totals;
    t.actions += r.actions;
    t.actionsSquared += r.actions * r.actions;
    t.lengths[r.actions] = (t.lengths[r.actions] ?? 0) + 1;
    if (r.actions > this.max) this.max = r.actions;
    for (const p of r.winningSeats) this.winsBySeat[p]!++;
    if (r.scores) {
      t.scored++;
      r.scores.forEach((row, p) => {
        let sum = 0;
        row.forEach((v, k) => { sum += v; t.scoreByCategory[k]! += v; });
        t.scoreBySeat[p]! += sum;
        t.scoreSquaredBySeat[p]! += sum * sum;
      });
      const sq = t.scoreSquaredByCategory ?? [];
      for (let k = 0; k < sq.length; k++) {
        let sum = 0;
        for (const row of r.scores) sum += row[k] ?? 0;
        sq[k]! += sum * sum;
      }
    }
  }

  report(seconds: number): SimulateReport {
    return buildReport(this.g.id, this.g.hash, this.setup, [this.from, this.from + this.count], {
      wins: this.wins, endings: this.endings, truncated: this.truncated, truncations: this.truncations, warnings: this.warnings, max: this.max,
      winsBySeat: this.winsBySeat, totals: this.totals,
    }, this.g.scoring ? this.g.scoring.categories.map((c) => c.id) : null, seconds);
  }
}

interface Counts {
  wins: Record<string, number>;
  endings: Record<string, number>;
  truncated: number;
  truncations: Record<string, number>;
  warnings: SimWarning[];
  max: number;
  winsBySeat: number[];
  totals: Totals;
}

function buildReport(ruleset: string, hash: string, setup: BatchSetup, range: [number, number], c: Counts, categories: string[] | null, seconds: number): SimulateReport {
  const games = range[1] - range[0];
  const t = c.totals;
  const per = t.scored * setup.players;
  const seats = setup.seats.slice();
  return {
    ruleset,
    hash,
    games,
    players: setup.players,
    seed: setup.seed,
    bot: seats[0]!,
    seats,
    options: { ...setup.options },
    range,
    wins: { ...c.wins },
    endings: { ...c.endings },
    truncated: c.truncated,
    truncations: { ...c.truncations },
    warnings: c.warnings.map((w) => ({ ...w })),
    actionsPerGame: { mean: games ? round2(t.actions / games) : 0, max: c.max },
    winsBySeat: c.winsBySeat.slice(),
    ...(categories
      ? {
          scores: {
            mean: per ? round2(t.scoreBySeat.reduce((a, b) => a + b, 0) / per) : 0,
            bySeat: t.scoreBySeat.map((x) => (t.scored ? round2(x / t.scored) : 0)),
            categories: Object.fromEntries(categories.map((id, k) => [id, per ? round2(t.scoreByCategory[k]! / per) : 0])),
          },
        }
      : {}),
    totals: {
      ...t, scoreBySeat: t.scoreBySeat.slice(), scoreSquaredBySeat: t.scoreSquaredBySeat.slice(), scoreByCategory: t.scoreByCategory.slice(),
      ...(t.scoreSquaredByCategory ? { scoreSquaredByCategory: t.scoreSquaredByCategory.slice() } : {}), lengths: { ...t.lengths },
    },
    seconds: Math.round(seconds * 1000) / 1000,
    // three significant digits: a slow run (bots that search) reads 0.36 games/s, not 0
    gamesPerSecond: seconds > 0 ? Number((games / seconds).toPrecision(3)) : 0,
  };
}

export class MergeError extends Error {}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Merges shard reports of one batch (same ruleset and hash, players, seed, seats and options; slices that
 * follow each other without a gap or an overlap, in any order given) into the report of all their games.
 * Seconds add up (the CPU time of the shards).
 */
export function mergeReports(reports: readonly SimulateReport[]): SimulateReport {
  if (reports.length === 0) throw new MergeError('nothing to merge');
  const rs = reports.slice().sort((a, b) => a.range[0] - b.range[0]);
  const first = rs[0]!;
  for (const r of rs) {
    for (const k of ['ruleset', 'hash', 'players', 'seed', 'seats', 'options'] as const) {
      if (!same(r[k], first[k])) throw new MergeError(`the reports are not of one batch: ${k} is ${JSON.stringify(first[k])} in one and ${JSON.stringify(r[k])} in another`);
    }
  }
  for (let i = 1; i < rs.length; i++) {
    const a = rs[i - 1]!.range, b = rs[i]!.range;
    if (b[0] < a[1]) throw new MergeError(`games ${b[0]}–${Math.min(a[1], b[1]) - 1} are in two reports`);
    if (b[0] > a[1]) throw new MergeError(`games ${a[1]}–${b[0] - 1} are in no report (a shard is missing)`);
  }
  const add = (into: Record<string, number>, from: Record<string, number>) => { for (const [k, v] of Object.entries(from)) into[k] = (into[k] ?? 0) + v; };
  const players = first.players;
  const cats = first.totals.scoreByCategory.length;
  const c: Counts = {
    wins: {}, endings: {}, truncated: 0, truncations: {}, warnings: [], max: 0, winsBySeat: new Array(players).fill(0),
    totals: {
      actions: 0, actionsSquared: 0, scored: 0, scoreBySeat: new Array(players).fill(0), scoreSquaredBySeat: new Array(players).fill(0),
      scoreByCategory: new Array(cats).fill(0), ...(cats ? { scoreSquaredByCategory: new Array(cats).fill(0) } : {}), lengths: {},
    },
  };
  let seconds = 0;
  for (const r of rs) {
    add(c.wins, r.wins); add(c.endings, r.endings); add(c.truncations, r.truncations);
    addWarnings(c.warnings, r.warnings ?? []);
    c.truncated += r.truncated;
    c.max = Math.max(c.max, r.actionsPerGame.max);
    r.winsBySeat.forEach((v, p) => { c.winsBySeat[p]! += v; });
    const t = c.totals, u = r.totals;
    t.actions += u.actions; t.actionsSquared += u.actionsSquared; t.scored += u.scored;
    u.scoreBySeat.forEach((v, p) => { t.scoreBySeat[p]! += v; });
    u.scoreSquaredBySeat.forEach((v, p) => { t.scoreSquaredBySeat[p]! += v; });
    u.scoreByCategory.forEach((v, k) => { t.scoreByCategory[k]! += v; });
    u.scoreSquaredByCategory?.forEach((v, k) => { t.scoreSquaredByCategory![k]! += v; });
    add(t.lengths, u.lengths);
    seconds += r.seconds;
  }
  const categories = first.scores ? Object.keys(first.scores.categories) : null;
  const setup: BatchSetup = { players, seed: first.seed, seats: first.seats, options: first.options };
  return buildReport(first.ruleset, first.hash, setup, [first.range[0], rs[rs.length - 1]!.range[1]], c, categories, seconds);
}
