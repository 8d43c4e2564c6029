// The language has one list of its words: the registries of effects, step kinds, prompt keys and built-in
// functions. The schema's sections for them and the docs' tables are generated from the registries; these
// tests fail when the committed schema or docs fall behind (run `npm run schema`), and show that a new entry
// without its schema is caught.

import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyPrimitiveDefs, applyPrimitiveTables, registries, type Registries } from '../../tools/schema-sections.js';
import { T } from '../../engine/expr/types.js';
import { ROOT } from '../helpers/game.js';

const schema = JSON.parse(readFileSync(join(ROOT, 'schemas/ruleset.schema.json'), 'utf8')) as Record<string, unknown>;
const docs = readFileSync(join(ROOT, 'docs/ruleset-format.md'), 'utf8');
const defs = (s: Record<string, unknown>) => s.$defs as Record<string, Record<string, unknown>>;

/** The registries with one fake entry added to the kind named. */
function withFake(kind: keyof Omit<Registries, 'stepKeys'>): Registries {
  const r = registries();
  const copy = { ...r, [kind]: r[kind].copy() } as Registries;
  if (kind === 'effects') copy.effects.add({ name: 'fakeEffect', doc: 'A fake.', arg: { type: { k: 'zone' }, doc: 'A zone.' }, params: [], compile: () => null });
  if (kind === 'functions') copy.functions.add({ name: 'fakeFunction', doc: 'A fake.', params: [], returns: 'a number', compile: () => ({ fn: () => 0, t: T.num }) });
  if (kind === 'steps') copy.steps.add({ name: 'fakeStep', doc: 'A fake.', arg: { type: { k: 'bool' }, doc: 'A flag.' }, takes: [], inThread: false, compile: () => ({ step: null }) });
  if (kind === 'prompt') copy.prompt.add({ name: 'fakeKey', doc: 'A fake.', type: { k: 'bool' }, compile: () => null });
  return copy;
}

describe('the registries of primitives and the schema', () => {
  it('the committed schema has exactly the sections the registries generate (else: npm run schema)', () => {
    expect(applyPrimitiveDefs(schema)).toEqual(schema);
  });

  it('the committed docs have exactly the tables the registries generate (else: npm run schema)', () => {
    expect(applyPrimitiveTables(docs)).toBe(docs);
    for (const name of ['effects', 'steps', 'prompt', 'functions']) expect(docs).toContain(`<!-- generated: ${name} -->`);
  });

  it('every effect, step kind, prompt key and function has its schema section, and nothing else has one', () => {
    const r = registries();
    const d = defs(schema);
    const effectDefs = Object.keys(d).filter((k) => k.startsWith('effect-')).map((k) => k.slice('effect-'.length));
    expect(effectDefs.sort()).toEqual(r.effects.names().sort());
    for (const e of r.effects.entries()) {
      const props = Object.keys(d[`effect-${e.name}`]!.properties as object);
      expect(props.sort()).toEqual([e.name, ...e.params.map((p) => p.name)].sort());
    }
    const stepProps = Object.keys(d.step!.properties as object);
    for (const k of [...r.steps.names(), ...r.stepKeys.map((k) => k.name)]) expect(stepProps).toContain(k);
    expect(Object.keys(d.prompt!.properties as object).sort()).toEqual(r.prompt.names().sort());
    const fnList = /Functions: ([^.]*)\./.exec(String(d.expression!.description))![1]!.split(', ');
    expect(fnList.sort()).toEqual(r.functions.names().sort());
  });

  for (const kind of ['effects', 'functions', 'steps', 'prompt'] as const) {
    it(`a fake ${kind} entry without its schema section is caught`, () => {
      const fake = withFake(kind);
      expect(applyPrimitiveDefs(schema, fake)).not.toEqual(schema);
      expect(applyPrimitiveTables(docs, fake)).not.toBe(docs);
    });
  }
});

/** The docs' row or sentence for a value, as written there (200000, never 200,000). */
const plain = (n: number) => String(n);

describe('the limits and the bots, against the docs', () => {
  it("every limit the schema takes has its docs row, with the loader's default and maximum", async () => {
    const { DEFAULT_MAX_STEPS, MAX_STEPS, MAX_WORK } = await import('../../engine/load/compile/index.js');
    const { DEFAULT_STEP_WORK } = await import('../../engine/budget.js');
    const limits = (schema.properties as Record<string, { properties: Record<string, { maximum: number; description: string }> }>).limits!.properties;
    const row = docs.split('\n').find((l) => l.startsWith('| `limits` |'))!;
    expect(row).toBeDefined();
    expect(Object.keys(limits).sort()).toEqual(['steps', 'work']);
    for (const k of Object.keys(limits)) expect(row, k).toContain(`\`${k}\``);
    const expected = { steps: [DEFAULT_MAX_STEPS, MAX_STEPS], work: [DEFAULT_STEP_WORK, MAX_WORK] } as const;
    for (const [k, [dflt, max]] of Object.entries(expected)) {
      expect(limits[k]!.maximum, k).toBe(max);
      expect(limits[k]!.description, k).toContain(`default ${plain(dflt)}`);
      const part = row.slice(row.indexOf(`\`${k}\``));
      expect(part, k).toMatch(new RegExp(`default ${plain(dflt)}, at most ${plain(max)}`));
    }
  });

  it('every registered bot has its row in docs/balance.md, with its default budget, and is named in the README', async () => {
    const { botEntries } = await import('../../engine/index.js');
    const balance = readFileSync(join(ROOT, 'docs/balance.md'), 'utf8');
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const rows = balance.split('\n').filter((l) => l.startsWith('| `'));
    for (const b of botEntries()) {
      const r = rows.find((l) => l.startsWith(`| \`${b.name}\``));
      expect(r, b.name).toBeDefined();
      if (b.budget) {
        expect(r, b.name).toContain(`\`${b.name}:N\``);
        expect(r, b.name).toContain(`default ${b.budget.default}`);
      }
      expect(readme, b.name).toContain(`\`${b.name}\``);
    }
  });
});
