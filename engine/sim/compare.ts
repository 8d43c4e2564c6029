// A variant against its base, on the same seeds (common random numbers: game i of each is seeded "SEED:i"
// and played by the same bots), so the two runs are paired game by game. For every outcome and ending:
// each run's rate with its Wilson interval and the difference (variant − base) with Newcombe's paired
// interval; the mean game length, mean score and each seat's score likewise (paired mean differences); and a
// sentence per figure that says what the interval allows.
//
// A report answers a dozen questions at once, and at 95% each, one of them comes out "clear" by chance about
// every other report. So a verdict calls a difference clear only if it holds after Holm's correction over every
// line compared (its p-value, the one its interval method gives, against α/m, α/(m−1), …); the intervals shown
// stay the plain 95% ones. A team that wins (almost) never or (almost) always cannot show a change in its rate:
// the report warns, and the endings say more.

import type { Game } from '../model.js';
import type { GameSummary } from './games.js';
import { holm, meanInterval, pairedDifference, pairedMeanDifference, pValueOf, wilson, type Interval } from './stats.js';
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
  /** the difference's two-sided p-value (the interval method's: p < 0.05 exactly when its 95% interval
   *  excludes 0) */
  p: number;
  /** whether the difference holds after Holm's correction over every line of the comparison */
  holds: boolean;
  /** a rate at (or within half a point of) 0% or 100% in either run: a change cannot show in it */
  bound?: 'floor' | 'ceiling';
  verdict: string;
}

export interface MeanComparison {
  base: Interval & { mean: number };
  variant: Interval & { mean: number };
  difference: Difference;
  p: number;
  holds: boolean;
  verdict: string;
}

/** One seat's mean total score in each run, and the paired difference. */
export interface SeatScoreComparison extends MeanComparison {
  /** the seat (0 = first) */
  seat: number;
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
  /** when both rulesets declare scores: each seat's total score */
  seatScores?: SeatScoreComparison[];
  /** the widest half-width among the rates and their differences */
  widest: number;
  /** how many lines were compared (the size of the Holm correction) */
  lines: number;
  /** what to beware of when reading the report (a rate at the floor or ceiling) */
  warnings: string[];
}

const pts = (x: number) => (100 * x).toFixed(1);
const num = (x: number) => (Math.abs(x) >= 100 ? x.toFixed(0) : Math.abs(x) >= 10 ? x.toFixed(1) : x.toFixed(2));

/** Sentence for a rate difference on its own (no correction): "the Builders win 4.1 points more often, 95% CI
 *  2.0–6.2". */
export function rateVerdict(subject: string, verb: string, d: Difference): string {
  const ci = `95% CI ${pts(d.low)} to ${pts(d.high)}`;
  if (d.low > 0) return `${subject} ${verb} ${pts(d.value)} points more often in the variant, ${ci}`;
  if (d.high < 0) return `${subject} ${verb} ${pts(-d.value)} points less often in the variant, ${ci}`;
  return `no clear difference: ${subject} ${verb} ${pts(Math.abs(d.value))} points ${d.value >= 0 ? 'more' : 'less'} often in the variant, ${ci}`;
}

function rateSentence(subject: string, verb: string, d: Difference): string {
  return `${subject} ${verb} ${pts(Math.abs(d.value))} points ${d.value >= 0 ? 'more' : 'less'} often in the variant, 95% CI ${pts(d.low)} to ${pts(d.high)}`;
}

function meanSentence(what: string, unit: string, d: Difference): string {
  const [more, less] = unit === 'decisions' ? ['longer', 'shorter'] : ['higher', 'lower'];
  return `${what} is ${num(Math.abs(d.value))} ${unit} ${d.value >= 0 ? more : less} in the variant, 95% CI ${num(d.low)} to ${num(d.high)}`;
}

const pText = (p: number) => (p < 0.0001 ? '< 0.0001' : p < 0.01 ? p.toFixed(4) : p.toFixed(3));

/** A line's verdict once the whole comparison is corrected (Holm over `lines` lines). */
export function correctedVerdict(sentence: string, p: number, holds: boolean, needed: number, lines: number): string {
  if (holds) return `${sentence} (clear after correcting for the ${lines} lines compared)`;
  if (p < 0.05) return `no clear difference once the ${lines} lines compared are accounted for: ${sentence} (p = ${pText(p)}; it would need p < ${pText(needed)})`;
  return `no clear difference: ${sentence}`;
}

