/**
 * `npm run bench`: uniform-random playouts of Babel Builders through the generic
 * engine (YAML ruleset) versus the hand-written reference (bench/handwritten.ts),
 * then uniform-random playouts of Babel On! through the engine alone.
 *
 *   node dist/bench/playouts.js [--games N] [--only babel-builders|babel-on] [--no-compile]
 *   (--no-compile: the engine's expressions as the interpreter's closures only, the safe emitter off)
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadRulesetText, setCompiledExpressions, type State } from '../engine/index.js';
import { playout } from '../engine/sim/playout.js';
import { playHandwritten } from './handwritten.js';

const ENDINGS = ['seal-success', 'punishment-executed', 'deck-exhausted', 'punishment-confirmed'] as const;
const OUTCOMES = ['architects', 'messenger'] as const;
/** Warm-up: at least this many games, and at least this long, so the JIT has settled. */
const WARMUP = 200;
const WARMUP_MIN_MS = 250;
/** Chi-square critical values at p = 0.001 for df = 1..6. */
const CHI2_CRIT_001 = [10.828, 13.816, 16.266, 18.467, 20.515, 22.458];

interface Result {
  outcome: string | null;
  ending: string | null;
  /** decisions with a real alternative */
  actions: number;
}

interface Run {
  impl: string;
  games: number;
  seconds: number;
  endings: Map<string, number>;
  outcomes: Map<string, number>;
  /** every timed repeat, in seconds */
  times: number[];
  /** decisions per game, summed and squared-summed (the first repeat) */
  actions: number;
  actionsSq: number;
}

function parseGames(argv: string[]): number | undefined {
  const i = argv.indexOf('--games');
  if (i < 0) return undefined;
  const n = Number(argv[i + 1]);
  if (!Number.isInteger(n) || n <= 0) {
    console.error('--games expects a positive integer');
    process.exit(2);
  }
  return n;
}

function findRuleset(name = 'babel-builders.yaml'): string {
  const candidates = [
    new URL(`../../rulesets/${name}`, import.meta.url), // dist/bench/playouts.js
    new URL(`../rulesets/${name}`, import.meta.url), // bench/playouts.ts
  ].map((u) => fileURLToPath(u));
  return candidates.find((p) => existsSync(p)) ?? candidates[0]!;
}

