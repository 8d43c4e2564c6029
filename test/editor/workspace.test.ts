// The workspace: bundled rulesets first (Babel Builders opened), edits autosaved to browser storage and
// restored, unsaved work tracked until it is saved to a file.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { STORAGE_KEY, Workspace, type Store } from '../../editor/src/workspace.js';
import { BUNDLED, FIRST } from '../../editor/src/bundled.js';

function memoryStore(): Store & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

describe('workspace', () => {
  it('ships every bundled ruleset and variant, byte for byte, and opens Babel Builders first', () => {
    // every .yaml under rulesets/, top-level rulesets before variants
    const onDisk = (dir: string): string[] => readdirSync(new URL(`../../${dir}`, import.meta.url), { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? onDisk(`${dir}/${e.name}`) : e.name.endsWith('.yaml') ? [`${dir}/${e.name}`] : []));
    const files = onDisk('rulesets');
    expect(files).toContain('rulesets/babel-builders.yaml');
    expect(new Set(Object.keys(BUNDLED))).toEqual(new Set(files));
    const keys = Object.keys(BUNDLED);
    expect(keys.findIndex((k) => k.startsWith('rulesets/variants/'))).toBe(keys.filter((k) => !k.startsWith('rulesets/variants/')).length);
    for (const [p, t] of Object.entries(BUNDLED)) expect(t).toBe(readFileSync(new URL(`../../${p}`, import.meta.url), 'utf8'));
    const ws = new Workspace(memoryStore(), 0);
    expect(ws.current).toBe(FIRST);
    expect(ws.isDirty()).toBe(false);
    expect(ws.restored).toBe(false);
  });

  it('an edit is autosaved and a new workspace on the same storage restores it (and the open file)', async () => {
    const store = memoryStore();
    const a = new Workspace(store, 0);
    a.open('rulesets/variants/steep-tower.yaml');
    a.setText(`${a.entry.text}# my note\n`);
    expect(a.isDirty()).toBe(true);
    await new Promise((r) => setTimeout(r, 5));
    expect(store.data.has(STORAGE_KEY)).toBe(true);
    const b = new Workspace(store, 0);
    expect(b.restored).toBe(true);
    expect(b.current).toBe('rulesets/variants/steep-tower.yaml');
    expect(b.entry.text.endsWith('# my note\n')).toBe(true);
    expect(b.isDirty()).toBe(true);
    // untouched bundled files are not stored, only what differs
    expect(JSON.parse(store.data.get(STORAGE_KEY)!).files.map((f: { path: string }) => f.path)).toEqual(['rulesets/variants/steep-tower.yaml']);
  });

  it('saving clears the unsaved mark; the designer\'s own files persist with their saved state', () => {
    const store = memoryStore();
    const a = new Workspace(store, 0);
    const p = a.freePath('rulesets/variants', 'mine');
    expect(p).toBe('rulesets/variants/mine.yaml');
    a.add(p, 'extends: ../babel-builders.yaml\n', '');
    expect(a.anyDirty()).toBe(true);
    a.markSaved();
    expect(a.anyDirty()).toBe(false);
    a.persist();
    const b = new Workspace(store, 0);
    expect(b.files.get(p)).toMatchObject({ text: 'extends: ../babel-builders.yaml\n', saved: 'extends: ../babel-builders.yaml\n', bundled: false });
    expect(b.freePath('rulesets/variants', 'mine')).toBe('rulesets/variants/mine-2.yaml');
    expect(b.texts()[p]).toBe('extends: ../babel-builders.yaml\n');
    expect(Object.keys(b.texts())).toEqual(expect.arrayContaining(Object.keys(BUNDLED)));
  });

  it('revert brings a bundled file back to the shipped text and closes an own file', () => {
    const a = new Workspace(memoryStore(), 0);
    a.setText('broken');
    a.revert();
    expect(a.entry.text).toBe(BUNDLED[FIRST]);
    a.add('rulesets/mine.yaml', 'x: 1\n');
    a.revert();
    expect(a.files.has('rulesets/mine.yaml')).toBe(false);
    expect(a.current).toBe(FIRST);
  });

  it('unreadable storage is ignored and left alone until the next edit', () => {
    const store = memoryStore();
    store.data.set(STORAGE_KEY, '{not json');
    const a = new Workspace(store, 0);
    expect(a.restored).toBe(false);
    expect(store.data.get(STORAGE_KEY)).toBe('{not json');
  });
});
