// The balance tuner's search: which setting (one value per tunable) brings the measured figures nearest their
// targets, within a budget of games. Setting x's games are always games 0, 1, 2 … of the batch, seeded SEED:i
// like every simulation, so any two settings are compared on the same deals and bot draws as far as both were
// played (common random numbers: the difference between two settings is measured with less noise).
//  - One tunable: successive halving (Karnin, Koren & Somekh 2013) over its values. Every value gets an equal
//    share of a round's games; the farther half (by loss) is ruled out; the survivors play on, on the same
//    games, until the last round.
//  - Several: an N-Tuple Bandit Evolutionary Algorithm (NTBEA; Lucas, Liu & Perez 2018, as TAG uses it to
//    balance games): a model of the loss over 1-tuples, 2-tuples and whole settings, a walk that evaluates a
//    batch of games at a setting, then moves to the neighbour the model's upper confidence bound likes best;
//    then the model's best few settings are played on the same games and the nearest wins.
// Where games are played is the caller's (an Evaluator): the command line's worker threads, the editor's web
// workers. The search is deterministic for a seed: the same settings in the same order, whatever plays them.

import type { GameSummary } from '../games.js';
import { nextFloat, seedRng } from '../../rng.js';
import type { Tunable, TuneValue } from './tunables.js';
import { gameValue, lossOf, measure, showInterval, showMeasure, showTarget, type Measure, type Target } from './targets.js';

export interface Evaluator {
  /** null when the setting can be played; otherwise why not (it does not load: the loader's first error) */
  check(values: readonly TuneValue[]): Promise<string | null>;
  /** plays games [from, to) of the setting; their summaries in game order */
  play(values: readonly TuneValue[], from: number, to: number): Promise<GameSummary[]>;
}

export interface TuneOptions {
  tunables: readonly Tunable[];
  targets: readonly Target[];
  players: number;
  seed: number | string;
  /** at most this many games in all */
  budget: number;
  /** after each batch: games played so far */
  onProgress?: (played: number, budget: number) => void;
}

export interface SettingResult {
  values: TuneValue[];
  games: number;
  /** one per target, over the setting's games */
  measures: Measure[];
  loss: number;
  /** 'best' (the winner), 'finalist' (played to the end, not the nearest), 'ruled out' */
  status: 'best' | 'finalist' | 'ruled out';
  /** why it was ruled out, in words */
  why?: string;
}

/** One value of one tunable across its range: the measures over every game played with that value. */
export interface ProfilePoint {
  value: TuneValue;
  games: number;
  measures: Measure[];
}

export interface TuneResult {
  method: 'successive halving' | 'NTBEA';
  budget: number;
  played: number;
  /** the winner first, then the other finalists, nearest first */
  best: SettingResult[];
  /** every other setting tried, with why it was ruled out (the last ruled out first) */
  ruledOut: SettingResult[];
  /** per tunable, the measures across its range (the chart) */
  profile: ProfilePoint[][];
  /** successive halving: games per value after each round; NTBEA: games per evaluation */
  rounds: number[];
}

export class TuneBudgetError extends RangeError {}

class Tracker {
  readonly games = new Map<string, GameSummary[]>();
  readonly problems = new Map<string, string | null>();
  played = 0;
  constructor(private o: TuneOptions, private ev: Evaluator) {}

  key(values: readonly TuneValue[]): string {
    return JSON.stringify(values);
  }

  async ok(values: readonly TuneValue[]): Promise<boolean> {
    const k = this.key(values);
    if (!this.problems.has(k)) this.problems.set(k, await this.ev.check(values));
    return this.problems.get(k) === null;
  }

  have(values: readonly TuneValue[]): GameSummary[] {
    const k = this.key(values);
    let g = this.games.get(k);
    if (!g) this.games.set(k, (g = []));
    return g;
  }

  /** plays the setting's games up to n (games already played are kept) */
  async upTo(values: readonly TuneValue[], n: number): Promise<GameSummary[]> {
    const g = this.have(values);
    if (g.length >= n) return g;
    const from = g.length;
    const more = await this.ev.play(values, from, n);
    if (more.length !== n - from) throw new Error(`a batch came back with ${more.length} games, not ${n - from}`);
    g.push(...more);
    this.played += more.length;
    this.o.onProgress?.(this.played, this.o.budget);
    return g;
  }

