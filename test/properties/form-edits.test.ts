// The editor's form edits never corrupt a ruleset: a fixed seed's worth of random edits (a count, a name, a number
// field, a text field with quotes, colons and `#`, a blueprint cell set or emptied, a field removed) on random
// cards of every shipped ruleset and variant and of the edit fixtures (anchors and aliases, block-style cards,
// comments and blank lines in odd places, a flow card list), each on the text the previous one left. Every edit
// leaves a file that loads, whose ruleset differs in exactly the edited value, whose text changes only in the
// card's item (or the one item a variant gains), with every comment still there (bench/form-edits-core.ts).
// The big rulesets cost ~two full YAML reads per edit, so they get fewer edits here than the small variants;
// `npm run fuzz:edits -- --edits 50000 --seed S` spreads a campaign evenly over every file.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { editTargets, newStats, readTargets, runEdits } from '../../bench/form-edits-core.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SEED = 27;

/** Edits per file in the suite (at least 2,000 over the shipped files). */
const EDITS: Record<string, number> = {
  'rulesets/7-wonders.yaml': 20,
  'rulesets/babel-builders.yaml': 60,
  'rulesets/babel-on.yaml': 30,
  'rulesets/bable.yaml': 25,
  'rulesets/variants/7-wonders-babel-projects.yaml': 25,
  'rulesets/variants/7-wonders-babel-tower.yaml': 30,
  'rulesets/variants/7-wonders-babel.yaml': 455,
  'rulesets/variants/bable-advanced.yaml': 455,
  'rulesets/variants/custom-blueprint.yaml': 455,
  'rulesets/variants/steep-tower.yaml': 455,
};
const FIXTURE_EDITS = 100;

describe('form edits on every shipped ruleset and variant', () => {
  const targets = editTargets(ROOT);
  const files = readTargets(ROOT, targets);
  const stats = newStats();

  it('every shipped file has its share of the edits', () => {
    const shipped = targets.filter((t) => t.startsWith('rulesets/'));
    expect(shipped.sort()).toEqual(Object.keys(EDITS).sort());
    expect(Object.values(EDITS).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(2000);
  });

  it.each(targets)('%s', (file) => {
    const n = EDITS[file] ?? FIXTURE_EDITS;
    const before = stats.edits;
    const failed = stats.failures.length;
    runEdits(files, file, n, SEED, stats);
    expect(stats.failures.slice(failed).map((f) => `${f.file} edit ${f.step} ${JSON.stringify(f.edit)}: ${f.message}`)).toEqual([]);
    expect(stats.edits - before).toBe(n);
  });

  it('covered every kind of edit, and refused only values shared through an anchor (in the fixtures)', () => {
    const shippedEdits = Object.entries(stats.byFile).filter(([f]) => f.startsWith('rulesets/')).reduce((a, [, n]) => a + n, 0);
    expect(shippedEdits).toBeGreaterThanOrEqual(2000);
    for (const kind of ['count', 'name', 'number', 'text', 'cell', 'cell-empty', 'remove']) expect(stats.byKind[kind], kind).toBeGreaterThan(20);
    expect(stats.refused).toBeGreaterThan(0);
    expect(stats.refused).toBeLessThan(stats.edits / 20);
  });
});
