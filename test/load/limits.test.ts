// The loader stays bounded on hostile files: one file is refused above its size and value limits, and an
// `extends` chain is refused when all its files together go over the chain's budget — always with the file,
// the line, the limit and the figures. (How long the worst accepted file takes is measured by
// bench/loader-limits.ts, not asserted here.)

import { describe, expect, it } from 'vitest';
import { parseSource } from '../../engine/load/yaml/source.js';
import { resolveExtends } from '../../engine/load/variants/merge.js';
import { resolveRelative } from '../../engine/load/index.js';
import type { Diagnostic } from '../../engine/load/diagnostics.js';

const fmt = (ds: Diagnostic[]) => ds.map((d) => `${d.file}:${d.line}:${d.col}: ${d.message}`);

/** A flow list of `n` ones. */
const flowList = (n: number) => `[${Array(n).fill('1').join(',')}]\n`;

/** In-memory files for `resolveExtends`. */
function chain(files: Record<string, string>, options?: Parameters<typeof resolveExtends>[4]) {
  const map = new Map(Object.entries(files));
  const first = Object.keys(files)[0]!;
  return resolveExtends(first, map.get(first)!, (p) => map.get(p), resolveRelative, options);
}

describe('limits of one file', () => {
  it('refuses a file over 512 KiB at 1:1, with its size and the limit', () => {
    const p = parseSource('big.yaml', 'description: "' + 'x'.repeat(600 * 1024) + '"\n');
    expect(p.value).toBeUndefined();
    expect(fmt(p.diagnostics)).toEqual(['big.yaml:1:1: file is 600 KiB, larger than the 512 KiB limit']);
  });

  it('refuses more than 100000 values, at the value that goes over', () => {
    const p = parseSource('many.yaml', flowList(100_001));
    expect(p.value).toBeUndefined();
    // the list itself is the first value, so its 100000th item is value 100001, at column 2 + 2 × 99999
    expect(fmt(p.diagnostics)).toEqual([`many.yaml:1:${2 + 2 * 99_999}: the document has more than 100000 values`]);
  });

  it('accepts a file just inside both limits, and counts its values', () => {
    const p = parseSource('full.yaml', flowList(99_999));
    expect(p.diagnostics).toEqual([]);
    expect(p.value).toHaveLength(99_999);
    expect(p.values).toBe(100_000);
  });
});

describe("limits of an 'extends' chain", () => {
  const text = (extendsLine: string, kib: number) => `${extendsLine}description: "${'x'.repeat(kib * 1024)}"\n`;

  it('refuses a chain whose files add up to more than 1 MiB, at the extends line that goes over, naming every file', () => {
    const r = chain({
      'dir/a.yaml': text('extends: b.yaml\n', 400),
      'dir/b.yaml': text('extends: c.yaml\n', 400),
      'dir/c.yaml': text('', 400),
    });
    expect(r.located).toBeUndefined();
    expect(fmt(r.diagnostics)).toEqual([
      "dir/b.yaml:1:10: the 'extends' chain is too large: dir/a.yaml (400 KiB) + dir/b.yaml (400 KiB) + dir/c.yaml (400 KiB) = 1.2 MiB, more than the 1 MiB limit for a ruleset and all its bases",
    ]);
    // the base that would go over is read (so that an editor watches it) but not parsed
    expect(r.files).toEqual(['dir/a.yaml', 'dir/b.yaml', 'dir/c.yaml']);
  });

  it('refuses a chain with more values in all than its budget, at the extends line that brought them in', () => {
    const r = chain(
      {
        'v.yaml': 'extends: base.yaml\ndescription: [1, 2, 3]\n',
        'base.yaml': 'extends: root.yaml\nname: [1, 2, 3, 4]\n',
        'root.yaml': 'id: [1, 2, 3, 4, 5, 6]\n',
      },
      { maxChainValues: 15 },
    );
    expect(r.located).toBeUndefined();
    // v.yaml: the mapping, 'base.yaml', the list and 3 items = 6; base.yaml: 7; root.yaml: 8
    expect(fmt(r.diagnostics)).toEqual([
      "base.yaml:1:10: the 'extends' chain is too large: v.yaml (6 values) + base.yaml (7 values) + root.yaml (8 values) = 21 values, more than the 15-value limit for a ruleset and all its bases",
    ]);
  });

  it('accepts a chain just inside its budgets', () => {
    const r = chain({
      'dir/a.yaml': text('extends: b.yaml\n', 500),
      'dir/b.yaml': text('', 500),
    });
    expect(r.diagnostics).toEqual([]);
    expect(r.files).toEqual(['dir/a.yaml', 'dir/b.yaml']);
    const values = chain(
      { 'v.yaml': 'extends: base.yaml\ndescription: [1, 2, 3]\n', 'base.yaml': 'name: [1, 2, 3, 4]\n' },
      { maxChainValues: 12 },
    );
    expect(values.diagnostics).toEqual([]);
  });
});
