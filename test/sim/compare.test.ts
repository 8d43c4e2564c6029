// What `compare` concludes, on constructed runs (game summaries made by hand, so the counts are known):
//  - a p-value goes with each line's interval (p < 0.05 exactly when the 95% interval excludes 0), and Holm's
//    correction over every line compared: a difference the plain interval calls clear (p ≈ 0.03) is not clear
//    once a dozen lines are compared; a large one stays clear; the verdicts say which;
//  - each seat's score: base, variant and the paired difference;
//  - a team that never (or always) wins gets a warning to read the endings instead;
//  - verdictChanges lists the lines where a comparison with another bot reads otherwise.

import { describe, expect, it } from 'vitest';
import type { Game } from '../../engine/model.js';
import type { GameSummary } from '../../engine/sim/games.js';
import { compareRuns, verdictChanges } from '../../engine/sim/compare.js';
import { holm, pairedDifference, pValueOf } from '../../engine/sim/stats.js';

/** A game as compare reads it: two teams, two endings, optionally scores. */
const game = (scored = false) => ({
  teams: [{ id: 'red', name: 'Red team' }, { id: 'blue', name: 'Blue team' }],
  endings: [{ id: 'race' }, { id: 'siege' }],
  scoring: scored ? { categories: [{ id: 'gold', name: 'Gold' }] } : null,
}) as unknown as Game;

/** n games; `red(i)` says whether red wins game i (else blue), by the ending 'race' for red and 'siege' for blue. */
function run(n: number, red: (i: number) => boolean, score?: (i: number) => number[]): GameSummary[] {
  return Array.from({ length: n }, (_, i) => {
    const r = red(i);
    return {
      outcome: r ? 'red' : 'blue', ending: r ? 'race' : 'siege', actions: 50 + (i % 7), winningSeats: r ? [0] : [1],
      ...(score ? { scores: score(i).map((x) => [x]) } : {}),
    };
  });
}

describe('p-values and Holm', () => {
  it('a p-value agrees with its interval: under 0.05 exactly when the 95% interval excludes 0', () => {
    for (const [both, a, b, n] of [[40, 10, 25, 200], [40, 10, 22, 200], [40, 10, 18, 200], [0, 0, 6, 100], [5, 3, 3, 50]] as const) {
      const d = pairedDifference(both, a, b, n);
      const p = pValueOf(d.value, (z) => pairedDifference(both, a, b, n, z));
      expect(p < 0.05, `${both}/${a}/${b}/${n}: p ${p}, interval ${d.low}..${d.high}`).toBe(d.low > 0 || d.high < 0);
      // at the level p itself, the interval just touches 0
      if (p > 0 && p < 1) {
        const z = -inverseNormal(p / 2);
        const edge = pairedDifference(both, a, b, n, z);
        expect(Math.min(Math.abs(edge.low), Math.abs(edge.high))).toBeLessThan(1e-6);
      }
    }
  });

  it('Holm: step-down levels α/m, α/(m−1)…, stopping at the first p that misses', () => {
    // Holm's own kind of example: four p-values at α = 0.05
    const r = holm([0.01, 0.04, 0.03, 0.005]);
    expect(r.needed).toEqual([0.05 / 3, 0.05 / 1, 0.05 / 2, 0.05 / 4]);
    expect(r.holds).toEqual([true, false, false, true]);
    expect(holm([0.2, 0.001]).holds).toEqual([false, true]);
  });
});

describe('compare: corrected verdicts', () => {
  it('a small difference clear on its own line is not clear among the lines compared; a large one is', () => {
    const n = 1000;
    // base: red wins 40% (games 0–79 of every 200); variant: 44.5%, on the same seeds, with discordant games both
    // ways (33 of every 200 won only in the base, 42 only in the variant)
    const a = run(n, (i) => i % 200 < 80);
    const small = run(n, (i) => (i % 200 >= 33 && i % 200 < 80) || (i % 200 >= 100 && i % 200 < 142));
    const c = compareRuns(game(), game(), a, small, 2);
    const red = c.outcomes.find((r) => r.id === 'red')!;
    expect(red.variant.rate - red.base.rate).toBeCloseTo(0.045, 10);
    expect(red.difference.low).toBeGreaterThan(0); // the plain 95% interval excludes 0 …
    expect(red.p).toBeLessThan(0.05);
    expect(c.lines).toBe(7); // red, blue, 2 endings, 2 seats, game length
    expect(red.p).toBeGreaterThan(0.05 / c.lines);
    // … yet with 7 lines compared it is not clear; the verdict says so and what it would need
    expect(red.holds).toBe(false);
    expect(red.verdict).toMatch(/^no clear difference once the 7 lines compared are accounted for: the Red team wins 4\.5 points more often in the variant, 95% CI [\d.]+ to [\d.]+ \(p = 0\.0\d+; it would need p < 0\.00\d+\)$/);
    // a large change stays clear
    const big = run(n, (i) => i % 100 < 55);
    const c2 = compareRuns(game(), game(), run(n, (i) => i % 100 < 40), big, 2);
    const red2 = c2.outcomes.find((r) => r.id === 'red')!;
    expect(red2.holds).toBe(true);
    expect(red2.verdict).toMatch(/^the Red team wins 15\.0 points more often in the variant, 95% CI [\d.]+ to [\d.]+ \(clear after correcting for the 7 lines compared\)$/);
    // nothing changed: no clear difference anywhere
    const c3 = compareRuns(game(), game(), a, a, 2);
    expect([...c3.outcomes, ...c3.endings, ...c3.winsBySeat].every((r) => !r.holds && /^no clear difference/.test(r.verdict))).toBe(true);
  });
});

