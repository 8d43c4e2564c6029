// No source file over 600 lines (tests aside): a file that long holds more than one job; split it by job.

import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { sourceFiles } from '../helpers/import-graph.js';
import { ROOT } from '../helpers/game.js';

const LIMIT = 600;
const SOURCE_DIRS = ['engine', 'cli', 'server', 'print', 'edit', 'editor/src', 'tools', 'bench', 'schemas'];

const lines = (f: string) => readFileSync(f, 'utf8').split('\n').length - (readFileSync(f, 'utf8').endsWith('\n') ? 1 : 0);

describe('source files stay under 600 lines', () => {
  it('none is over it', () => {
    const over = SOURCE_DIRS.flatMap((d) => sourceFiles(join(ROOT, d)))
      .map((f) => ({ file: relative(ROOT, f).split(sep).join('/'), n: lines(f) }))
      .filter((x) => x.n > LIMIT)
      .map((x) => x.file)
      .sort();
    expect(over).toEqual([]);
  });
});
