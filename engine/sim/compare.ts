// A variant against its base, on the same seeds (common random numbers: game i of each is seeded "SEED:i"
// and played by the same bots), so the two runs are paired game by game. For every outcome and ending:
// each run's rate with its Wilson interval and the difference (variant − base) with Newcombe's paired
// interval; the mean game length and mean score likewise (paired mean differences); and a sentence per
// figure that says what the interval allows.

import type { Game } from '../model.js';
import type { GameSummary } from './games.js';
import { meanInterval, pairedDifference, pairedMeanDifference, wilson, type Interval } from './stats.js';
import { compareCategories, type CategoryComparison } from './categories.js';

export interface Rate extends Interval {
  count: number;
  rate: number;
}

export interface Difference extends Interval {
  value: number;
}

export interface RateComparison {
  /** the outcome or ending's id (a team, 'Player 2', 'none', 'truncated') */
  id: string;
  /** how a person reads it: the team's name, or the id */
  name: string;
  base: Rate;
  variant: Rate;
  /** variant − base, as a rate (0.041 = 4.1 points) */
  difference: Difference;
  verdict: string;
}

export interface MeanComparison {
  base: Interval & { mean: number };
  variant: Interval & { mean: number };
  difference: Difference;
  verdict: string;
}

export interface Comparison {
  games: number;
  outcomes: RateComparison[];
  endings: RateComparison[];
  /** per seat: how often it won */
  winsBySeat: RateComparison[];
  actionsPerGame: MeanComparison;
  /** when both rulesets declare scores: the mean total of a seat */
  score?: MeanComparison;
  /** when both rulesets declare scores: each category's points per seat, and the difference (categories.ts) */
  categories?: CategoryComparison[];
  /** the widest half-width among the rates and their differences */
  widest: number;
}

const pts = (x: number) => (100 * x).toFixed(1);
const num = (x: number) => (Math.abs(x) >= 100 ? x.toFixed(0) : Math.abs(x) >= 10 ? x.toFixed(1) : x.toFixed(2));

/** Sentence for a rate difference: "the Builders win 4.1 points more often, 95% CI 2.0–6.2". */
export function rateVerdict(subject: string, verb: string, d: Difference): string {
  const ci = `95% CI ${pts(d.low)} to ${pts(d.high)}`;
  if (d.low > 0) return `${subject} ${verb} ${pts(d.value)} points more often in the variant, ${ci}`;
  if (d.high < 0) return `${subject} ${verb} ${pts(-d.value)} points less often in the variant, ${ci}`;
  return `no clear difference: ${subject} ${verb} ${pts(Math.abs(d.value))} points ${d.value >= 0 ? 'more' : 'less'} often in the variant, ${ci}`;
}

function meanVerdict(what: string, unit: string, d: Difference): string {
  const ci = `95% CI ${num(d.low)} to ${num(d.high)}`;
  const v = Math.abs(d.value);
  const [more, less] = unit === 'decisions' ? ['longer', 'shorter'] : ['higher', 'lower'];
  if (d.low > 0) return `${what} is ${num(v)} ${unit} ${more} in the variant, ${ci}`;
  if (d.high < 0) return `${what} is ${num(v)} ${unit} ${less} in the variant, ${ci}`;
  return `no clear difference in ${what}: ${d.value >= 0 ? '+' : '−'}${num(v)} ${unit}, ${ci}`;
}

function rateOf(count: number, n: number): Rate {
  return { count, rate: n ? count / n : 0, ...wilson(count, n) };
}