function rateOf(count: number, n: number): Rate {
  return { count, rate: n ? count / n : 0, ...wilson(count, n) };
}

/** A rate within half a point of 0% or 100% in either run. */
function boundOf(a: Rate, b: Rate): 'floor' | 'ceiling' | undefined {
  if (a.rate <= 0.005 || b.rate <= 0.005) return 'floor';
  if (a.rate >= 0.995 || b.rate >= 0.995) return 'ceiling';
  return undefined;
}

/** Paired rates of an event read from each game's summary (its verdict is set once the lines are corrected). */
function compareEvent(id: string, name: string, base: readonly GameSummary[], variant: readonly GameSummary[], has: (s: GameSummary) => boolean): RateComparison {
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
  const p = pValueOf(difference.value, (z) => pairedDifference(both, onlyBase, onlyVariant, n, z));
  return { id, name, base: rateOf(kb, n), variant: rateOf(kv, n), difference, p, holds: false, verdict: '' };
}

function compareMeans(a: readonly number[], b: readonly number[]): MeanComparison {
  const stat = (xs: readonly number[]) => meanInterval(xs.length, xs.reduce((s, x) => s + x, 0), xs.reduce((s, x) => s + x * x, 0));
  const difference = pairedMeanDifference(a, b);
  const p = pValueOf(difference.value, (z) => pairedMeanDifference(a, b, z));
  return { base: stat(a), variant: stat(b), difference, p, holds: false, verdict: '' };
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
  const n = a.length;
  const ids = (key: 'outcome' | 'ending', declared: string[]) => {
    const seen = new Set<string>(declared);
    for (const s of a) seen.add(s[key]);
    for (const s of b) seen.add(s[key]);
    return [...seen];
  };
  const teams = [...new Set([...base.teams.map((t) => t.id), ...variant.teams.map((t) => t.id)])];
  const endings = [...new Set([...base.endings.map((e) => e.id), ...variant.endings.map((e) => e.id)])];
  const outcomeVerb = (id: string) => (id === 'truncated' ? 'happens' : winVerb(base, id));
  const outcomes = ids('outcome', teams).map((id) => compareEvent(id, outcomeName(base, id), a, b, (s) => s.outcome === id));
  const ends = ids('ending', endings).map((id) => compareEvent(id, `the ending ${id}`, a, b, (s) => s.ending === id));
  const seats = Array.from({ length: players }, (_, p) => compareEvent(`seat ${p + 1}`, `seat ${p + 1}`, a, b, (s) => s.winningSeats.includes(p)));
  const actions = compareMeans(a.map((s) => s.actions), b.map((s) => s.actions));
  let score: MeanComparison | undefined;
  let seatScores: SeatScoreComparison[] | undefined;
  if (a.every((s) => s.scores) && b.every((s) => s.scores) && n) {
    const total = (s: GameSummary) => s.scores!.reduce((t, row) => t + row.reduce((x, y) => x + y, 0), 0) / s.scores!.length;
    score = compareMeans(a.map(total), b.map(total));
    const seatTotal = (s: GameSummary, p: number) => (s.scores![p] ?? []).reduce((x, y) => x + y, 0);
    seatScores = Array.from({ length: players }, (_, p) => ({ seat: p, ...compareMeans(a.map((s) => seatTotal(s, p)), b.map((s) => seatTotal(s, p))) }));
  }
  const categories = compareCategories(base, variant, a, b);

  // the family: every line that can differ (an event seen in neither run is no question asked)
  const rates = [...outcomes, ...ends, ...seats].filter((r) => r.base.count + r.variant.count > 0);
  // (a line with a difference, a p-value and a verdict)
  type Line = { difference: Difference; p: number; holds: boolean; verdict: string };
  const means: Line[] = [actions, ...(score ? [score] : []), ...(seatScores ?? []), ...categories];
  const family = [...rates.map((r) => r.p), ...means.map((m) => m.p)];
  const lines = family.length;
  const { holds, needed } = holm(family);
  rates.forEach((r, i) => { r.holds = holds[i]!; });
  means.forEach((m, i) => { m.holds = holds[rates.length + i]!; });
  const neededOf = (i: number) => needed[i] ?? 0.05;
  const rateLine = (r: RateComparison, verb: string) => {
    const i = rates.indexOf(r);
    r.verdict = correctedVerdict(rateSentence(r.name, verb, r.difference), r.p, r.holds, i < 0 ? 0.05 : neededOf(i), lines);
  };
  outcomes.forEach((r) => rateLine(r, outcomeVerb(r.id)));
  ends.forEach((r) => rateLine(r, 'comes'));
  seats.forEach((r) => rateLine(r, 'wins'));
  const meanLine = (m: Line, sentence: string) => {
    m.verdict = correctedVerdict(sentence, m.p, m.holds, neededOf(rates.length + means.indexOf(m)), lines);
  };
  meanLine(actions, meanSentence('the game length', 'decisions', actions.difference));
  if (score) meanLine(score, meanSentence("a seat's mean score", 'points', score.difference));
  for (const m of seatScores ?? []) meanLine(m, meanSentence(`seat ${m.seat + 1}'s score`, 'points', m.difference));
  for (const c of categories) meanLine(c, meanSentence(c.name, 'points per seat', c.difference));

  const warnings: string[] = [];
  for (const r of outcomes) {
    if (r.id === 'truncated' || r.id === 'none') continue;
    r.bound = boundOf(r.base, r.variant);
    if (!r.bound) continue;
    const where = r.bound === 'floor' ? 'never or almost never' : 'always or almost always';
    warnings.push(`${r.name} ${outcomeVerb(r.id)} ${where} (${r.base.count} of ${n} games of the base, ${r.variant.count} of the variant): at the ${r.bound}, a change of the rules cannot show in this rate; read the endings instead (how the games end), or play with stronger bots`);
  }

  let widest = 0;
  for (const r of [...outcomes, ...ends, ...seats]) {
    widest = Math.max(widest, (r.base.high - r.base.low) / 2, (r.variant.high - r.variant.low) / 2, (r.difference.high - r.difference.low) / 2);
  }
  return {
    games: n, outcomes, endings: ends, winsBySeat: seats, actionsPerGame: actions, ...(score ? { score } : {}),
    ...(categories.length ? { categories } : {}), ...(seatScores ? { seatScores } : {}), widest, lines, warnings,
  };
}

