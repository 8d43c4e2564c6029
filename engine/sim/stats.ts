// Confidence intervals for simulation figures (95% unless told).
//  - a rate: Wilson's score interval (good near 0 and 1, where the plain ± interval fails);
//  - the difference of two rates measured on the same seeds (paired: game i of each run is seeded alike):
//    Newcombe's hybrid score interval for paired data (method 10 of Newcombe 1998), Wilson's limits of each
//    rate combined through the correlation of the pairs;
//  - a mean, and the mean of paired differences: the normal interval mean ± z·sd/√n (games number in the
//    hundreds at least).

export const Z95 = 1.959963984540054;

export interface Interval {
  low: number;
  high: number;
}

/** Wilson's score interval for k successes in n trials. */
export function wilson(k: number, n: number, z = Z95): Interval {
  if (n <= 0) return { low: 0, high: 1 };
  const p = k / n;
  const z2 = z * z;
  const den = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / den;
  const half = (z / den) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // the interval holds the rate itself (at k = 0 or k = n rounding would leave it a hair outside)
  return { low: Math.min(p, Math.max(0, centre - half)), high: Math.max(p, Math.min(1, centre + half)) };
}

/**
 * The interval of p2 − p1 from each rate's interval and the correlation φ of the two measurements
 * (Newcombe's hybrid score method; φ = 0 for independent samples).
 */
export function hybridDifference(p1: number, i1: Interval, p2: number, i2: Interval, phi: number): Interval & { value: number } {
  const d = p2 - p1;
  const lo = Math.sqrt(Math.max(0, (p2 - i2.low) ** 2 - 2 * phi * (p2 - i2.low) * (i1.high - p1) + (i1.high - p1) ** 2));
  const hi = Math.sqrt(Math.max(0, (i2.high - p2) ** 2 - 2 * phi * (i2.high - p2) * (p1 - i1.low) + (p1 - i1.low) ** 2));
  return { value: d, low: Math.max(-1, d - lo), high: Math.min(1, d + hi) };
}

/**
 * Paired rates: over n pairs, `both` had the event in both runs, `onlyFirst` only in the first, `onlySecond`
 * only in the second, the rest in neither. The interval of (second rate − first rate).
 */
export function pairedDifference(both: number, onlyFirst: number, onlySecond: number, n: number, z = Z95): Interval & { value: number } {
  const neither = n - both - onlyFirst - onlySecond;
  const k1 = both + onlyFirst, k2 = both + onlySecond;
  const den = Math.sqrt(k1 * (n - k1) * k2 * (n - k2));
  // the correlation of the pairs, with Newcombe's continuity correction of a positive one
  const a = both * neither - onlyFirst * onlySecond;
  const phi = den > 0 ? (a > n / 2 ? (a - n / 2) / den : a >= 0 ? 0 : a / den) : 0;
  return hybridDifference(k1 / n, wilson(k1, n, z), k2 / n, wilson(k2, n, z), phi);
}

/** A mean and its normal interval, from the count, the sum and the sum of squares. */
export function meanInterval(n: number, sum: number, sumSquares: number, z = Z95): Interval & { mean: number } {
  if (n <= 0) return { mean: 0, low: 0, high: 0 };
  const mean = sum / n;
  const variance = n > 1 ? Math.max(0, (sumSquares - n * mean * mean) / (n - 1)) : 0;
  const half = z * Math.sqrt(variance / n);
  return { mean, low: mean - half, high: mean + half };
}

/** The interval of the mean difference of paired values (second − first). */
export function pairedMeanDifference(first: readonly number[], second: readonly number[], z = Z95): Interval & { value: number } {
  const n = Math.min(first.length, second.length);
  let sum = 0, sq = 0;
  for (let i = 0; i < n; i++) { const d = second[i]! - first[i]!; sum += d; sq += d * d; }
  const m = meanInterval(n, sum, sq, z);
  return { value: m.mean, low: m.low, high: m.high };
}

/** The standard normal distribution function Φ (Zelen & Severo 26.2.17 through erfc; absolute error < 1e-7). */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * z);
  const erfc = t * Math.exp(-z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 +
    t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))));
  return x >= 0 ? 1 - erfc / 2 : erfc / 2;
}

/**
 * The two-sided p-value that goes with an interval method: the smallest α whose (1 − α) interval, made by
 * `interval(z)`, leaves out 0 (found by bisection on z; 1 when the difference is 0). So a line's p-value and its
 * interval never disagree: p < 0.05 exactly when the 95% interval excludes 0.
 */
export function pValueOf(value: number, interval: (z: number) => Interval): number {
  if (value === 0 || !Number.isFinite(value)) return 1;
  const excludes = (z: number) => { const i = interval(z); return value > 0 ? i.low > 0 : i.high < 0; };
  if (!excludes(1e-9)) return 1;
  let lo = 0, hi = 1;
  while (excludes(hi) && hi < 40) { lo = hi; hi *= 2; }
  if (hi >= 40) return 0;
  for (let k = 0; k < 50; k++) {
    const mid = (lo + hi) / 2;
    if (excludes(mid)) lo = mid; else hi = mid;
  }
  return 2 * (1 - normalCdf(lo));
}

/**
 * Holm's step-down correction for m tests at family level α: which p-values are significant (the smallest
 * p(1) ≤ α/m, then p(2) ≤ α/(m−1), and so on, stopping at the first that is not), and the level each one had to
 * meet. A 95% verdict on each of a dozen lines would call some difference clear by chance one time in two; after
 * Holm, one time in twenty at most, for the whole report.
 */
export function holm(ps: readonly number[], alpha = 0.05): { holds: boolean[]; needed: number[] } {
  const m = ps.length;
  const order = ps.map((p, i) => i).sort((a, b) => ps[a]! - ps[b]! || a - b);
  const holds = new Array<boolean>(m).fill(false);
  const needed = new Array<number>(m).fill(0);
  let stopped = false;
  order.forEach((i, rank) => {
    needed[i] = alpha / (m - rank);
    if (!stopped && ps[i]! <= needed[i]!) holds[i] = true;
    else stopped = true;
  });
  return { holds, needed };
}
