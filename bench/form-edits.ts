// A campaign of form edits (the property of test/properties/form-edits.test.ts, longer):
//   npm run fuzz:edits -- --edits 50000 [--seed S] [--run 50] [--only SUBSTRING] [--out DIR]
// The edits are spread evenly over every shipped ruleset and variant and the edit fixtures, in sequences of
// `--run` edits from the shipped text (seeded `S:file:sequence`, so any failure can be made again). A failing
// edit is written to DIR (default form-edit-failures/) as the text it was made on, the edit and the message;
// the closing lines give the counts. Exit 1 if any edit failed.

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { editTargets, newStats, readTargets, runEdits } from './form-edits-core.js';

const here = dirname(fileURLToPath(import.meta.url));
// dist/bench/ at run time; the rulesets are at the project root
const ROOT = resolve(here, '..', '..');

const args = process.argv.slice(2);
const opt = (name: string, dflt: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1]! : dflt;
};
if (args.includes('--help')) {
  console.log('usage: npm run fuzz:edits -- --edits N [--seed S] [--run 50] [--only SUBSTRING] [--out DIR]');
  process.exit(0);
}
const edits = Number(opt('edits', '2000'));
const seed = opt('seed', '1');
const run = Number(opt('run', '50'));
const only = opt('only', '');
const out = resolve(opt('out', 'form-edit-failures'));
if (!Number.isInteger(edits) || edits < 1 || !Number.isInteger(run) || run < 1) {
  console.error('--edits and --run are whole numbers, 1 or more');
  process.exit(2);
}

const targets = editTargets(ROOT).filter((t) => t.includes(only));
const files = readTargets(ROOT, editTargets(ROOT));
const stats = newStats();
const t0 = performance.now();
targets.forEach((file, i) => {
  // an even share, the remainder to the first files
  const n = Math.floor(edits / targets.length) + (i < edits % targets.length ? 1 : 0);
  const before = { edits: stats.edits, ms: stats.ms, failures: stats.failures.length };
  runEdits(files, file, n, seed, stats, run);
  const made = stats.edits - before.edits;
  const failed = stats.failures.length - before.failures;
  console.log(`${file}: ${made} edits, ${((stats.ms - before.ms) / Math.max(1, made)).toFixed(1)} ms each${failed ? `, ${failed} FAILED` : ''}`);
});

if (stats.failures.length) {
  mkdirSync(out, { recursive: true });
  stats.failures.forEach((f, i) => {
    const base = join(out, `failure-${String(i + 1).padStart(3, '0')}`);
    writeFileSync(`${base}.yaml`, f.before);
    writeFileSync(`${base}.json`, `${JSON.stringify({ file: f.file, seed, run, step: f.step, edit: f.edit, message: f.message, after: f.after }, null, 2)}\n`);
    console.log(`FAILED ${f.file} edit ${f.step}: ${JSON.stringify(f.edit)}: ${f.message} (${base}.yaml)`);
  });
}
const kinds = Object.entries(stats.byKind).sort().map(([k, n]) => `${k} ${n}`).join(', ');
console.log(`\n${stats.edits} edits on ${targets.length} files (seed ${seed}, sequences of ${run}) in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${kinds}`);
console.log(`${stats.refused} refused as they should be (a value shared through an anchor), ${stats.failures.length} failed`);
process.exit(stats.failures.length ? 1 : 0);
