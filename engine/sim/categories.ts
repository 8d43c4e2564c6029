// Score categories in simulation figures: a report's mean points per seat in each category the ruleset
// declares, with its 95% interval, and a variant against its base, category by category (the paired mean
// difference with its interval): how many points a new category adds, whether an old one matters less.
//
// The unit is a game: a game's value of a category is its mean over the seats (the seats of one game are not
// independent: what one seat wins from another, that one loses), so the intervals are over games. A category one
// ruleset does not declare counts 0 points there (a category only the variant has is all gain).

import type { Game } from '../model.js';
import type { GameSummary } from './games.js';
import type { SimulateReport } from './report.js';
import { meanInterval, pairedMeanDifference, pValueOf, type Interval } from './stats.js';

export interface CategoryMean extends Interval {
  id: string;
  name: string;
  /** mean points per seat */
  mean: number;
}

export interface CategoryComparison {
  id: string;
  name: string;
  /** mean points per seat in each run, with its interval; absent: the ruleset does not declare it (0 points) */
  base: (Interval & { mean: number }) | null;
  variant: (Interval & { mean: number }) | null;
  /** variant − base, points per seat */
  difference: Interval & { value: number };
  /** the difference's two-sided p-value, and whether it holds after the comparison's correction (compare.ts) */
  p: number;
  holds: boolean;
  verdict: string;
}

/** The categories of a ruleset, ids and names, in its scoring order. */
export function categoriesOf(g: Game): { id: string; name: string }[] {
  return g.scoring ? g.scoring.categories.map((c) => ({ id: c.id, name: c.name })) : [];
}

/** A report's mean per seat in each category, with its 95% interval (over games); empty without scores. */
export function categoryMeans(r: SimulateReport, g?: Game): CategoryMean[] {
  if (!r.scores) return [];
  const names = new Map(g ? categoriesOf(g).map((c) => [c.id, c.name]) : []);
  const t = r.totals;
  return Object.keys(r.scores.categories).map((id, k) => {
    // over games, each game's mean over its seats: the totals kept are over the seats, hence the divisions
    const n = r.players;
    const m = meanInterval(t.scored, (t.scoreByCategory[k] ?? 0) / n, (t.scoreSquaredByCategory?.[k] ?? 0) / (n * n));
    return { id, name: names.get(id) ?? id, mean: m.mean, low: m.low, high: m.high };
  });
}

/** Each game's mean over its seats of category k. */
export function seatMean(s: GameSummary, k: number): number {
  const rows = s.scores!;
  let sum = 0;
  for (const row of rows) sum += row[k] ?? 0;
  return rows.length ? sum / rows.length : 0;
}

const num = (x: number) => (Math.abs(x) >= 100 ? x.toFixed(0) : Math.abs(x) >= 10 ? x.toFixed(1) : x.toFixed(2));

function verdictOf(name: string, d: Interval & { value: number }): string {
  const ci = `95% CI ${num(d.low)} to ${num(d.high)}`;
  if (d.low > 0) return `${name}: ${num(d.value)} points more per seat in the variant, ${ci}`;
  if (d.high < 0) return `${name}: ${num(-d.value)} points less per seat in the variant, ${ci}`;
  return `${name}: no clear difference (${d.value >= 0 ? '+' : '−'}${num(Math.abs(d.value))} points per seat, ${ci})`;
}

/**
 * Two runs of the same games (summaries in game order), category by category: the base's categories in its
 * order, then those only the variant declares. Empty when either run lacks scores.
 */
export function compareCategories(base: Game, variant: Game, a: readonly GameSummary[], b: readonly GameSummary[]): CategoryComparison[] {
  if (!a.length || a.length !== b.length || !a.every((s) => s.scores) || !b.every((s) => s.scores)) return [];
  const ca = categoriesOf(base), cb = categoriesOf(variant);
  const ids = [...ca, ...cb.filter((c) => !ca.some((x) => x.id === c.id))];
  return ids.map(({ id, name }) => {
    const ka = ca.findIndex((c) => c.id === id), kb = cb.findIndex((c) => c.id === id);
    const xs = a.map((s) => (ka < 0 ? 0 : seatMean(s, ka)));
    const ys = b.map((s) => (kb < 0 ? 0 : seatMean(s, kb)));
    const stat = (v: number[]) => meanInterval(v.length, v.reduce((s, x) => s + x, 0), v.reduce((s, x) => s + x * x, 0));
    const difference = pairedMeanDifference(xs, ys);
    const p = pValueOf(difference.value, (z) => pairedMeanDifference(xs, ys, z));
    return { id, name, base: ka < 0 ? null : stat(xs), variant: kb < 0 ? null : stat(ys), difference, p, holds: false, verdict: verdictOf(name, difference) };
  });
}