/** Paired rates of an event read from each game's summary. */
function compareEvent(id: string, name: string, verb: string, base: readonly GameSummary[], variant: readonly GameSummary[], has: (s: GameSummary) => boolean): RateComparison {
  const n = base.length;
  let both = 0, onlyBase = 0, onlyVariant = 0, kb = 0, kv = 0;
  for (let i = 0; i < n; i++) {
    const a = has(base[i]!), b = has(variant[i]!);
    if (a) kb++;
    if (b) kv++;
    if (a && b) both++;
    else if (a) onlyBase++;
    else if (b) onlyVariant++;
  }
  const difference = pairedDifference(both, onlyBase, onlyVariant, n);
  return { id, name, base: rateOf(kb, n), variant: rateOf(kv, n), difference, verdict: rateVerdict(name, verb, difference) };
}

function compareMeans(what: string, unit: string, a: number[], b: number[]): MeanComparison {
  const stat = (xs: number[]) => meanInterval(xs.length, xs.reduce((s, x) => s + x, 0), xs.reduce((s, x) => s + x * x, 0));
  const difference = pairedMeanDifference(a, b);
  return { base: stat(a), variant: stat(b), difference, verdict: meanVerdict(what, unit, difference) };
}

/** The name a person knows an outcome by: a team's name, else its id. */
function outcomeName(g: Game, id: string): string {
  const t = g.teams.find((x) => x.id === id);
  if (t) return `the ${t.name}`.replace(/^the the /i, 'the ');
  if (id === 'none') return 'nobody';
  if (id === 'all') return 'everyone';
  if (id === 'truncated') return 'a truncated game';
  return id;
}

/** Compares two runs of the same games (summaries in game order, as many in each). */
export function compareRuns(base: Game, variant: Game, a: readonly GameSummary[], b: readonly GameSummary[], players: number): Comparison {
  if (a.length !== b.length) throw new RangeError(`the runs differ in length (${a.length} and ${b.length} games)`);
  const ids = (key: 'outcome' | 'ending', declared: string[]) => {
    const seen = new Set<string>(declared);
    for (const s of a) seen.add(s[key]);
    for (const s of b) seen.add(s[key]);
    return [...seen];
  };
  const teams = [...new Set([...base.teams.map((t) => t.id), ...variant.teams.map((t) => t.id)])];
  const endings = [...new Set([...base.endings.map((e) => e.id), ...variant.endings.map((e) => e.id)])];
  const outcomes = ids('outcome', teams).map((id) => compareEvent(id, outcomeName(base, id), id === 'truncated' ? 'happens' : winVerb(base, id), a, b, (s) => s.outcome === id));
  const ends = ids('ending', endings).map((id) => compareEvent(id, `the ending ${id}`, 'comes', a, b, (s) => s.ending === id));
  const seats = Array.from({ length: players }, (_, p) => compareEvent(`seat ${p + 1}`, `seat ${p + 1}`, 'wins', a, b, (s) => s.winningSeats.includes(p)));
  const actions = compareMeans('the game length', 'decisions', a.map((s) => s.actions), b.map((s) => s.actions));
  let score: MeanComparison | undefined;
  if (a.every((s) => s.scores) && b.every((s) => s.scores) && a.length) {
    const total = (s: GameSummary) => s.scores!.reduce((t, row) => t + row.reduce((x, y) => x + y, 0), 0) / s.scores!.length;
    score = compareMeans("a seat's mean score", 'points', a.map(total), b.map(total));
  }
  let widest = 0;
  for (const r of [...outcomes, ...ends, ...seats]) {
    widest = Math.max(widest, (r.base.high - r.base.low) / 2, (r.variant.high - r.variant.low) / 2, (r.difference.high - r.difference.low) / 2);
  }
  const categories = compareCategories(base, variant, a, b);
  return { games: a.length, outcomes, endings: ends, winsBySeat: seats, actionsPerGame: actions, ...(score ? { score } : {}), ...(categories.length ? { categories } : {}), widest };
}

/** "the Red team wins", "the Builders win": a team's name ending in s is taken as a plural. */
function winVerb(g: Game, id: string): string {
  const t = g.teams.find((x) => x.id === id);
  return t && /s$/i.test(t.name) ? 'win' : 'wins';
}