  result(values: readonly TuneValue[], status: SettingResult['status'], why?: string): SettingResult {
    const g = this.have(values);
    const measures = this.o.targets.map((t) => measure(t, g, this.o.players));
    return { values: values.slice(), games: g.length, measures, loss: lossOf(this.o.targets, measures.map((m) => m.value)), status, ...(why ? { why } : {}) };
  }

  /** every game played with tunable d at each of its values */
  profile(): ProfilePoint[][] {
    return this.o.tunables.map((t, d) => t.values.map((value) => {
      const runs: GameSummary[] = [];
      for (const [k, g] of this.games) if ((JSON.parse(k) as TuneValue[])[d] === value) runs.push(...g);
      return { value, games: runs.length, measures: this.o.targets.map((x) => measure(x, runs, this.o.players)) };
    }));
  }
}

/** Runs the search: successive halving for one tunable, NTBEA for several. */
export async function tune(o: TuneOptions, ev: Evaluator): Promise<TuneResult> {
  if (!o.targets.length) throw new TuneBudgetError('give at least one target');
  if (!(o.budget >= 1)) throw new TuneBudgetError('the budget is at least one game');
  return o.tunables.length === 1 ? halving(o, ev) : ntbea(o, ev);
}

const showValues = (o: TuneOptions, values: readonly TuneValue[]) => values.map((v, i) => `${o.tunables[i]!.id} = ${String(v)}`).join(', ');

function rank(rs: SettingResult[]): SettingResult[] {
  return rs.slice().sort((a, b) => a.loss - b.loss);
}

/** What the measures say of a setting, for a why. */
function measureWords(o: TuneOptions, r: SettingResult): string {
  return r.measures.map((m, i) => {
    const t = o.targets[i]!;
    return `${t.label} ${showMeasure(t, m.value)} (${showInterval(t, m.low, m.high)})${m.meets ? '' : ', its interval excludes the target'}`;
  }).join('; ');
}

async function halving(o: TuneOptions, ev: Evaluator): Promise<TuneResult> {
  const tr = new Tracker(o, ev);
  const t = o.tunables[0]!;
  const ruledOut: SettingResult[] = [];
  let alive: TuneValue[][] = [];
  for (const v of t.values) {
    if (await tr.ok([v])) alive.push([v]);
    else ruledOut.push({ ...tr.result([v], 'ruled out'), why: `does not load: ${tr.problems.get(tr.key([v]))}` });
  }
  if (!alive.length) throw new TuneBudgetError(`no value of ${t.id} can be played: ${ruledOut[0]?.why ?? ''}`);
  const k = alive.length;
  const rounds = Math.max(1, Math.ceil(Math.log2(k)));
  if (o.budget < k * rounds) throw new TuneBudgetError(`a budget of ${o.budget} games is too small for ${k} values in ${rounds} rounds of successive halving: give at least ${k * rounds} (a few hundred a value to tell them apart)`);
  const perRound: number[] = [];
  let remaining = o.budget;
  for (let r = 0; r < rounds; r++) {
    const per = Math.floor(remaining / (rounds - r) / alive.length);
    const n = tr.have(alive[0]!).length + per;
    await Promise.all(alive.map((x) => tr.upTo(x, n)));
    remaining -= per * alive.length;
    perRound.push(n);
    const ranked = rank(alive.map((x) => tr.result(x, 'finalist')));
    if (r === rounds - 1) {
      alive = ranked.map((x) => x.values);
      break;
    }
    const keep = Math.ceil(ranked.length / 2);
    const out = ranked.slice(keep);
    const last = ranked[keep - 1]!.loss;
    for (const x of out) {
      const how = x.loss > last + 1e-12 ? `farther from the targets than the ${keep} kept` : `no farther than the last of the ${keep} kept (a tie: the games do not tell them apart; the values listed first were kept)`;
      ruledOut.unshift({ ...x, status: 'ruled out', why: `round ${r + 1} of ${rounds}, after ${n} game${n === 1 ? '' : 's'}: ${measureWords(o, x)}; ${how}` });
    }
    alive = ranked.slice(0, keep).map((x) => x.values);
  }
  const best = rank(alive.map((x) => tr.result(x, 'finalist')));
  best[0]!.status = 'best';
  return { method: 'successive halving', budget: o.budget, played: tr.played, best, ruledOut, profile: tr.profile(), rounds: perRound };
}

