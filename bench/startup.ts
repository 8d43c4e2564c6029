/**
 * Part of `npm run bench`: `babelkit validate rulesets/babel-builders.yaml` as a whole process (Node's start,
 * module loading, the schema check compiled at build time, the loader and its dry run of every player count):
 * minimum, median and maximum wall time of N runs.
 *
 *   node dist/bench/startup.js [--runs N]
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const k = process.argv.indexOf('--runs');
const RUNS = k >= 0 ? Number(process.argv[k + 1]) : 15;
const root = fileURLToPath(new URL('../..', import.meta.url));
const times: number[] = [];
for (let i = 0; i < RUNS + 2; i++) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['bin/babelkit.mjs', 'validate', 'rulesets/babel-builders.yaml'], { cwd: root, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`validate failed: ${r.stderr}`);
  if (i >= 2) times.push(ms); // two warm-up runs (the file cache)
}
times.sort((a, b) => a - b);
const med = times[Math.floor(times.length / 2)]!;
process.stdout.write(`\nbabelkit validate rulesets/babel-builders.yaml, whole process (${RUNS} runs): min ${times[0]!.toFixed(0)} ms, median ${med.toFixed(0)} ms, max ${times[times.length - 1]!.toFixed(0)} ms (target: under 250 ms)\n`);
