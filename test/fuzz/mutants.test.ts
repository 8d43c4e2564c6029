// Keep it fixed: about 250 mutants of the bundled rulesets per run, and a few of each costly file of
// bench/hostile-rulesets.ts, with a fixed seed (the campaign is `npm run fuzz -- --mutants 20000`). Each mutant is loaded and, when it loads, played by both bots under a
// small step budget: no exception escapes, every error has its line and column, every game stops, no card is
// lost or doubled, and a saved replay replays (bench/fuzz-core.ts).

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mutate, mutationsArb, playersFor, tryMutant } from '../../bench/fuzz-core.js';
import { HOSTILE } from '../../bench/hostile-rulesets.js';
import { ROOT } from '../helpers/game.js';

const read = (p: string) => { try { return readFileSync(p, 'utf8'); } catch { return undefined; } };
const FILES = [
  ...readdirSync(join(ROOT, 'rulesets')).filter((f) => f.endsWith('.yaml')).map((f) => join(ROOT, 'rulesets', f)),
  ...readdirSync(join(ROOT, 'rulesets', 'variants')).filter((f) => f.endsWith('.yaml')).map((f) => join(ROOT, 'rulesets', 'variants', f)),
];
/** Mutants per file: about 250 per run in all, more for the bases (the variants mostly reuse them). */
const RUNS = (f: string) => (f.includes('/variants/') ? 14 : 30);

describe('fuzzed rulesets', () => {
  it.each(FILES.map((f) => [f.slice(ROOT.length + 1), f]))('%s: mutants load or fail at a place, and play safely', (_, file) => {
    const text = readFileSync(file, 'utf8');
    let loaded = 0, rejected = 0, i = 0;
    fc.assert(
      fc.property(mutationsArb, (ms) => {
        const o = tryMutant(file, mutate(text, ms), read, playersFor(i++));
        if (o.loaded) loaded++;
        else rejected++;
        expect(o.problems).toEqual([]);
      }),
      { seed: 20261123, numRuns: RUNS(file) },
    );
    // the mutations reach both sides: some mutants still load and play, some are refused with errors
    expect(loaded).toBeGreaterThan(0);
    expect(rejected).toBeGreaterThan(0);
  }, 600_000);
});

// files built to cost the loader, the check before the first decision or the payment solver as much as a small
// file can, mutated like the bundled ones: each is refused at a place or loads and plays safely
describe('fuzzed costly rulesets', () => {
  it.each(Object.keys(HOSTILE))('%s: mutants load or fail at a place, and play safely', (name) => {
    const text = HOSTILE[name]!(20);
    let i = 0;
    fc.assert(
      fc.property(mutationsArb, (ms) => {
        const o = tryMutant(`${name}.yaml`, mutate(text, ms), read, playersFor(i++));
        expect(o.problems).toEqual([]);
      }),
      { seed: 20261129, numRuns: 6 },
    );
  }, 600_000);
});
