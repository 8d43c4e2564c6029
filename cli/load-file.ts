// The CLI's file access (Node only): loading a ruleset from disk or standard input (the loader itself takes
// texts and a reader, so that the browser can use it with in-memory files) and writing output files whole.

import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { formatDiagnostic, loadRulesetText, nodeReadFile, readStdin, type Game, type LoadResult } from '../engine/index-node.js';

/** The name standard input goes by in messages, when the ruleset file is given as `-`. */
export const STDIN_NAME = '<stdin>';

/** Loads a ruleset file (`-`: standard input); a file that cannot be read is one diagnostic at 1:1. */
export function loadRulesetFile(file: string): LoadResult {
  const name = file === '-' ? STDIN_NAME : file;
  const text = file === '-' ? readStdin() : nodeReadFile(file);
  if (typeof text !== 'string') {
    const message = text === undefined ? `cannot read '${file}': no such file` : text.notRead === 'too-large' ? text.message : `cannot read '${file}': ${text.message}`;
    return { diagnostics: [{ file: name, line: 1, col: 1, severity: 'error', message }], files: [] };
  }
  return loadRulesetText(name, text, nodeReadFile);
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
