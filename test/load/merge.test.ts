import { describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseSource } from '../../engine/load/yaml/source.js';
import { keyPosOf, located, mergeVariant, posOf, resolveExtends, scalarPosOf, sourceMapOf } from '../../engine/load/variants/merge.js';
import { createSchemaValidator } from '../../engine/load/schema/schema-check.js';
import { nodePathResolver, nodeReadFile, resolveExtendsFromFile } from '../../engine/load/files/node-files.js';

const BASE = [
  'title: Base', // 1
  'settings:', // 2
  '  size: 5', // 3
  '  colours: [red, blue]', // 4
  'pieces:', // 5
  '  - id: alpha', // 6
  '    count: 1', // 7
  '    label: First', // 8
  '  - id: beta', // 9
  '    count: 2', // 10
  '  - id: gamma', // 11
  '    count: 3', // 12
  '    tags: [x]', // 13
  '',
].join('\n');

function merge(variantText: string) {
  const base = parseSource('base.yaml', BASE);
  const variant = parseSource('variant.yaml', variantText);
  expect(base.diagnostics).toEqual([]);
  expect(variant.diagnostics).toEqual([]);
  return mergeVariant(located(base), located(variant));
}

const ids = (v: unknown) => ((v as { pieces: { id: string }[] }).pieces ?? []).map((p) => p.id);