/** Where two comparisons of the same rulesets (with other bots) come to different verdicts: each line both
 *  report, as "more", "less" or "no clear difference" after correction. */
export interface VerdictChange {
  line: string;
  first: string;
  second: string;
}

/** The lines on which `second` (the same comparison with another bot) reads otherwise than `first`. */
export function verdictChanges(first: Comparison, second: Comparison): VerdictChange[] {
  const reading = (holds: boolean, d: Difference) => (!holds ? 'no clear difference' : d.value > 0 ? 'higher in the variant' : 'lower in the variant');
  const lines = (c: Comparison) => {
    const m = new Map<string, string>();
    const rate = (kind: string) => (r: RateComparison) => m.set(`${kind}: ${r.name}`, reading(r.holds, r.difference));
    c.outcomes.forEach(rate('wins'));
    c.endings.forEach(rate('ending'));
    c.winsBySeat.forEach(rate('wins'));
    m.set('game length', reading(c.actionsPerGame.holds, c.actionsPerGame.difference));
    if (c.score) m.set('mean score', reading(c.score.holds, c.score.difference));
    for (const s of c.seatScores ?? []) m.set(`seat ${s.seat + 1}'s score`, reading(s.holds, s.difference));
    for (const k of c.categories ?? []) m.set(`score: ${k.name}`, reading(k.holds, k.difference));
    return m;
  };
  const a = lines(first), b = lines(second);
  const out: VerdictChange[] = [];
  for (const [line, x] of a) {
    const y = b.get(line);
    if (y !== undefined && y !== x) out.push({ line, first: x, second: y });
  }
  return out;
}

/** "the Red team wins", "the Builders win": a team's name ending in s is taken as a plural. */
function winVerb(g: Game, id: string): string {
  const t = g.teams.find((x) => x.id === id);
  return t && /s$/i.test(t.name) ? 'win' : 'wins';
}
