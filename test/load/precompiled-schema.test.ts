// The schema check compiled at build time (schemas/build-validator.mjs → dist/schemas/ruleset-check.js) says yes
// exactly when the loader's own validator finds nothing: on every bundled ruleset, and on broken ones; and the
// command line, which uses it, reports a broken ruleset with the same messages as the loader.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { createSchemaValidator } from '../../engine/load/schema/schema-check.js';
import { rulesetSchema } from '../../engine/load/index.js';
import { ROOT } from '../helpers/game.js';
import { babelkitWithInput } from '../cli/run.js';

const check = (await import(join(ROOT, 'dist/schemas/ruleset-check.js'))).validate as (v: unknown) => boolean;
const full = createSchemaValidator(rulesetSchema);
const noMap = { valuePos: () => ({ file: 'x', line: 1, col: 1 }), keyPos: () => ({ file: 'x', line: 1, col: 1 }) } as never;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? files(join(dir, d.name)) : d.name.endsWith('.yaml') ? [join(dir, d.name)] : []));
}

describe('the precompiled schema check', () => {
  it('agrees with the full validator on every bundled ruleset and on broken ones', () => {
    const docs = files(join(ROOT, 'rulesets')).map((f) => parse(readFileSync(f, 'utf8')) as Record<string, unknown>);
    expect(docs.length).toBeGreaterThan(8);
    const broken = [
      { ...docs[0], players: 'many' },
      { ...docs[0], phases: [{ id: 1 }] },
      { ...docs[0], zones: [{ id: 'deck', visibility: 'sometimes' }] },
      { ...docs[0], extends: [] },
      { ...docs[0], __proto__x: 1 },
    ];
    for (const d of [...docs, ...broken]) expect(check(d)).toBe(full(d, noMap).length === 0);
    expect(broken.map((d) => check(d))).toEqual([false, false, false, false, false]);
  });

  it('leaves the messages of a broken ruleset to the full validator', () => {
    const r = babelkitWithInput('id: x\nname: X\nplayers: { min: 2, max: many }\n', 'validate', '-');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^<stdin>:3:25: error: players\.max: /m);
  });
});
