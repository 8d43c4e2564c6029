// The CLI's file access (Node only): loading a ruleset from disk (the loader itself takes texts and a
// reader, so that the browser can use it with in-memory files) and writing output files whole.

import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { formatDiagnostic, loadRulesetText, nodeReadFile, type Game, type LoadResult } from '../engine/index-node.js';

export function loadRulesetFile(file: string): LoadResult {
  const text = nodeReadFile(file);
  if (text === undefined) {
    return { diagnostics: [{ file, line: 1, col: 1, severity: 'error', message: `cannot read '${file}': no such file` }], files: [] };
  }
  return loadRulesetText(file, text, nodeReadFile);
}

/** Loads a ruleset and writes every diagnostic to stderr; the game, or null when it has errors. */
export function loadOrReport(file: string): Game | null {
  const r = loadRulesetFile(file);
  for (const d of r.diagnostics) process.stderr.write(formatDiagnostic(d) + '\n');
  return r.game ?? null;
}

/** Write to a temporary file and rename: a failure never leaves a half-written file, nor the temporary one. */
export function writeAtomic(path: string, data: string | Uint8Array): void {
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}
