// Types say what the data is: no `any` in source outside test/. A value the code cannot know is `unknown` and is
// narrowed where it is used; an expression's result is the engine's `Value`. Only a file that parses untrusted
// data may keep `any`, and only if it is listed below with its reason (none needs to today).
// The check parses each file with the TypeScript compiler (no type checking), so it runs in a few seconds.

import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

// the root by this file's place, not from the test helpers: they load the engine, which this test does not need
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The folders that hold the project's own source (test/ aside). */
const DIRS = ['engine', 'editor', 'server', 'cli', 'print', 'bench', 'tools', 'edit', 'schemas', 'bin'];

/** Files that parse untrusted data and may keep `any`, each with why: path relative to the root → reason. */
const ALLOWED = new Map<string, string>([]);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return f === 'node_modules' || f === 'dist' ? [] : sources(p);
    return /\.(ts|mts|cts|tsx)$/.test(f) ? [p] : [];
  });
}

/** `name:line:col  text` for each `any` written as a type (`x: any`, `as any`, `any[]`, `<any>`) in `text`. */
export function anyTypes(name: string, text: string): string[] {
  const file = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, name.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.AnyKeyword) {
      const { line, character } = file.getLineAndCharacterOfPosition(node.getStart(file));
      const source = text.split('\n')[line]?.trim().slice(0, 80) ?? '';
      out.push(`${name}:${line + 1}:${character + 1}  ${source}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

describe('no any in source', () => {
  it('finds every form of `any` and nothing else', () => {
    const text = [
      'export const a = (x: any) => x;', // 1: parameter
      'const b = JSON.parse("1") as any;', // 2: as any
      'let c: any[] = [];', // 3: array of any
      'type D<T = any> = Map<string, any>;', // 4: default and argument (two)
      'const e = <any>b;', // 5: angle-bracket cast
      '// a comment that says any: any', // 6: not a type
      'const f = "any"; const many: unknown = 1; const anyThing = 2;', // 7: words, not types
      'function g(): Promise<any> { return Promise.resolve(1); }', // 8: return type
    ].join('\n');
    const found = anyTypes('fixture.ts', text).map((l) => l.split('  ')[0]);
    expect(found).toEqual(['fixture.ts:1:22', 'fixture.ts:2:30', 'fixture.ts:3:8', 'fixture.ts:4:12', 'fixture.ts:4:31', 'fixture.ts:5:12', 'fixture.ts:8:23']);
    expect(anyTypes('fixture.ts', text)[1]).toBe('fixture.ts:2:30  const b = JSON.parse("1") as any;');
  });

  it('no source file outside test/ writes the type any (the listed parsers of untrusted data aside)', () => {
    const files = DIRS.flatMap((d) => {
      try { return sources(join(ROOT, d)); } catch { return []; }
    });
    expect(files.length).toBeGreaterThan(100);
    const rel = (f: string) => relative(ROOT, f).split(sep).join('/');
    for (const [f, why] of ALLOWED) {
      expect(files.map(rel), `${f} is listed but missing`).toContain(f);
      expect(why.length, `${f} needs its reason`).toBeGreaterThan(10);
    }
    // only a file with the word any in it can have the type: the others need no parse
    const found = files.filter((f) => !ALLOWED.has(rel(f))).flatMap((f) => {
      const text = readFileSync(f, 'utf8');
      return /\bany\b/.test(text) ? anyTypes(rel(f), text) : [];
    });
    expect(found).toEqual([]);
  });
});