describe('mergeVariant', () => {
  it('merges mappings key by key and drops extends', () => {
    const { merged, diagnostics } = merge('extends: base.yaml\ntitle: Variant\nsettings:\n  size: 7\nextra: true\n');
    expect(diagnostics).toEqual([]);
    expect(merged.value).toEqual({
      title: 'Variant',
      settings: { size: 7, colours: ['red', 'blue'] },
      pieces: [
        { id: 'alpha', count: 1, label: 'First' },
        { id: 'beta', count: 2 },
        { id: 'gamma', count: 3, tags: ['x'] },
      ],
      extra: true,
    });
    expect(Object.keys(merged.value as object)).toEqual(['title', 'settings', 'pieces', 'extra']);
  });

  it('replaces plain lists and scalars whole', () => {
    const { merged } = merge('settings:\n  colours: [green]\n');
    expect((merged.value as { settings: unknown }).settings).toEqual({ size: 5, colours: ['green'] });
  });

  it('changes one field of an item by id', () => {
    const { merged, diagnostics } = merge('pieces:\n  - id: beta\n    count: 9\n');
    expect(diagnostics).toEqual([]);
    expect((merged.value as { pieces: unknown }).pieces).toEqual([
      { id: 'alpha', count: 1, label: 'First' },
      { id: 'beta', count: 9 },
      { id: 'gamma', count: 3, tags: ['x'] },
    ]);
  });

  it('removes, appends and inserts items by id', () => {
    const { merged, diagnostics } = merge(
      [
        'pieces:',
        '  - id: alpha',
        '    remove: true',
        '  - id: delta',
        '    count: 4',
        '  - id: first',
        '    before: beta',
        '  - id: mid',
        '    after: beta',
        '',
      ].join('\n'),
    );
    expect(diagnostics).toEqual([]);
    expect(ids(merged.value)).toEqual(['first', 'beta', 'mid', 'gamma', 'delta']);
    expect((merged.value as { pieces: unknown[] }).pieces[0]).toEqual({ id: 'first' });
  });

  it('moves an existing item with before/after', () => {
    const { merged } = merge('pieces:\n  - id: gamma\n    before: alpha\n');
    expect(ids(merged.value)).toEqual(['gamma', 'alpha', 'beta']);
  });

  it('replaces an item whole with replace: true', () => {
    const { merged, diagnostics } = merge('pieces:\n  - id: gamma\n    replace: true\n    count: 10\n');
    expect(diagnostics).toEqual([]);
    expect((merged.value as { pieces: unknown[] }).pieces[2]).toEqual({ id: 'gamma', count: 10 });
  });

  it('reports unknown ids in remove/before/after with a suggestion, at the variant', () => {
    const { merged, diagnostics } = merge(
      ['pieces:', '  - id: alpah', '    remove: true', '  - id: new', '    after: gama', '  - id: other', '    before: nope', ''].join('\n'),
    );
    expect(diagnostics.map((d) => `${d.file}:${d.line}:${d.col}: ${d.message}`)).toEqual([
      "variant.yaml:2:9: cannot remove 'alpah': no item with this id in the base list (did you mean 'alpha'?)",
      "variant.yaml:5:12: 'after' refers to unknown id 'gama' (did you mean 'gamma'?)",
      "variant.yaml:7:13: 'before' refers to unknown id 'nope'",
    ]);
    // Items with a bad anchor are still added, at the end.
    expect(ids(merged.value)).toEqual(['alpha', 'beta', 'gamma', 'new', 'other']);
  });

  it('reports an id given twice and malformed reserved keys', () => {
    const { diagnostics } = merge('pieces:\n  - id: beta\n    count: 5\n  - id: beta\n    remove: yes\n');
    expect(diagnostics.map((d) => `${d.line}:${d.col}: ${d.message}`)).toEqual(["4:9: id 'beta' appears more than once in this list"]);
    const r2 = merge('pieces:\n  - id: zeta\n    remove: maybe\n    before: 3\n');
    expect(r2.diagnostics.map((d) => `${d.line}:${d.col}: ${d.message}`)).toEqual([
      "3:13: 'remove' must be true or false, got 'maybe'",
      "4:13: 'before' must be the id of an item in the list, got 3",
    ]);
  });

  it('replaces an id list whole when the variant list is empty or has items without ids', () => {
    expect(ids(merge('pieces: []\n').merged.value)).toEqual([]);
    expect((merge('pieces: [{count: 1}]\n').merged.value as { pieces: unknown }).pieces).toEqual([{ count: 1 }]);
  });

  it('remembers where each merged value came from', () => {
    const { merged } = merge(['extends: base.yaml', 'settings:', '  size: 7', 'pieces:', '  - id: beta', '    count: 9', '  - id: omega', '    count: 0', ''].join('\n'));
    const at = (path: (string | number)[]) => {
      const p = posOf(merged, path);
      return `${p.file}:${p.line}:${p.col}`;
    };
    // From the variant.
    expect(at(['settings', 'size'])).toBe('variant.yaml:3:9');
    expect(at(['pieces', 1, 'count'])).toBe('variant.yaml:6:12');
    expect(at(['pieces', 3, 'count'])).toBe('variant.yaml:8:12');
    // Untouched, from the base.
    expect(at(['title'])).toBe('base.yaml:1:8');
    expect(at(['settings', 'colours', 1])).toBe('base.yaml:4:18');
    expect(at(['pieces', 0, 'label'])).toBe('base.yaml:8:12');
    expect(at(['pieces', 2, 'tags', 0])).toBe('base.yaml:13:12');
    // A field of a merged item that only the base has.
    const k = keyPosOf(merged, ['pieces', 1, 'id']);
    expect(`${k.file}:${k.line}:${k.col}`).toBe('variant.yaml:5:5');
    const s = scalarPosOf(merged, ['pieces', 0, 'label'], 2);
    expect(`${s.file}:${s.line}:${s.col}`).toBe('base.yaml:8:14');
  });

  it('lets the schema validator report merged values at their origin', () => {
    const validate = createSchemaValidator({
      type: 'object',
      properties: {
        title: { type: 'string', maxLength: 3 },
        pieces: { type: 'array', items: { type: 'object', properties: { count: { type: 'integer', minimum: 1 } } } },
      },
    });
    const { merged } = merge('pieces:\n  - id: beta\n    count: 0\n');
    const out = validate(merged.value, sourceMapOf(merged)).map((d) => `${d.file}:${d.line}:${d.col}: ${d.message}`);
    expect(out).toEqual([
      "base.yaml:1:8: title: expected at most 3 characters, got 4 ('Base')",
      'variant.yaml:3:12: pieces[1].count: must be at least 1, got 0',
    ]);
  });
});

