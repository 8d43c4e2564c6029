// A fuzz campaign over the bundled rulesets: `npm run fuzz -- --mutants 20000 [--seed S] [--workers N]
// [--timeout SECONDS] [--out DIR] [--validate-only] [--slow SECONDS]`. Mutant i mutates bundled file i mod F
// (every tenth: a file built to be costly, bench/hostile-rulesets.ts) with the mutations fast-check draws from
// seed S + i, so any mutant can be made again from its number. Worker threads play the mutants; one that takes
// longer than the timeout is a hang (its worker is stopped and replaced). Each load is timed in CPU (the
// process's: give --workers 1 to measure one mutant at a time); one over --slow seconds (default 2) is a
// problem. --validate-only loads each mutant without playing it. Problems and hangs are written to DIR
// (default fuzz-failures/) as the mutant's text with a note; the closing lines give the counts and the
// distribution of validate's CPU time.

import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import fc from 'fast-check';
import { mutate, mutationsArb, playersFor, sourceOf, SUITE_BUDGET, tryMutant, type MutantOutcome, type Mutation } from './fuzz-core.js';

const here = dirname(fileURLToPath(import.meta.url));
// dist/bench/ at run time; the rulesets are at the project root
const ROOT = resolve(here, '..', '..');

function bundled(): string[] {
  const dir = join(ROOT, 'rulesets');
  return [
    ...readdirSync(dir).filter((f) => f.endsWith('.yaml')).map((f) => join(dir, f)),
    ...readdirSync(join(dir, 'variants')).filter((f) => f.endsWith('.yaml')).map((f) => join(dir, 'variants', f)),
  ].sort();
}

function mutant(files: string[], seed: number, i: number): { file: string; ms: Mutation[]; text: string } {
  const { file, text } = sourceOf(files, i, (f) => readFileSync(f, 'utf8'));
  const ms = fc.sample(mutationsArb, { seed: seed + i, numRuns: 1 })[0]!;
  return { file, ms, text: mutate(text, ms) };
}

const read = (p: string) => { try { return readFileSync(p, 'utf8'); } catch { return undefined; } };

interface Job { from: number; to: number; seed: number; validateOnly: boolean }
type Msg = { kind: 'start'; i: number } | { kind: 'done'; i: number; o: MutantOutcome; ms: number };

/** Median, 90th, 99th and 99.9th percentiles and the maximum, and how many fall in each band. */
function cpuSummary(xs: number[]): string {
  if (!xs.length) return 'none';
  const s = xs.slice().sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  const bands = [50, 100, 250, 500, 1000, 2000, Infinity];
  let lo = 0;
  const counts = bands.map((hi) => { const n = s.filter((x) => x >= lo && x < hi).length; const label = hi === Infinity ? `≥${lo} ms` : `${lo}–${hi} ms`; lo = hi; return `${label}: ${n}`; });
  return `median ${q(0.5).toFixed(0)} ms, p90 ${q(0.9).toFixed(0)} ms, p99 ${q(0.99).toFixed(0)} ms, p99.9 ${q(0.999).toFixed(0)} ms, max ${s[s.length - 1]!.toFixed(0)} ms (${counts.join(', ')})`;
}

