// Loading a ruleset from disk (Node only): the loader itself takes texts and a reader, so that the
// browser can use it with in-memory files.

import { existsSync, readFileSync, statSync } from 'node:fs';
import { loadRulesetText, type LoadResult } from '../engine/load/index.js';

const MAX_BYTES = 5 * 1024 * 1024;

function readText(path: string): string | undefined {
  if (!existsSync(path) || !statSync(path).isFile()) return undefined;
  // read at most a little more than the limit: the loader reports the size, never the OS running out of memory
  if (statSync(path).size > MAX_BYTES * 4) return 'x'.repeat(MAX_BYTES + 1);
  return readFileSync(path, 'utf8');
}

export function loadRulesetFile(file: string): LoadResult {
  const text = readText(file);
  if (text === undefined) {
    return { diagnostics: [{ file, line: 1, col: 1, severity: 'error', message: `cannot read '${file}': no such file` }], files: [] };
  }
  return loadRulesetText(file, text, readText);
}
