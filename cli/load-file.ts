// Loading a ruleset from disk (Node only): the loader itself takes texts and a reader, so that the
// browser can use it with in-memory files.

import { loadRulesetText, type LoadResult } from '../engine/load/index.js';
import { nodeReadFile } from '../engine/load/node-files.js';

export function loadRulesetFile(file: string): LoadResult {
  const text = nodeReadFile(file);
  if (text === undefined) {
    return { diagnostics: [{ file, line: 1, col: 1, severity: 'error', message: `cannot read '${file}': no such file` }], files: [] };
  }
  return loadRulesetText(file, text, nodeReadFile);
}
