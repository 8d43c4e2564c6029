// No import cycle in engine/, type-only imports included: the model (engine/model.ts) is the ground floor the
// rest stands on. The finder reads import and export-from statements from the TypeScript sources
// (test/helpers/import-graph.ts).

import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, importsOf } from '../helpers/import-graph.js';
import { ROOT } from '../helpers/game.js';

describe('import cycles', () => {
  it('the finder reads type-only imports and re-exports, and finds a cycle through them', () => {
    expect(importsOf("import type { A } from './a.js';\nexport { b } from './b.js';\nexport * from \"./c.js\";\n// import x from './not.js'\n")).toEqual(['./a.js', './b.js', './c.js']);
    const g = new Map([['a', ['b']], ['b', ['c']], ['c', ['a', 'd']], ['d', []], ['e', ['e']]]);
    expect(importCycles(g).sort()).toEqual(["a → b → c → a (3 files in the cycle's part)", "e → e (1 files in the cycle's part)"]);
    expect(importCycles(new Map([['a', ['b']], ['b', []]]))).toEqual([]);
  });

  it('engine/ has none (type-only imports included)', () => {
    const g = importGraph(ROOT, 'engine');
    expect(g.size).toBeGreaterThan(100);
    expect(g.get('engine/model.ts')).not.toContain('engine/memory.ts');
    // the compiled game holds its expression environment (Game.env): Env lives in expr/env-core.ts, which
    // imports nothing that imports the model
    expect(g.get('engine/expr/env-core.ts')).not.toContain('engine/model.ts');
    expect(importCycles(g)).toEqual([]);
  });
});
