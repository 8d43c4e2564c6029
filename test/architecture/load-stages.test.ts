// engine/load/ is grouped by stage: the YAML reading, the variants merged, the files read, the schema check and
// the compiler each have a folder; only the pipeline that runs them (index.ts) and the diagnostics every stage
// reports with stay at its top.

import { describe, expect, it } from 'vitest';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/game.js';

const LOAD = join(ROOT, 'engine', 'load');
const STAGES = ['compile', 'files', 'schema', 'variants', 'yaml'];
const TOP = ['diagnostics.ts', 'index.ts'];

describe('engine/load/ by stage', () => {
  it('has a folder per stage, each holding its modules', () => {
    const dirs = readdirSync(LOAD).filter((f) => statSync(join(LOAD, f)).isDirectory()).sort();
    expect(dirs).toEqual(STAGES);
    for (const d of STAGES) expect(readdirSync(join(LOAD, d)).filter((f) => f.endsWith('.ts')).length, d).toBeGreaterThan(1);
  });

  it('keeps no loose stage files at its top: only the pipeline and its diagnostics', () => {
    const loose = readdirSync(LOAD).filter((f) => statSync(join(LOAD, f)).isFile()).sort();
    expect(loose).toEqual(TOP);
  });
});
