// The import graph of a folder's TypeScript sources, read from their text (import and export-from statements,
// type-only ones included; dynamic imports too), and the cycles in it: what the architecture tests check.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** The source files under `dir` (tests and declaration files aside). */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return f === 'node_modules' ? [] : sourceFiles(p);
    return /\.(ts|mts|mjs|js)$/.test(f) && !f.endsWith('.d.ts') && !f.endsWith('.test.ts') ? [p] : [];
  });
}

/** Every module a file names: static imports and re-exports (type-only ones included; a statement starts a
 *  line, so a comment that quotes one names nothing), side-effect imports and dynamic imports. */
export function importsOf(text: string): string[] {
  const out: string[] = [];
  const re = /^[ \t]*(?:import|export)\s[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]|^[ \t]*import\s*['"]([^'"]+)['"]|(?:^|[^\w.$])import\s*\(\s*['"]([^'"]+)['"]\s*\)/gm;
  for (const m of text.matchAll(re)) out.push((m[1] ?? m[2] ?? m[3])!);
  return out;
}

/** The file a relative import lands on (`./x.js` is `./x.ts` in the sources), or null when none. */
function landing(from: string, spec: string): string | null {
  const t = resolve(dirname(from), spec);
  for (const c of [t.replace(/\.js$/, '.ts'), t, `${t}.ts`, join(t, 'index.ts')]) if (existsSync(c) && statSync(c).isFile()) return c;
  return null;
}

/** Each file under `dir` (relative to `root`, with /) and the files under `dir` it imports. */
export function importGraph(root: string, dir: string): Map<string, string[]> {
  const base = resolve(root, dir);
  const name = (f: string) => relative(root, f).split(sep).join('/');
  const g = new Map<string, string[]>();
  for (const f of sourceFiles(base)) {
    const to = importsOf(readFileSync(f, 'utf8'))
      .filter((s) => s.startsWith('.'))
      .map((s) => landing(f, s))
      .filter((t): t is string => t !== null && t.startsWith(base + sep));
    g.set(name(f), [...new Set(to.map(name))]);
  }
  return g;
}

/** The cycles of a graph: each strongly connected part of more than one file (or a file importing itself),
 *  as one cycle through it, written `a → b → … → a`. */
export function importCycles(g: Map<string, string[]>): string[] {
  // Tarjan's strongly connected components, iteratively
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const parts: string[][] = [];
  for (const start of g.keys()) {
    if (index.has(start)) continue;
    const work: [string, number][] = [[start, 0]];
    index.set(start, counter); low.set(start, counter); counter++;
    stack.push(start); onStack.add(start);
    while (work.length) {
      const top = work[work.length - 1]!;
      const [v, i] = top;
      const next = g.get(v) ?? [];
      if (i < next.length) {
        top[1]++;
        const w = next[i]!;
        if (!index.has(w)) {
          index.set(w, counter); low.set(w, counter); counter++;
          stack.push(w); onStack.add(w);
          work.push([w, 0]);
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
        continue;
      }
      work.pop();
      if (work.length) { const u = work[work.length - 1]![0]; low.set(u, Math.min(low.get(u)!, low.get(v)!)); }
      if (low.get(v) === index.get(v)) {
        const part: string[] = [];
        let w: string;
        do { w = stack.pop()!; onStack.delete(w); part.push(w); } while (w !== v);
        if (part.length > 1 || (g.get(v) ?? []).includes(v)) parts.push(part);
      }
    }
  }
  return parts.map((part) => cycleThrough(g, new Set(part)));
}

/** One cycle inside a strongly connected part: a shortest way from its first file (by name) back to it. */
function cycleThrough(g: Map<string, string[]>, part: Set<string>): string {
  const first = [...part].sort()[0]!;
  const prev = new Map<string, string>();
  const queue = [first];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of g.get(v) ?? []) {
      if (!part.has(w)) continue;
      if (w === first) {
        const path = [first];
        for (let x = v; x !== first; x = prev.get(x)!) path.unshift(x);
        path.unshift(first);
        return `${path.join(' → ')} (${part.size} files in the cycle's part)`;
      }
      if (!prev.has(w)) { prev.set(w, v); queue.push(w); }
    }
  }
  return [...part].join(', ');
}