describe('resolveExtends', () => {
  const files: Record<string, string> = {
    'dir/base.yaml': BASE,
    'dir/mid.yaml': 'extends: base.yaml\nsettings:\n  size: 6\npieces:\n  - id: beta\n    remove: true\n',
    'dir/top.yaml': 'extends: mid.yaml\ntitle: Top\npieces:\n  - id: alpha\n    count: 5\n',
    'dir/cycle-a.yaml': 'extends: cycle-b.yaml\n',
    'dir/cycle-b.yaml': 'title: B\nextends: cycle-a.yaml\n',
    'dir/missing.yaml': 'title: M\nextends: nowhere.yaml\n',
    'dir/broken-base.yaml': 'a: [1\n',
    'dir/uses-broken.yaml': 'extends: broken-base.yaml\n',
    'dir/bad-ref.yaml': 'extends: [1]\ntitle: X\n',
    'dir/bad-merge.yaml': 'extends: base.yaml\npieces:\n  - id: zzz\n    remove: true\n',
    'dir/no-ext.yaml': 'extends: base\ntitle: N\n',
    'dir/missing-no-ext.yaml': 'extends: nowhere\n',
    // modules: two variants of the same base, combined by a third file
    'dir/mod-a.yaml': 'extends: base.yaml\nsettings:\n  size: 7\npieces:\n  - id: delta\n    count: 4\n',
    'dir/mod-b.yaml': 'extends: base.yaml\ntitle: B\npieces:\n  - id: epsilon\n    count: 6\n    after: alpha\n',
    'dir/both.yaml': 'extends: [base.yaml, mod-a.yaml, mod-b.yaml]\npieces:\n  - id: delta\n    count: 8\n',
    'dir/foreign.yaml': 'extends: [base.yaml, mid.yaml, top.yaml]\n',
    'dir/empty-list.yaml': 'extends: []\n',
    'dir/self-module.yaml': 'extends: [base.yaml, self-module.yaml]\n',
  };
  const read = (p: string) => files[p];
  const resolvePath = (from: string, ref: string) => `${from.slice(0, from.lastIndexOf('/'))}/${ref}`;
  const run = (file: string) => resolveExtends(file, files[file]!, read, resolvePath);
  const fmt = (ds: { file: string; line: number; col: number; message: string }[]) => ds.map((d) => `${d.file}:${d.line}:${d.col}: ${d.message}`);

  it('follows a chain of extends and merges every level', () => {
    const r = run('dir/top.yaml');
    expect(r.diagnostics).toEqual([]);
    expect(r.files).toEqual(['dir/top.yaml', 'dir/mid.yaml', 'dir/base.yaml']);
    const v = r.located!.value as { title: string; settings: { size: number }; pieces: { id: string; count: number }[] };
    expect(v.title).toBe('Top');
    expect(v.settings.size).toBe(6);
    expect(v.pieces.map((p) => [p.id, p.count])).toEqual([
      ['alpha', 5],
      ['gamma', 3],
    ]);
    expect('extends' in v).toBe(false);
    const at = (path: (string | number)[]) => {
      const p = posOf(r.located!, path);
      return `${p.file}:${p.line}:${p.col}`;
    };
    expect(at(['title'])).toBe('dir/top.yaml:2:8');
    expect(at(['settings', 'size'])).toBe('dir/mid.yaml:3:9');
    expect(at(['settings', 'colours'])).toBe('dir/base.yaml:4:12');
    expect(at(['pieces', 0, 'count'])).toBe('dir/top.yaml:5:12');
    expect(at(['pieces', 1, 'count'])).toBe('dir/base.yaml:12:12');
  });

  it('merges a list of modules of one base in order, each value located in its own file', () => {
    const r = run('dir/both.yaml');
    expect(fmt(r.diagnostics)).toEqual([]);
    expect(r.files).toEqual(['dir/both.yaml', 'dir/base.yaml', 'dir/mod-a.yaml', 'dir/mod-b.yaml']);
    const v = r.located!.value as { title: string; settings: { size: number }; pieces: { id: string; count: number }[] };
    expect(v.title).toBe('B');
    expect(v.settings.size).toBe(7);
    expect(v.pieces.map((p) => [p.id, p.count])).toEqual([['alpha', 1], ['epsilon', 6], ['beta', 2], ['gamma', 3], ['delta', 8]]);
    const at = (path: (string | number)[]) => {
      const p = posOf(r.located!, path);
      return `${p.file}:${p.line}:${p.col}`;
    };
    expect(at(['settings', 'size'])).toBe('dir/mod-a.yaml:3:9');
    expect(at(['title'])).toBe('dir/mod-b.yaml:2:8');
    expect(at(['pieces', 1, 'count'])).toBe('dir/mod-b.yaml:5:12');
    expect(at(['pieces', 4, 'count'])).toBe('dir/both.yaml:4:12');
  });

  it('refuses a module that is not a variant of the same base, and a module that is the file itself', () => {
    expect(fmt(run('dir/foreign.yaml').diagnostics)).toEqual([
      "dir/foreign.yaml:1:32: 'dir/top.yaml' cannot be added as a module: a file listed after the base in 'extends' must be a variant of that same base (its own 'extends' must name dir/base.yaml)",
    ]);
    expect(fmt(run('dir/self-module.yaml').diagnostics)).toEqual([
      "dir/self-module.yaml:1:22: 'extends' cycle: dir/self-module.yaml → dir/self-module.yaml",
    ]);
  });

  it('reports a cycle at the extends value', () => {
    const r = run('dir/cycle-a.yaml');
    expect(r.located).toBeUndefined();
    expect(fmt(r.diagnostics)).toEqual(["dir/cycle-b.yaml:2:10: 'extends' cycle: dir/cycle-a.yaml → dir/cycle-b.yaml → dir/cycle-a.yaml"]);
  });

  it('reports a missing base at the extends value', () => {
    const r = run('dir/missing.yaml');
    expect(r.located).toBeUndefined();
    expect(fmt(r.diagnostics)).toEqual(["dir/missing.yaml:2:10: cannot find base file 'nowhere.yaml' (looked for dir/nowhere.yaml)"]);
  });

  it('finds base.yaml for `extends: base`, and names the file it read', () => {
    const r = run('dir/no-ext.yaml');
    expect(fmt(r.diagnostics)).toEqual([]);
    expect(r.files).toEqual(['dir/no-ext.yaml', 'dir/base.yaml']);
    expect(fmt(run('dir/missing-no-ext.yaml').diagnostics)).toEqual([
      "dir/missing-no-ext.yaml:1:10: cannot find base file 'nowhere' (looked for dir/nowhere, dir/nowhere.yaml, dir/nowhere.yml)",
    ]);
  });

  it('reports errors in the base file in that file', () => {
    const r = run('dir/uses-broken.yaml');
    expect(fmt(r.diagnostics)).toEqual([
      'dir/broken-base.yaml:2:1: flow sequence in block collection must be sufficiently indented and end with a ]',
    ]);
  });

  it('reports an extends value that is not a path, and merge errors', () => {
    expect(fmt(run('dir/bad-ref.yaml').diagnostics)).toEqual(["dir/bad-ref.yaml:1:10: 'extends' must be the path or name of the base file (or a list: the base, then modules of it), got a list"]);
    expect(fmt(run('dir/empty-list.yaml').diagnostics)).toEqual([
      "dir/empty-list.yaml:1:10: 'extends' must be the path or name of the base file (or a list: the base, then modules of it), got an empty list",
    ]);
    expect(run('dir/bad-ref.yaml').located!.value).toEqual({ title: 'X' });
    expect(fmt(run('dir/bad-merge.yaml').diagnostics)).toEqual([
      "dir/bad-merge.yaml:3:9: cannot remove 'zzz': no item with this id in the base list",
    ]);
  });

  it('works on disk through node-files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'load-merge-'));
    try {
      mkdirSync(join(dir, 'sub'));
      writeFileSync(join(dir, 'base.yaml'), BASE);
      writeFileSync(join(dir, 'sub', 'v.yaml'), 'extends: ../base\ntitle: Disk\n');
      expect(nodePathResolver(join(dir, 'sub', 'v.yaml'), '../base')).toBe(join(dir, 'base.yaml'));
      expect(nodeReadFile(join(dir, 'nope.yaml'))).toBeUndefined();
      const r = resolveExtendsFromFile(join(dir, 'sub', 'v.yaml'));
      expect(r.diagnostics).toEqual([]);
      expect(r.files).toEqual([join(dir, 'sub', 'v.yaml'), join(dir, 'base.yaml')]);
      expect((r.located!.value as { title: string }).title).toBe('Disk');
      const missing = resolveExtendsFromFile(join(dir, 'absent.yaml'));
      expect(missing.diagnostics).toEqual([{ file: join(dir, 'absent.yaml'), line: 1, col: 1, message: 'cannot read file', severity: 'error' }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
