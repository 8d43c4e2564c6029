// The balance tuner (engine/sim/tune) on rulesets whose balance point is known by construction
// (test/fixtures/tune): each setting is a variant of the fixture, loaded by the real loader and played here.
//  - Coin flip: with random bots Heads wins 0.5 × bias/100 + 0.25 of the games, so a 60% target means bias 70;
//    successive halving finds it within one step (5) for three seeds.
//  - Race: the game length and the first seat's advantage follow from the track length and the head start by a
//    Markov chain worked out here exactly; successive halving finds the length for a 30-decision game, and
//    NTBEA both values for a 30-decision game with no first-seat advantage, within one step, for three seeds.
//  - Restricted play: a seat that never takes the fair coin wins bias/100 instead of 0.5 × bias/100 + 0.25.
//  - The same seed gives the same search; the variant written loads and holds the winning value; bad input
//    gets a clear error.

import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { loadRulesetText } from '../../engine/load/index.js';
import type { Game } from '../../engine/model.js';
import { batchSetup } from '../../engine/sim/simulate.js';
import { playGames, type BatchSetup, type GameSummary } from '../../engine/sim/games.js';
import { compareRuns } from '../../engine/sim/compare.js';
import { parseRestriction } from '../../engine/sim/restrict.js';
import { resolveTunables, variantText, type Tunable, type TuneValue } from '../../engine/sim/tune/tunables.js';
import { parseTarget } from '../../engine/sim/tune/targets.js';
import { tune, type TuneResult } from '../../engine/sim/tune/search.js';
import { ROOT } from '../helpers/game.js';

const COIN = resolve(ROOT, 'test/fixtures/tune/coin-flip.yaml');
const RACE = resolve(ROOT, 'test/fixtures/tune/race.yaml');
const read = (p: string) => { try { return readFileSync(p, 'utf8'); } catch { return undefined; } };

function load(file: string, text = readFileSync(file, 'utf8')) {
  const r = loadRulesetText(file, text, (p) => (p === file ? text : read(p)));
  return r;
}

/** Tunes `file` in this thread: each setting a variant beside it, loaded and played here. */
async function tuneHere(file: string, o: { tune?: string[]; targets: string[]; budget: number; seed: number | string }): Promise<{ result: TuneResult; tunables: Tunable[]; game: Game }> {
  const base = load(file);
  const g = base.game!;
  const tunables = resolveTunables(base.value, o.tune ?? []);
  const targets = o.targets.map((t) => parseTarget(t, g, 2));
  const virtual = join(dirname(file), '.tuning.yaml');
  const cache = new Map<string, { game?: Game; setup?: BatchSetup; problem: string | null }>();
  const setting = (values: readonly TuneValue[]) => {
    const k = JSON.stringify(values);
    let s = cache.get(k);
    if (!s) {
      const r = load(virtual, variantText({ extendsPath: file.split('/').pop()!, id: 'x', name: 'x', tunables, values }));
      s = r.game ? { game: r.game, setup: batchSetup(r.game, { players: 2, seed: o.seed, bot: 'random' }), problem: null } : { problem: r.diagnostics[0]!.message };
      cache.set(k, s);
    }
    return s;
  };
  const result = await tune({ tunables, targets, players: 2, seed: o.seed, budget: o.budget }, {
    check: async (v) => setting(v).problem,
    play: async (v, from, to) => { const s = setting(v); return playGames(s.game!, s.setup!, from, to); },
  });
  return { result, tunables, game: g };
}

/** The race, exactly: expected decisions and Player 1's chance to win, for a track and a head start. */
function race(squares: number, headStart: number): { length: number; first: number } {
  const memo = new Map<string, [number, number]>();
  const f = (a: number, b: number, p1: boolean): [number, number] => {
    const k = `${a},${b},${p1}`;
    const hit = memo.get(k);
    if (hit) return hit;
    let e = 1, w = 0;
    for (const d of [1, 2]) {
      if (p1) { if (a - d <= 0) w += 0.5; else { const [x, y] = f(a - d, b, false); e += 0.5 * x; w += 0.5 * y; } }
      else if (b - d > 0) { const [x, y] = f(a, b - d, true); e += 0.5 * x; w += 0.5 * y; }
    }
    memo.set(k, [e, w]);
    return [e, w];
  };
  const [length, first] = f(squares, squares - headStart, true);
  return { length, first };
}