if (!isMainThread) {
  const { from, to, seed, validateOnly } = workerData as Job;
  const files = bundled();
  for (let i = from; i < to; i++) {
    parentPort!.postMessage({ kind: 'start', i } satisfies Msg);
    const m = mutant(files, seed, i);
    const t0 = performance.now();
    const o = tryMutant(m.file, m.text, read, playersFor(i), SUITE_BUDGET, validateOnly);
    parentPort!.postMessage({ kind: 'done', i, o, ms: performance.now() - t0 } satisfies Msg);
  }
} else {
  const args = process.argv.slice(2);
  const opt = (name: string, dflt: number) => {
    const k = args.indexOf(`--${name}`);
    const v = k >= 0 ? Number(args[k + 1]) : dflt;
    if (!Number.isSafeInteger(v) || v < 0) { process.stderr.write(`--${name} needs a whole number\n`); process.exit(2); }
    return v;
  };
  const mutants = opt('mutants', 1000), seed = opt('seed', 1), workers = Math.max(1, opt('workers', availableParallelism()));
  const timeoutMs = opt('timeout', 60) * 1000;
  const slowMs = Number(args.includes('--slow') ? args[args.indexOf('--slow') + 1] : 2) * 1000;
  const validateOnly = args.includes('--validate-only');
  /** validate's CPU time per mutant, ms */
  const cpu: number[] = [];
  const outDir = (() => { const k = args.indexOf('--out'); return k >= 0 ? args[k + 1]! : 'fuzz-failures'; })();
  const files = bundled();
  const totals = { mutants: 0, loaded: 0, refused: 0, errors: 0, warnings: 0, games: 0, truncated: 0, problems: 0, hangs: 0, crashes: 0, unlocated: 0 };
  let slowest = { i: -1, ms: 0 };
  let slowCpu = { i: -1, ms: 0 };
  const t0 = performance.now();
  const record = (i: number, what: string, lines: string[]) => {
    mkdirSync(outDir, { recursive: true });
    const m = mutant(files, seed, i);
    writeFileSync(join(outDir, `mutant-${i}.yaml`), m.text);
    writeFileSync(join(outDir, `mutant-${i}.txt`), [`${what}: mutant ${i} of ${m.file} (seed ${seed})`, `mutations: ${JSON.stringify(m.ms)}`, ...lines].join('\n') + '\n');
  };
  // the mutants split into contiguous slices, one per worker; a hung worker's slice resumes after the hang
  const slice = Math.ceil(mutants / workers);
  const run = (job: Job): Promise<void> => new Promise((done) => {
    if (job.from >= job.to) return done();
    const w = new Worker(fileURLToPath(import.meta.url), { workerData: job });
    let current = job.from;
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        totals.hangs++;
        totals.mutants++;
        record(current, 'hang', [`no answer after ${timeoutMs / 1000} s`]);
        void w.terminate().then(() => run({ ...job, from: current + 1 }).then(done));
      }, timeoutMs);
    };
    w.on('message', (m: Msg) => {
      if (m.kind === 'start') { current = m.i; arm(); return; }
      clearTimeout(timer);
      const o = m.o;
      totals.mutants++;
      if (o.loaded) totals.loaded++;
      else totals.refused++;
      totals.errors += o.errors;
      totals.warnings += o.warnings;
      totals.games += o.games;
      totals.truncated += o.truncated;
      if (m.ms > slowest.ms) slowest = { i: m.i, ms: m.ms };
      cpu.push(o.validateCpuMs);
      if (o.validateCpuMs > slowCpu.ms) slowCpu = { i: m.i, ms: o.validateCpuMs };
      if (o.validateCpuMs > slowMs) o.problems.push(`slow: validate took ${(o.validateCpuMs / 1000).toFixed(2)} s of CPU (over ${slowMs / 1000} s)`);
      if (o.problems.length) {
        totals.problems++;
        if (o.problems.some((p) => p.includes('threw'))) totals.crashes++;
        if (o.problems.some((p) => p.startsWith('unlocated'))) totals.unlocated++;
        record(m.i, 'problem', o.problems);
      }
      if (totals.mutants % 500 === 0) process.stderr.write(`${totals.mutants}/${mutants} mutants, ${totals.problems} with problems, ${totals.hangs} hangs\n`);
    });
    w.on('error', (e) => {
      clearTimeout(timer);
      totals.crashes++;
      totals.mutants++;
      record(current, 'worker crash', [String(e?.stack ?? e)]);
      void run({ ...job, from: current + 1 }).then(done);
    });
    w.on('exit', () => { clearTimeout(timer); done(); });
  });
  const jobs: Promise<void>[] = [];
  for (let k = 0; k < workers; k++) jobs.push(run({ from: k * slice, to: Math.min(mutants, (k + 1) * slice), seed, validateOnly }));
  await Promise.all(jobs);
  const s = (performance.now() - t0) / 1000;
  process.stdout.write([
    `fuzz: ${totals.mutants} mutants of ${files.length} bundled rulesets, seed ${seed}, ${workers} workers, ${s.toFixed(1)} s`,
    `  loaded${validateOnly ? '' : ' and played'}: ${totals.loaded} (${totals.games} games, ${totals.truncated} truncated by the budget or a rule error)`,
    `  refused with errors: ${totals.refused} (${totals.errors} errors, ${totals.warnings} warnings in all)`,
    `  slowest mutant: ${slowest.i} (${(slowest.ms / 1000).toFixed(2)} s)`,
    `  validate's CPU time per mutant: ${cpuSummary(cpu)}; the most: mutant ${slowCpu.i} (${(slowCpu.ms / 1000).toFixed(2)} s); over ${slowMs / 1000} s: ${cpu.filter((x) => x > slowMs).length}`,
    `  crashes: ${totals.crashes}, hangs: ${totals.hangs}, unlocated errors: ${totals.unlocated}, mutants with any problem: ${totals.problems}${totals.problems + totals.hangs ? ` (written to ${outDir}/)` : ''}`,
    '',
  ].join('\n'));
  process.exitCode = totals.problems + totals.hangs + totals.crashes ? 1 : 0;
}
