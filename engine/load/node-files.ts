/**
 * Node.js file access for the loader (kept out of merge.ts / source.ts so that
 * those stay browser-safe). Generic: no knowledge of any ruleset.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, isAbsolute, resolve } from 'node:path';
import { resolveExtends, type ResolveOptions, type ResolveResult } from './merge.js';

const YAML_EXTENSIONS = ['.yaml', '.yml'];

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * Resolves an `extends` value found in file `from` to an absolute, normalised path:
 * relative to the directory of `from` (or absolute as given). If that file does
 * not exist and the reference has no extension, `.yaml` then `.yml` are tried,
 * so `extends: base` finds `base.yaml` next to the variant.
 */
export function nodePathResolver(from: string, ref: string): string {
  const p = isAbsolute(ref) ? resolve(ref) : resolve(dirname(resolve(from)), ref);
  if (isFile(p) || extname(p) !== '') return p;
  for (const ext of YAML_EXTENSIONS) {
    if (existsSync(p + ext) && isFile(p + ext)) return p + ext;
  }
  return p;
}

/** Files far beyond the loader's size limit are not read whole: the loader only needs to see they are too big. */
const READ_CAP = 20 * 1024 * 1024;

/** Reads a UTF-8 text file; undefined if it does not exist or is not a readable file. */
export function nodeReadFile(path: string): string | undefined {
  try {
    if (!isFile(path)) return undefined;
    if (statSync(path).size > READ_CAP) return 'x'.repeat(READ_CAP + 1);
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Reads `path` from disk and resolves its `extends` chain (see `resolveExtends`).
 * File names in diagnostics are absolute paths. A missing starting file is
 * reported as a diagnostic at 1:1.
 */
export function resolveExtendsFromFile(path: string, options: ResolveOptions = {}): ResolveResult {
  const abs = resolve(path);
  const text = nodeReadFile(abs);
  if (text === undefined) {
    return {
      located: undefined,
      diagnostics: [{ file: abs, line: 1, col: 1, message: 'cannot read file', severity: 'error' }],
      files: [abs],
    };
  }
  return resolveExtends(abs, text, nodeReadFile, nodePathResolver, options);
}
