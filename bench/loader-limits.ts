// How long the loader takes on the worst files it still accepts: each case is generated at the limits of
// engine/load/yaml/limits.ts (512 KiB and 100 000 values per file; 1 MiB and 200 000 values per `extends` chain)
// and loaded whole (parse, merge, schema check, compile, the check before the first decision), as `babelkit
// validate` would; then small files built to cost far more than their size (bench/hostile-rulesets.ts).
//   npm run build && node dist/bench/loader-limits.js [--only NAME]
// Prints wall and CPU time per case (CPU time is the steadier figure on a busy machine) and the heap in use.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadRulesetText } from '../engine/index.js';
import { DEFAULT_CHAIN_LIMITS, DEFAULT_LIMITS } from '../engine/load/yaml/limits.js';
import { definitionChain, overLimitCalls, overLimitUses, paymentSum, runawayMove, underLimitUses } from './hostile-rulesets.js';

const MAX_BYTES = DEFAULT_LIMITS.maxBytes;
const MAX_VALUES = DEFAULT_LIMITS.maxNodes;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const HEAD = 'id: x\nname: X\n';

/** Repeats `unit(i)` after `head` while the text stays within `bytes` (ASCII only) and `count` units. */
function fill(head: string, unit: (i: number) => string, tail = '', count = Infinity, bytes = MAX_BYTES): string {
  const parts = [head];
  let len = head.length + tail.length;
  for (let i = 0; i < count; i++) {
    const u = unit(i);
    if (len + u.length > bytes) break;
    parts.push(u);
    len += u.length;
  }
  parts.push(tail);
  return parts.join('');
}

const key = (i: number) => `k${i.toString(36)}`;
// HEAD is a mapping and two strings: 3 values, plus 1 for the collection under `description`
const ROOM = MAX_VALUES - 4;

const files = (main: string, more: Record<string, string> = {}) => ({ 'bench/main.yaml': main, ...more });

const CASES: Record<string, () => Record<string, string>> = {
  'flow list of ones': () => files(fill(HEAD + 'description: [', () => '1,', '1]\n', ROOM - 1)),
  'block list of ones': () => files(fill(HEAD + 'description:\n', () => '- 1\n', '', ROOM)),
  'flow mapping of short keys': () => files(fill(HEAD + 'description: {', (i) => `${key(i)}: 1,`, 'z: 1}\n', ROOM - 1)),
  'block mapping of short keys': () => files(fill(HEAD + 'description:\n', (i) => `  ${key(i)}: 1\n`, '', ROOM)),
  'top-level unknown keys': () => files(fill(HEAD, (i) => `${key(i)}: 1\n`, '', MAX_VALUES - 3)),
  'keys with empty values': () => files(fill(HEAD + 'description:\n', (i) => `  ${key(i)}:\n`, '', ROOM)),
  'nesting 99 deep, repeated': () => files(fill(HEAD + 'description:\n', () => `- ${'['.repeat(97)}1${']'.repeat(97)}\n`, '', Math.floor(ROOM / 98))),
  'blank lines': () => files(fill(HEAD + 'description: 1\n', () => '\n')),
  'comment lines': () => files(fill(HEAD + 'description: 1\n', () => '#\n')),
  'one long string': () => files(fill(HEAD + 'description: "', () => 'x', '"\n')),
  'alias expansion': () => files(fill(`${HEAD}a: &a [${Array(999).fill('1').join(',')}]\ndescription: [`, () => '*a,', '*a]\n', Math.floor(ROOM / 1000) - 2)),
  // a valid ruleset: Babel Builders plus blueprints up to the limit, through `extends` (merge, schema, compile)
  'valid ruleset with many blueprints': () => {
    const base = readFileSync(`${ROOT}/rulesets/babel-builders.yaml`, 'utf8');
    const cell = ['A1', 'B2', 'C3'];
    const variant = fill('extends: babel-builders.yaml\ncards:\n', (i) => `  - { id: bp-x${i}, type: blueprint, name: Extra ${i}, source: placeholder, targets: { ${cell[i % 3]}: 3, B1: 8 } }\n`, '', Infinity, MAX_BYTES - 64);
    return { 'bench/main.yaml': variant, 'bench/babel-builders.yaml': base };
  },
  // an extends chain at its budget: two files of 100 000 values each
  'chain of two block lists': () =>
    files(fill('extends: base.yaml\n' + HEAD + 'description:\n', () => '- 1\n', '', DEFAULT_CHAIN_LIMITS.maxValues / 2 - 5), {
      'bench/base.yaml': fill(HEAD + 'notes:\n', () => '- 1\n', '', DEFAULT_CHAIN_LIMITS.maxValues / 2 - 4),
    }),
  // merging by id: every item of a long base list moved by the variant
  'chain merging two id lists': () => {
    const n = Math.floor((DEFAULT_CHAIN_LIMITS.maxValues / 2 - 10) / 3);
    return files(fill('extends: base.yaml\ncards:\n', (i) => `  - { id: c${i}, after: c${(i + 7) % n} }\n`, '', n), {
      'bench/base.yaml': fill(HEAD + 'cards:\n', (i) => `  - { id: c${i}, n: ${i} }\n`, '', n),
    });
  },
  // small files built to cost far more than their size (each must be answered in proportion to it)
  '200 uses of a definition over the limit': () => files(overLimitUses(200)),
  '200 uses of a definition under the limit': () => files(underLimitUses(200)),
  '200 calls of a definition with a parameter': () => files(overLimitCalls(200)),
  'a chain of 3,000 definitions': () => files(definitionChain(3000)),
  'a chain of 9,000 definitions': () => files(definitionChain(9000)),
  'a runaway move before the first decision': () => files(runawayMove()),
  'cheapest() over 400 cards before the first decision': () => files(paymentSum(400)),
};

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
// warm up the loader once
loadRulesetText('warm.yaml', readFileSync(`${ROOT}/rulesets/babel-builders.yaml`, 'utf8'));
for (const [name, make] of Object.entries(CASES)) {
  if (only && !name.includes(only)) continue;
  const texts = new Map(Object.entries(make()));
  const main = texts.get('bench/main.yaml')!;
  const kib = [...texts.values()].reduce((n, t) => n + Buffer.byteLength(t), 0) / 1024;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const r = loadRulesetText('bench/main.yaml', main, (p) => texts.get(p));
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const errors = r.diagnostics.filter((d) => d.severity === 'error');
  const first = errors[0] ? `; first: ${errors[0].line}:${errors[0].col} ${errors[0].message.slice(0, 70)}` : '';
  const heap = process.memoryUsage().heapUsed / 1048576;
  console.log(
    `${name.padEnd(52)} ${kib.toFixed(0).padStart(5)} KiB  ${wall.toFixed(0).padStart(6)} ms wall  ${((cpu.user + cpu.system) / 1000).toFixed(0).padStart(6)} ms cpu  heap ${heap.toFixed(0)} MB  ${r.game ? 'loads' : `${errors.length} errors${first}`}`,
  );
}
