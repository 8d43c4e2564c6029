// The interval maths of compare and the reports, on published cases:
//  - Wilson's interval: Newcombe (1998), "Two-sided confidence intervals for the single proportion", table I;
//  - the hybrid score interval of a difference (independent samples, φ = 0): Newcombe (1998), "Interval
//    estimation for the difference between independent proportions", method 10, table II;
//  - the paired difference (Newcombe's square-and-add interval for paired data): the complete response
//    before and after consolidation therapy of Cavo et al. (2012), 59/6/16/80, as computed by Fagerland,
//    Lydersen & Laake, "Statistical Analysis of Contingency Tables" (2017), chapter 8: −0.0621 (−0.1186 to
//    −0.0046) for first − second;
//  - the normal interval of a mean.

import { describe, expect, it } from 'vitest';
import { hybridDifference, meanInterval, pairedDifference, pairedMeanDifference, wilson } from '../../engine/sim/stats.js';

const r4 = (x: number) => Math.round(x * 10000) / 10000;

describe('Wilson interval of a rate', () => {
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('%i of %i: %f to %f', (k, n, lo, hi) => {
    const i = wilson(k, n);
    expect(r4(i.low)).toBe(lo);
    expect(r4(i.high)).toBe(hi);
  });

  it('stays within [0, 1] and narrows as games add up', () => {
    expect(wilson(10, 10).high).toBeCloseTo(1, 12);
    const w = (n: number) => { const i = wilson(n / 2, n); return i.high - i.low; };
    expect(w(100)).toBeGreaterThan(w(1000));
    expect(w(10000)).toBeLessThan(0.02);
  });
});

describe('interval of a difference of rates', () => {
  // p1 = a/m, p2 = b/n; the published interval of p1 − p2
  it.each([
    [56, 70, 48, 80, 0.0524, 0.3339],
    [9, 10, 3, 10, 0.1705, 0.809],
    [6, 7, 2, 7, 0.0582, 0.8062],
    [5, 56, 0, 29, -0.0381, 0.1926],
    [0, 10, 0, 20, -0.1611, 0.2775],
    [0, 10, 0, 10, -0.2775, 0.2775],
  ])('independent samples: %i/%i − %i/%i', (a, m, b, n, lo, hi) => {
    const d = hybridDifference(b / n, wilson(b, n), a / m, wilson(a, m), 0);
    expect(r4(d.low)).toBe(lo);
    expect(r4(d.high)).toBe(hi);
  });

  it('paired data: Cavo et al. (59 both, 6 first only, 16 second only, 80 neither)', () => {
    const d = pairedDifference(59, 6, 16, 161);
    // second − first: the published first − second interval turned round
    expect(r4(d.value)).toBe(0.0621);
    expect(r4(d.low)).toBe(0.0046);
    expect(r4(d.high)).toBe(0.1186);
  });

  it('paired data are narrower than the same rates measured apart when the pairs agree', () => {
    // 1000 games, 300 wins in each run, 280 of them on the same seeds
    const paired = pairedDifference(280, 20, 20, 1000);
    const apart = hybridDifference(0.3, wilson(300, 1000), 0.3, wilson(300, 1000), 0);
    expect(paired.value).toBe(0);
    expect(paired.high - paired.low).toBeLessThan((apart.high - apart.low) / 2);
  });
});

describe('interval of a mean', () => {
  it('mean ± 1.96 sd/√n', () => {
    // values 1..100: mean 50.5, sd 29.0115
    let sum = 0, sq = 0;
    for (let x = 1; x <= 100; x++) { sum += x; sq += x * x; }
    const m = meanInterval(100, sum, sq);
    expect(m.mean).toBe(50.5);
    expect(r4(m.high - m.mean)).toBe(r4((1.959963984540054 * 29.011491975882016) / 10));
  });

  it('paired differences: a constant shift has a zero-width interval', () => {
    const a = [3, 5, 8, 13, 21];
    const d = pairedMeanDifference(a, a.map((x) => x + 2));
    expect(d).toEqual({ value: 2, low: 2, high: 2 });
  });
});