/** The NTBEA's model: for each tuple of tunables (their indices), per combination of values seen, the games and
 *  the sums of each target's per-game value, and how many evaluations. */
class TupleModel {
  readonly tuples: number[][];
  private stats: Map<string, { n: number; evals: number; sums: number[] }>[];
  evaluations = 0;
  constructor(private o: TuneOptions) {
    const d = o.tunables.length;
    const tuples: number[][] = [];
    for (let i = 0; i < d; i++) tuples.push([i]);
    if (d <= 4) for (let i = 0; i < d; i++) for (let j = i + 1; j < d; j++) tuples.push([i, j]);
    if (d > 2) tuples.push(Array.from({ length: d }, (_, i) => i));
    this.tuples = tuples;
    this.stats = tuples.map(() => new Map());
  }

  private keyOf(tuple: number[], x: readonly number[]): string {
    return tuple.map((i) => x[i]).join(',');
  }

  add(x: readonly number[], games: readonly GameSummary[]): void {
    this.evaluations++;
    const add = games.map((s) => this.o.targets.map((t) => gameValue(t, s, this.o.players)));
    this.tuples.forEach((tuple, k) => {
      const key = this.keyOf(tuple, x);
      let st = this.stats[k]!.get(key);
      if (!st) this.stats[k]!.set(key, (st = { n: 0, evals: 0, sums: this.o.targets.map(() => 0) }));
      st.evals++;
      for (const v of add) { st.n++; v.forEach((y, i) => { st!.sums[i]! += y; }); }
    });
  }

  /** the model's value of a setting: the mean over its tuples of (−loss + exploration bonus) */
  value(x: readonly number[], explore: number): number {
    let sum = 0;
    const logN = Math.log(this.evaluations + 1);
    this.tuples.forEach((tuple, k) => {
      const st = this.stats[k]!.get(this.keyOf(tuple, x));
      const exploit = st && st.n ? -lossOf(this.o.targets, st.sums.map((s) => s / st.n)) : 0;
      sum += exploit + explore * Math.sqrt(logN / ((st?.evals ?? 0) + 0.5));
    });
    return sum / this.tuples.length;
  }
}