describe('tune finds a balance point known by construction', () => {
  it('coin flip: the bias that makes Heads win 60% is 70, found within one step for three seeds', async () => {
    for (const seed of [1, 2, 3]) {
      const { result } = await tuneHere(COIN, { targets: ['heads=0.6'], budget: 3000, seed });
      expect(result.method).toBe('successive halving');
      expect(result.played).toBeLessThanOrEqual(3000);
      const found = result.best[0]!.values[0] as number;
      expect(Math.abs(found - 70), `seed ${seed}: ${found}`).toBeLessThanOrEqual(5);
      // the winner's measure and interval are over its own games, and the values ruled out each say why
      const m = result.best[0]!.measures[0]!;
      expect(m.low).toBeLessThanOrEqual(m.value);
      expect(m.high).toBeGreaterThanOrEqual(m.value);
      expect(result.ruledOut.length + result.best.length).toBe(21);
      for (const r of result.ruledOut) expect(r.why).toMatch(/round \d of \d, after \d+ games: the win rate of the Heads \d/);
      // the chart: every value of the range with the games played with it
      expect(result.profile[0]!.map((p) => p.value)).toEqual(Array.from({ length: 21 }, (_, i) => 5 * i));
    }
  });

  it('race: the track length for a 30-decision game, found within one step for three seeds', async () => {
    const lengths = Array.from({ length: 36 }, (_, i) => 5 + i);
    const truth = lengths.reduce((b, L) => (Math.abs(race(L, 0).length - 30) < Math.abs(race(b, 0).length - 30) ? L : b));
    expect(truth).toBe(24);
    for (const seed of [1, 2, 3]) {
      const { result } = await tuneHere(RACE, { tune: ['squares'], targets: ['length=30'], budget: 2000, seed });
      const found = result.best[0]!.values[0] as number;
      expect(Math.abs(found - truth), `seed ${seed}: ${found}`).toBeLessThanOrEqual(1);
    }
  });

  it('race, two tunables (NTBEA): length and head start for a 30-decision game with no first-seat edge, within one step for three seeds', async () => {
    // the exact optimum of the tuner's loss over the grid
    let truth = [0, 0], bestLoss = Infinity;
    for (let L = 5; L <= 40; L++) {
      for (let h = 0; h <= 4; h++) {
        const r = race(L, h);
        const loss = Math.hypot((r.length - 30) / 30, r.first - 0.5);
        if (loss < bestLoss) { bestLoss = loss; truth = [L, h]; }
      }
    }
    expect(truth).toEqual([24, 1]);
    for (const seed of [1, 2, 3]) {
      const { result } = await tuneHere(RACE, { targets: ['length=30', 'seat1-advantage=0'], budget: 5000, seed });
      expect(result.method).toBe('NTBEA');
      expect(result.played).toBeLessThanOrEqual(5000);
      const [L, h] = result.best[0]!.values as number[];
      expect(Math.abs(L! - truth[0]!), `seed ${seed}: ${L}, ${h}`).toBeLessThanOrEqual(1);
      expect(Math.abs(h! - truth[1]!), `seed ${seed}: ${L}, ${h}`).toBeLessThanOrEqual(1);
      // the finalists played the same games
      expect(new Set(result.best.map((b) => b.games)).size).toBe(1);
    }
  });

  it('the same seed gives the same search', async () => {
    const a = await tuneHere(COIN, { targets: ['heads=0.5'], budget: 600, seed: 'x' });
    const b = await tuneHere(COIN, { targets: ['heads=0.5'], budget: 600, seed: 'x' });
    expect(JSON.stringify(b.result)).toBe(JSON.stringify(a.result));
  });
});

