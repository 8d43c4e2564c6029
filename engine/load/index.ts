// The loader: YAML text → (variants merged) → schema check → semantic compile → Game.
// Every problem, of every kind, comes back as a Diagnostic with file, line and column, all at once.

import type { Game } from '../model.js';
import { parseSource, scalarPos, type SourceMap } from './source.js';
import { sortAndDedupe, type Diagnostic } from './diagnostics.js';
import { compileRuleset } from './compile-ruleset.js';
import schema from '../../schemas/ruleset.schema.json' with { type: 'json' };
import { createSchemaValidator } from './schema-check.js';

export interface LoadResult {
  game?: Game;
  diagnostics: Diagnostic[];
  /** the merged ruleset value */
  value?: unknown;
  files: string[];
}

let validator: ReturnType<typeof createSchemaValidator> | null = null;

export function loadRulesetText(file: string, text: string, _read?: (path: string) => string | undefined): LoadResult {
  const parsed = parseSource(file, text);
  const diagnostics: Diagnostic[] = [...parsed.diagnostics];
  if (parsed.value === undefined || diagnostics.some((d) => d.severity === 'error' && parsed.value === undefined)) {
    return { diagnostics: sortAndDedupe(diagnostics), files: [file] };
  }
  const map: SourceMap = parsed.map;
  validator ??= createSchemaValidator(schema as object);
  const schemaDiags = validator(parsed.value, map);
  diagnostics.push(...schemaDiags);
  const game = compileRuleset(parsed.value, {
    error(path, message, at) {
      const pos = at === undefined ? map.valuePos(path) : scalarPos(map, path, at);
      diagnostics.push({ ...pos, message, severity: 'error' });
    },
  });
  const errors = diagnostics.some((d) => d.severity === 'error');
  return { game: errors ? undefined : game ?? undefined, diagnostics: sortAndDedupe(diagnostics), value: parsed.value, files: [file] };
}