async function ntbea(o: TuneOptions, ev: Evaluator): Promise<TuneResult> {
  const tr = new Tracker(o, ev);
  const dims = o.tunables.map((t) => t.values.length);
  const rng = seedRng(o.seed, 'tune');
  const pick = (n: number) => Math.floor(nextFloat(rng) * n);
  const valuesOf = (x: readonly number[]) => x.map((i, d) => o.tunables[d]!.values[i]!);
  const space = dims.reduce((a, b) => a * b, 1);
  // a quarter of the games confirm the finalists; the rest walk, a batch per step
  const searchBudget = Math.floor(o.budget * 0.75);
  const batch = Math.max(8, Math.min(200, Math.floor(searchBudget / 60)));
  if (searchBudget < 4 * batch) throw new TuneBudgetError(`a budget of ${o.budget} games is too small to search ${o.tunables.length} tunables (${space} settings): give at least ${Math.ceil((4 * 8) / 0.75)}`);
  const model = new TupleModel(o);
  const explore = 0.15;
  const bad = new Set<string>();
  const evaluated = new Map<string, number[]>();
  const ruledOut: SettingResult[] = [];
  // start at the ruleset's own values where they lie in the ranges, else at random
  let x = o.tunables.map((t, d) => { const i = t.values.indexOf(t.current); return i >= 0 ? i : pick(dims[d]!); });
  let searched = 0;
  let guard = 0;
  while (searched + batch <= searchBudget && guard++ < 100000) {
    const vals = valuesOf(x);
    const key = tr.key(vals);
    if (!bad.has(key) && !(await tr.ok(vals))) {
      bad.add(key);
      ruledOut.push({ ...tr.result(vals, 'ruled out'), why: `does not load: ${tr.problems.get(key)}` });
    }
    if (!bad.has(key)) {
      const before = tr.have(vals).length;
      const g = await tr.upTo(vals, before + batch);
      model.add(x, g.slice(before));
      evaluated.set(key, x.slice());
      searched += batch;
    }
    if (bad.size >= space) break;
    // the neighbour the model likes best: one or more tunables moved, to a next value or anywhere in range
    let best: number[] | null = null, bestValue = -Infinity;
    for (let k = 0; k < 50; k++) {
      const y = x.slice();
      let moved = false;
      while (!moved) {
        for (let d = 0; d < dims.length; d++) {
          if (dims[d]! < 2 || nextFloat(rng) >= 1 / dims.length) continue;
          const i = nextFloat(rng) < 0.5 ? y[d]! + (nextFloat(rng) < 0.5 ? -1 : 1) : pick(dims[d]!);
          const c = Math.max(0, Math.min(dims[d]! - 1, i));
          if (c !== y[d]) { y[d] = c; moved = true; }
        }
      }
      if (bad.has(tr.key(valuesOf(y)))) continue;
      const v = model.value(y, explore);
      if (v > bestValue) { best = y; bestValue = v; }
    }
    if (!best) break;
    x = best;
  }
  if (!evaluated.size) throw new TuneBudgetError(`no setting could be played: ${ruledOut[0]?.why ?? ''}`);
  // the finalists: the model's best settings (no exploration), played on the same games to the end
  const byModel = [...evaluated.values()].map((y) => ({ y, v: model.value(y, 0) })).sort((a, b) => b.v - a.v);
  const finalists = byModel.slice(0, Math.min(4, byModel.length)).map((f) => valuesOf(f.y));
  const left = o.budget - tr.played;
  const had = finalists.map((f) => tr.have(f).length);
  let n = Math.max(...had);
  while (had.reduce((s, h) => s + Math.max(0, n + 1 - h), 0) <= left) n++;
  await Promise.all(finalists.map((f) => tr.upTo(f, n)));
  const best = rank(finalists.map((f) => tr.result(f, 'finalist')));
  best[0]!.status = 'best';
  const finalKeys = new Set(finalists.map((f) => tr.key(f)));
  const others = byModel.filter((f) => !finalKeys.has(tr.key(valuesOf(f.y))))
    .map((f) => ({ ...tr.result(valuesOf(f.y), 'ruled out'), why: '' }))
    .map((r) => ({ ...r, why: `the model ranked it below the ${finalists.length} finalists after ${r.games} games: ${measureWords(o, r)}` }));
  return { method: 'NTBEA', budget: o.budget, played: tr.played, best, ruledOut: [...others, ...ruledOut], profile: tr.profile(), rounds: [batch, n] };
}

export { showValues };

/** What to beware of in a result: a best setting that still misses a target; a measure that does not (clearly)
 *  move across the values tried. */
export function tuneWarnings(r: TuneResult, targets: readonly Target[]): string[] {
  const out: string[] = [];
  const best = r.best[0]!;
  targets.forEach((t, i) => {
    const m = best.measures[i]!;
    if (!m.meets) out.push(`no setting tried meets ${t.label} = ${showTarget(t)}: the nearest measures ${showMeasure(t, m.value)} (${showInterval(t, m.low, m.high)}); the target may lie outside the ranges tried, or beyond what these bots reach, or the budget was too small to tell the values apart`);
    const tried = r.profile.flatMap((p) => p.filter((x) => x.games > 0).map((x) => x.measures[i]!));
    const values = tried.map((x) => x.value);
    if (values.length > 1 && Math.max(...values) - Math.min(...values) < 1e-9) out.push(`${t.label} is the same (${showMeasure(t, values[0]!)}) for every value tried: the tunables do not move it, with these bots`);
    else if (tried.length > 1 && tried.every((x) => x.high >= m.low && x.low <= m.high)) {
      out.push(`${t.label} does not clearly differ across the values tried (every value's interval overlaps the best's, ${showInterval(t, m.low, m.high)}): the choice among them is within the noise; play more games, or the tunables hardly move it with these bots`);
    }
  });
  return out;
}
