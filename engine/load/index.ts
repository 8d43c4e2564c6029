// The loader: YAML text → variants merged (`extends`) → schema check → semantic compile → Game.
// Every problem, of every kind, comes back as a Diagnostic with file, line and column, all at once.
// It needs no file system: the caller passes a reader, so the browser can use it with in-memory files.

import type { Game } from '../model.js';
import { sortAndDedupe, type Diagnostic } from './diagnostics.js';
import { compileRuleset } from './compile/index.js';
import schema from '../../schemas/ruleset.schema.json' with { type: 'json' };
import { createSchemaValidator, type SchemaValidator } from './schema-check.js';
import { posOf, resolveExtends, scalarPosOf, sourceMapOf, type FileReader } from './merge.js';

export interface LoadResult {
  game?: Game;
  diagnostics: Diagnostic[];
  /** the merged ruleset value (when it could be read) */
  value?: unknown;
  /** every file read: the ruleset first, then its bases */
  files: string[];
}

/** Reads a file of an `extends` chain: its text, undefined when it does not exist, or why it was not read (see `FileReader`). */
export type ReadFile = FileReader;

let validator: SchemaValidator | null = null;

/** The JSON Schema of the ruleset format (for editors). */
export const rulesetSchema: object = schema;

/** Resolve `ref` (an `extends` value) relative to the file `from`, with '/' separators. */
export function resolveRelative(from: string, ref: string): string {
  if (ref.startsWith('/') || /^[A-Za-z]:[\\/]/.test(ref)) return normalise(ref);
  const dir = from.includes('/') ? from.slice(0, from.lastIndexOf('/')) : '.';
  return normalise(`${dir}/${ref}`);
}

function normalise(p: string): string {
  const abs = p.startsWith('/');
  const out: string[] = [];
  for (const part of p.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && out.length && out[out.length - 1] !== '..') out.pop();
    else out.push(part);
  }
  return (abs ? '/' : '') + out.join('/');
}

export function loadRulesetText(file: string, text: string, read: ReadFile = () => undefined): LoadResult {
  const r = resolveExtends(file, text, read, resolveRelative);
  const diagnostics: Diagnostic[] = [...r.diagnostics];
  const loc = r.located;
  // a file that is not valid YAML (or a broken extends chain) is reported alone: checking a half-read
  // document would only add confusing follow-on errors
  if (!loc || diagnostics.some((d) => d.severity === 'error')) return { diagnostics: sortAndDedupe(diagnostics), files: r.files };
  validator ??= createSchemaValidator(schema as object);
  diagnostics.push(...validator(loc.value, sourceMapOf(loc)));
  const game = compileRuleset(loc.value, {
    error(path, message, at) {
      const pos = at === undefined ? posOf(loc, path) : scalarPosOf(loc, path, at);
      diagnostics.push({ ...pos, message, severity: 'error' });
    },
  });
  const errors = diagnostics.some((d) => d.severity === 'error');
  return { game: errors ? undefined : game ?? undefined, diagnostics: sortAndDedupe(diagnostics), value: loc.value, files: r.files };
}