describe('compare: each seat\'s score', () => {
  it('gives base, variant and the paired difference per seat', () => {
    const n = 400;
    const a = run(n, (i) => i % 2 === 0, (i) => [10 + (i % 5), 20 + (i % 3)]);
    const b = run(n, (i) => i % 2 === 0, (i) => [12 + (i % 5), 20 + (i % 3)]);
    const c = compareRuns(game(true), game(true), a, b, 2);
    expect(c.seatScores).toHaveLength(2);
    const [s1, s2] = c.seatScores!;
    expect(s1!.seat).toBe(0);
    expect(s1!.base.mean).toBeCloseTo(12, 10);
    expect(s1!.variant.mean).toBeCloseTo(14, 10);
    expect(s1!.difference.value).toBeCloseTo(2, 10);
    expect(s1!.holds).toBe(true);
    expect(s1!.verdict).toMatch(/^seat 1's score is 2\.00 points higher in the variant/);
    expect(s2!.difference.value).toBeCloseTo(0, 10);
    expect(s2!.holds).toBe(false);
    expect(s2!.verdict).toMatch(/^no clear difference: seat 2's score/);
  });
});

describe('compare: a rate at the floor or ceiling', () => {
  it('warns when a team (almost) never wins in a run, and says to read the endings', () => {
    const n = 500;
    const a = run(n, () => false);
    const b = run(n, (i) => i === 3);
    const c = compareRuns(game(), game(), a, b, 2);
    expect(c.outcomes.find((r) => r.id === 'red')!.bound).toBe('floor');
    expect(c.outcomes.find((r) => r.id === 'blue')!.bound).toBe('ceiling');
    expect(c.warnings.some((w) => /^the Red team wins never or almost never \(0 of 500 games of the base, 1 of the variant\): at the floor, a change of the rules cannot show in this rate; read the endings instead/.test(w))).toBe(true);
    expect(c.warnings.some((w) => /^the Blue team wins always or almost always/.test(w))).toBe(true);
    // a rate well inside: no warning
    expect(compareRuns(game(), game(), run(n, (i) => i % 3 === 0), run(n, (i) => i % 3 === 0), 2).warnings).toEqual([]);
  });
});

describe('compare: the same comparison with another bot', () => {
  it('lists the lines where the verdicts differ, and none when they agree', () => {
    const n = 1000;
    const a = run(n, (i) => i % 100 < 40);
    const first = compareRuns(game(), game(), a, run(n, (i) => i % 100 < 55), 2);
    const agree = compareRuns(game(), game(), a, run(n, (i) => i % 100 < 56), 2);
    const flat = compareRuns(game(), game(), a, a, 2);
    expect(verdictChanges(first, agree)).toEqual([]);
    const ch = verdictChanges(first, flat);
    expect(ch).toContainEqual({ line: 'wins: the Red team', first: 'higher in the variant', second: 'no clear difference' });
    expect(ch).toContainEqual({ line: 'ending: the ending race', first: 'higher in the variant', second: 'no clear difference' });
  });
});

/** Φ⁻¹ by bisection (for the test only). */
function inverseNormal(p: number): number {
  let lo = -10, hi = 10;
  const cdf = (x: number) => 0.5 * (1 + erf(x / Math.SQRT2));
  for (let k = 0; k < 200; k++) { const m = (lo + hi) / 2; if (cdf(m) < p) lo = m; else hi = m; }
  return (lo + hi) / 2;
}
function erf(x: number): number {
  // Abramowitz & Stegun 7.1.26 is too coarse here: integrate instead (Simpson, fine grid)
  const n = 2000, h = x / n;
  let s = 0;
  for (let i = 0; i <= n; i++) { const t = i * h; const w = i === 0 || i === n ? 1 : i % 2 ? 4 : 2; s += w * Math.exp(-t * t); }
  return (2 / Math.sqrt(Math.PI)) * (h / 3) * s;
}