describe('restricted play', () => {
  it('a seat that never takes the fair coin wins bias/100 instead of 0.5 × bias/100 + 0.25', () => {
    const g = load(COIN).game!;
    const n = 2000;
    const plain = batchSetup(g, { players: 2, seed: 1, bot: 'random', options: { bias: 80 } });
    const restricted = batchSetup(g, { players: 2, seed: 1, bot: 'random', options: { bias: 80 }, restrict: [parseRestriction("1:never=it == 'fair'")] });
    const a: GameSummary[] = playGames(g, plain, 0, n), b = playGames(g, restricted, 0, n);
    expect(b.every((s) => s.restricted === 1)).toBe(true);
    const c = compareRuns(g, g, a, b, 2);
    const heads = c.outcomes.find((o) => o.id === 'heads')!;
    expect(heads.base.rate).toBeGreaterThan(0.6);
    expect(heads.base.rate).toBeLessThan(0.7); // 65% by construction
    expect(heads.variant.rate).toBeGreaterThan(0.76);
    expect(heads.variant.rate).toBeLessThan(0.84); // 80%
    expect(heads.difference.low).toBeGreaterThan(0);
    expect(heads.difference.low).toBeLessThan(0.15);
    expect(heads.difference.high).toBeGreaterThan(0.15);
    // the other seat's restriction says nothing about its decisions (it has none): no effect at all
    const other = playGames(g, batchSetup(g, { players: 2, seed: 1, bot: 'random', options: { bias: 80 }, restrict: [parseRestriction("2:never=it == 'fair'")] }), 0, n);
    expect(other.map((s) => s.outcome)).toEqual(a.map((s) => s.outcome));
  });

  it('a restriction that fits no decision, or a bad one, is refused with a reason', () => {
    const g = load(COIN).game!;
    expect(() => batchSetup(g, { players: 2, seed: 1, restrict: [parseRestriction("1:never=it.act == 'tile'")] })).toThrow(/fits none of the game's decisions/);
    expect(() => parseRestriction('1:sometimes=it')).toThrow(/SEAT:never=CONDITION/);
    expect(() => parseRestriction('3:never=it == 1', 2)).toThrow(/seat 3 is not a seat/);
    expect(() => parseRestriction('1:never=', 2)).toThrow(/give the condition/);
  });
});

describe('tunables and targets: what they name, and bad input', () => {
  const coin = load(COIN).value;
  it('declared tunables, options, table cells and card fields; the variant of a setting loads and holds the values', () => {
    const [bias] = resolveTunables(coin, []);
    expect(bias!.values).toHaveLength(21);
    const race = load(RACE);
    const ts = resolveTunables(race.value, ['squares@standard=10..12', 'headStart=0,2']);
    expect(ts.map((t) => t.values)).toEqual([[10, 11, 12], [0, 2]]);
    const text = variantText({ extendsPath: 'race.yaml', id: 'race-tuned', name: 'Race — tuned', tunables: ts, values: [11, 2], comment: ['a note'] });
    const v = load(join(dirname(RACE), 'tuned.yaml'), text);
    expect(v.game, v.diagnostics.map((d) => d.message).join('\n')).toBeTruthy();
    expect((v.value as { tables: { rows: { squares: number }[] }[] }).tables[0]!.rows[0]!.squares).toBe(11);
    expect(v.game!.options.find((o) => o.id === 'headStart')!.default).toBe(2);
    // a card's number field (the 7 Wonders Babel tax tiles declare theirs)
    const tower = load(resolve(ROOT, 'rulesets/variants/7-wonders-babel-tower.yaml'));
    const [tax] = resolveTunables(tower.value, ['babel-01.tax=0..2']);
    expect(tax!.current).toBe(1);
    expect(resolveTunables(tower.value, []).map((t) => t.id)).toEqual(['scienceTax', 'armyTax', 'wonderTax', 'chainTax']);
  });

  it('a bad --tune or --target, an unknown tunable, a range with no values: a clear error', () => {
    expect(() => resolveTunables(coin, ['nothing'])).toThrow(/declares no tunable 'nothing' \(it declares bias\)/);
    expect(() => resolveTunables(coin, ['bias=6..1'])).toThrow(/has no values/);
    expect(() => resolveTunables(coin, ['bias=1..x'])).toThrow(/a range is LOW..HIGH/);
    expect(() => resolveTunables(coin, ['missing=1..3'])).toThrow(/no option 'missing'/);
    expect(() => resolveTunables(coin, ['seals@p7=1..3'])).toThrow(/no table has a row 'p7'/);
    expect(() => resolveTunables(coin, ['bias=1..2000:1'])).toThrow(/2000 values; at most 1000/);
    expect(() => resolveTunables(coin, ['bias=5..5'])).toThrow(/only one value/);
    expect(() => resolveTunables(coin, ['bias=1,yes'])).toThrow(/"yes" is not a number/);
    const g = load(COIN).game!;
    expect(() => parseTarget('heads', g, 2)).toThrow(/NAME=VALUE/);
    expect(() => parseTarget('heads=2', g, 2)).toThrow(/between 0 and 1/);
    expect(() => parseTarget('winners=0.5', g, 2)).toThrow(/'winners' is not a measure: give a team \(heads, tails\)/);
    expect(() => parseTarget('seat3-advantage=0', g, 2)).toThrow(/seats 1 to 2/);
    expect(() => parseTarget('length=60..40', g, 2)).toThrow(/smaller value to the larger/);
    expect(parseTarget('heads=55%', g, 2).low).toBeCloseTo(0.55, 12);
  });

  it('validate reports a bad tunable declaration at its line', () => {
    const text = readFileSync(COIN, 'utf8').replace('option: bias, range', 'option: biass, range');
    const r = load(COIN, text);
    const d = r.diagnostics.find((x) => /no option 'biass'/.test(x.message));
    expect(d, r.diagnostics.map((x) => x.message).join('\n')).toBeTruthy();
    expect(d!.line).toBe(text.split('\n').findIndex((l) => l.includes('biass')) + 1);
  });
});
