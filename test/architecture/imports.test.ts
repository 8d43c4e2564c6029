// The layers stand one on another, never back up: the server stands on the engine, not on the editor (what a
// table shows publicly is the engine's knowledge, engine/table-meta.ts); the engine stands on nothing of the
// project outside engine/ but the schema JSON its loader checks files with.

import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { ROOT } from '../helpers/game.js';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return f === 'node_modules' ? [] : sources(p);
    return /\.(ts|mts|mjs|js)$/.test(f) && !f.endsWith('.d.ts') ? [p] : [];
  });
}

/** Every module a file names: static imports and re-exports (type-only ones included), dynamic imports. */
export function importsOf(text: string): string[] {
  const out: string[] = [];
  const re = /(?:^|[^\w.$])(?:import|export)\s[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]|(?:^|[^\w.$])import\s*['"]([^'"]+)['"]|(?:^|[^\w.$])import\s*\(\s*['"]([^'"]+)['"]\s*\)/gm;
  for (const m of text.matchAll(re)) out.push((m[1] ?? m[2] ?? m[3])!);
  return out;
}

/** `file:spec → where it lands` for the relative imports of the files under `dir` that land where `bad` says. */
function crossings(dir: string, bad: (target: string) => boolean): string[] {
  return sources(join(ROOT, dir)).flatMap((f) => importsOf(readFileSync(f, 'utf8'))
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => ({ spec, target: relative(ROOT, resolve(dirname(f), spec)).split(sep).join('/') }))
    .filter(({ target }) => bad(target))
    .map(({ spec, target }) => `${relative(ROOT, f)}: '${spec}' → ${target}`));
}

describe('imports run one way', () => {
  it('reads every form of import', () => {
    const text = `import a from './a.js';\nimport type { B } from "./b.js";\nexport { c } from './c.js';\nexport * from './d.js';\nimport './e.js';\nconst f = await import('./f.js');\nimport {\n  g,\n  type H,\n} from './g.js';\n// a word like import in a comment: 'not.js'\n`;
    expect(importsOf(text)).toEqual(['./a.js', './b.js', './c.js', './d.js', './e.js', './f.js', './g.js']);
  });

  it('nothing under server/ imports from editor/', () => {
    expect(sources(join(ROOT, 'server')).length).toBeGreaterThan(5);
    expect(crossings('server', (t) => t === 'editor' || t.startsWith('editor/'))).toEqual([]);
  });

  it('every relative import under engine/ stays inside it (the schema JSON aside)', () => {
    expect(sources(join(ROOT, 'engine')).length).toBeGreaterThan(40);
    expect(crossings('engine', (t) => !t.startsWith('engine/') && !/^schemas\/[^/]+\.json$/.test(t))).toEqual([]);
  });
});
