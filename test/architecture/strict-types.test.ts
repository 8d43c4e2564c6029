// The type checker's strictest settings stay on in both projects. With `noUncheckedIndexedAccess` an index
// read (`xs[i]`, `record[key]`) has the type `T | undefined`, so code either handles the missing case or says
// with `!` that the index is in range by construction (hot loops do the latter: no runtime check is added).
// `npm run typecheck` checks both projects in full (about a minute of CPU, so it is not run here); the suite's
// build compiles everything outside test/ and editor/ with these settings through tsconfig.build.json.

import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/game.js';

const read = (f: string) => JSON.parse(readFileSync(join(ROOT, f), 'utf8')) as { extends?: string; compilerOptions?: Record<string, unknown> };

describe('strict type checking', () => {
  it.each(['tsconfig.json', 'editor/tsconfig.json'])('%s has strict and noUncheckedIndexedAccess on', (f) => {
    const o = read(f).compilerOptions ?? {};
    expect(o.strict).toBe(true);
    expect(o.noUncheckedIndexedAccess).toBe(true);
  });

  it('the build the tests run on inherits them', () => {
    const b = read('tsconfig.build.json');
    expect(b.extends).toBe('./tsconfig.json');
    expect(b.compilerOptions?.noUncheckedIndexedAccess).toBeUndefined();
    expect(b.compilerOptions?.strict).toBeUndefined();
  });
});