function readOptional(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** Runs `games` seeded games `REPEATS` times; the time reported is the median repeat (machines here are shared). */
const REPEATS = 7;

function warm(play: (seed: number) => Result): void {
  const warmStart = performance.now();
  for (let i = 0; i < WARMUP || performance.now() - warmStart < WARMUP_MIN_MS; i++) play(1_000_000_000 + i);
}

/** Seconds of CPU time this process spent (user and system): on a machine shared with others, wall time mostly
 *  measures the others. */
function cpuSeconds(t0: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(t0);
  return (d.user + d.system) / 1e6;
}

function once(play: (seed: number) => Result, games: number, tally?: { endings: Map<string, number>; outcomes: Map<string, number>; actions: number; actionsSq: number }): number {
  const t0 = process.cpuUsage();
  for (let seed = 0; seed < games; seed++) {
    const r = play(seed);
    if (tally) {
      const e = r.ending ?? '(none)';
      const o = r.outcome ?? '(none)';
      tally.endings.set(e, (tally.endings.get(e) ?? 0) + 1);
      tally.outcomes.set(o, (tally.outcomes.get(o) ?? 0) + 1);
      tally.actions += r.actions;
      tally.actionsSq += r.actions * r.actions;
    }
  }
  return cpuSeconds(t0);
}

/** Both implementations, warmed up, then timed in alternation so that a slow spell of the machine hits both. */
function runPair(games: number, impls: [string, (seed: number) => Result][]): Run[] {
  for (const [, play] of impls) warm(play);
  const runs = impls.map(([impl]) => ({ impl, games, seconds: 0, endings: new Map<string, number>(), outcomes: new Map<string, number>(), times: [] as number[], actions: 0, actionsSq: 0 }));
  for (let rep = 0; rep < REPEATS; rep++) {
    impls.forEach(([, play], k) => runs[k]!.times.push(once(play, games, rep === 0 ? runs[k] : undefined)));
  }
  for (const r of runs) {
    const sorted = [...r.times].sort((a, b) => a - b);
    r.seconds = sorted[Math.floor(sorted.length / 2)]!;
  }
  return runs;
}

function pct(count: number | undefined, games: number): string {
  return `${((100 * (count ?? 0)) / games).toFixed(2)}%`;
}

/** Max |difference| in percentage points, and a 2xK chi-square homogeneity test. */
function agreement(a: Map<string, number>, ga: number, b: Map<string, number>, gb: number): string {
  const keys = [...new Set([...a.keys(), ...b.keys()])];
  let maxPp = 0;
  let chi2 = 0;
  for (const key of keys) {
    const x = a.get(key) ?? 0;
    const y = b.get(key) ?? 0;
    maxPp = Math.max(maxPp, Math.abs((100 * x) / ga - (100 * y) / gb));
    const total = x + y;
    const ex = (total * ga) / (ga + gb);
    const ey = (total * gb) / (ga + gb);
    chi2 += (x - ex) ** 2 / ex + (y - ey) ** 2 / ey;
  }
  const df = keys.length - 1;
  const crit = CHI2_CRIT_001[Math.min(df, CHI2_CRIT_001.length) - 1];
  const verdict = df === 0 ? 'agree' : crit !== undefined && chi2 > crit ? 'DIFFER (p<0.001)' : 'agree';
  return `max |diff| ${maxPp.toFixed(2)} pp, chi2 ${chi2.toFixed(2)} (df ${df}): ${verdict}`;
}

function printTable(players: number, runs: Run[]): void {
  const hand = runs[0]!;
  const keys = [...ENDINGS, ...OUTCOMES];
  const extra = new Set<string>();
  for (const r of runs) for (const k of [...r.endings.keys(), ...r.outcomes.keys()]) extra.add(k);
  for (const k of keys) extra.delete(k);
  const cols = [...keys, ...extra];

  const header = ['players', 'implementation', 'games', 'seconds', 'playouts/s', 'ratio', ...cols];
  const rows = runs.map((r) => [
    String(players),
    r.impl,
    String(r.games),
    r.seconds.toFixed(3),
    Math.round(r.games / r.seconds).toLocaleString('en-US'),
    (r.seconds / hand.seconds).toFixed(2) + 'x',
    ...cols.map((k) => pct(r.endings.get(k) ?? r.outcomes.get(k), r.games)),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  if (runs.length === 2) {
    const [a, b] = runs as [Run, Run];
    console.log(`agreement (endings): ${agreement(a.endings, a.games, b.endings, b.games)}`);
    console.log(`agreement (outcomes): ${agreement(a.outcomes, a.games, b.outcomes, b.games)}`);
    // The endings are lopsided under random play, so also compare game length: the number of real
    // decisions per game, a sensitive fingerprint of the rules both implementations play.
    const mean = (r: Run) => r.actions / r.games;
    const sd = (r: Run) => Math.sqrt(Math.max(0, r.actionsSq / r.games - mean(r) ** 2));
    const se = Math.sqrt(sd(a) ** 2 / a.games + sd(b) ** 2 / b.games);
    const z = se > 0 ? (mean(b) - mean(a)) / se : 0;
    console.log(`decisions per game: hand-written ${mean(a).toFixed(2)} (sd ${sd(a).toFixed(2)}), engine ${mean(b).toFixed(2)} (sd ${sd(b).toFixed(2)}); z = ${z.toFixed(2)}: ${Math.abs(z) < 3.3 ? 'agree' : 'DIFFER'}`);
  }
  console.log();
}

function main(): void {
  const override = parseGames(process.argv.slice(2));
  const file = findRuleset();
  const text = readOptional(file);
  if (text === undefined) {
    console.error(`cannot read ruleset ${file}`);
    process.exit(1);
  }
  const { game, diagnostics } = loadRulesetText(file, text, readOptional);
  if (!game) {
    console.error(`ruleset ${file} failed to load:`);
    for (const d of diagnostics) console.error(typeof d === 'string' ? d : JSON.stringify(d));
    process.exit(1);
  }

  console.log(`Babel Builders, uniform-random playouts (warm-up: ${WARMUP} games and >= ${WARMUP_MIN_MS} ms each;`);
  console.log(`each figure is the median of ${REPEATS} timed repeats of the same seeded games, in CPU time, the two implementations alternating)\n`);
  let engineFive: Run | undefined;
  for (const players of [5, 10]) {
    const games = override ?? (players === 5 ? 10_000 : 5_000);
    // the engine plays each game in the state of the one before, as batch simulation does
    let last: State | undefined;
    const [hand, engine] = runPair(games, [
      ['hand-written', (seed) => playHandwritten(players, seed)],
      ['generic engine', (seed) => { const r = playout(game, { players, seed, bot: 'random', reuse: last }); last = r.state; return r; }],
    ]);
    if (players === 5) engineFive = engine;
    printTable(players, [hand!, engine!]);
  }
  if (engineFive) {
    const t = (engineFive.seconds * 10_000) / engineFive.games;
    const how = engineFive.games === 10_000 ? 'measured' : `extrapolated from ${engineFive.games} games`;
    console.log(`wall time for 10,000 five-player engine games: ${t.toFixed(2)} s (${how})`);
  }
}

/**
 * Babel On! under uniform-random play: no hand-written twin, so the engine alone. Random play rarely
 * completes a perfect tower, so most games run to the ruleset's step limit: the figures are games and
 * engine steps per second, and the share of games stopped by that limit.
 */
function benchBabelOn(override: number | undefined): void {
  const file = findRuleset('babel-on.yaml');
  const text = readOptional(file);
  const { game } = text === undefined ? { game: null } : loadRulesetText(file, text, readOptional);
  if (!game) {
    console.error(`ruleset ${file} failed to load`);
    process.exit(1);
  }
  const repeats = 3;
  console.log(`Babel On!, uniform-random playouts through the engine (median of ${repeats} timed repeats in CPU time after a warm-up of 3 games;`);
  console.log(`random play seldom builds a perfect tower, so most games end at the step limit of ${game.maxSteps} steps)\n`);
  const header = ['players', 'games', 'seconds', 'playouts/s', 'steps/s', 'stopped by the limit', 'ended', 'decisions/game'];
  const rows: string[][] = [];
  for (const players of [2, 4, 6]) {
    const games = override ?? 30; // most games run to the step limit
    for (let i = 0; i < 3; i++) playout(game, { players, seed: 1_000_000_000 + i, bot: 'random' });
    const times: number[] = [];
    let truncated = 0, ended = 0, steps = 0, decisions = 0;
    for (let rep = 0; rep < repeats; rep++) {
      const t0 = process.cpuUsage();
      for (let seed = 0; seed < games; seed++) {
        const r = playout(game, { players, seed, bot: 'random' });
        if (rep === 0) {
          if (r.truncated) truncated++; else ended++;
          steps += r.state.steps;
          decisions += r.actions;
        }
      }
      times.push(cpuSeconds(t0));
    }
    const sec = [...times].sort((a, b) => a - b)[1]!;
    rows.push([String(players), String(games), sec.toFixed(3), (games / sec).toFixed(1), Math.round(steps / sec).toLocaleString('en-US'),
      `${truncated} (${((100 * truncated) / games).toFixed(1)}%)`, String(ended), (decisions / games).toFixed(1)]);
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  console.log(header.map((h, i) => h.padStart(widths[i]!)).join('  '));
  for (const r of rows) console.log(r.map((c, i) => c.padStart(widths[i]!)).join('  '));
  console.log();
}

if (process.argv.includes('--no-compile')) setCompiledExpressions(false);
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
if (only !== undefined && only !== 'babel-builders' && only !== 'babel-on') {
  console.error('--only expects babel-builders or babel-on');
  process.exit(2);
}
if (only !== 'babel-on') main();
if (only !== 'babel-builders') benchBabelOn(parseGames(process.argv.slice(2)));
