// An edited card table imported with `babelkit cards import`: each change is the expected YAML diff (and nothing
// else of the file changes), or a located error at cards.csv:ROW:COLUMN and the file left as it was.
import { describe, expect, it } from 'vitest';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ROOT } from '../helpers/game.js';
import { babelkit } from '../cli/run.js';

/** A scratch copy of the bundled rulesets (a variant finds its base as in the repository). */
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bk-csv-edit-'));
  mkdirSync(join(dir, 'variants'));
  for (const f of ['babel-builders.yaml', '7-wonders.yaml']) copyFileSync(join(ROOT, 'rulesets', f), join(dir, f));
  for (const f of ['custom-blueprint.yaml']) copyFileSync(join(ROOT, 'rulesets/variants', f), join(dir, 'variants', f));
  return dir;
}

/** The lines of `after` that differ from `before` (same number of lines expected unless `added`). */
function diff(before: string, after: string): { removed: string[]; added: string[] } {
  const a = before.split('\n'), b = after.split('\n');
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  let j = 0;
  while (j < a.length - i && j < b.length - i && a[a.length - 1 - j] === b[b.length - 1 - j]) j++;
  return { removed: a.slice(i, a.length - j), added: b.slice(i, b.length - j) };
}

function exportCsv(file: string, type: string): string {
  const r = babelkit('cards', 'export', file, '--type', type);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

function importCsv(file: string, csv: string, type: string, ...more: string[]) {
  const csvFile = join(file, '..', 'cards.csv');
  writeFileSync(csvFile, csv);
  return { ...babelkit('cards', 'import', file, csvFile, '--type', type, ...more), csvFile };
}

describe('babelkit cards import: an edited table', () => {
  it('a changed count changes that one value', () => {
    const dir = scratch();
    const file = join(dir, 'babel-builders.yaml');
    const before = readFileSync(file, 'utf8');
    const csv = exportCsv(file, 'storm').replace('storm,Storm,5,', 'storm,Storm,7,');
    const r = importCsv(file, csv, 'storm');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('1 card changed (1 cell), 0 added, 0 removed');
    const after = readFileSync(file, 'utf8');
    expect(diff(before, after)).toEqual({
      removed: ['  - { id: storm, type: storm, name: Storm, count: 5, text: "No blocks may be stacked in this construction phase." }'],
      added: ['  - { id: storm, type: storm, name: Storm, count: 7, text: "No blocks may be stacked in this construction phase." }'],
    });
    expect(babelkit('validate', file).code).toBe(0);
  });

  it('a name with a comma and quotes is written as a quoted YAML string that reads back exactly', () => {
    const dir = scratch();
    const file = join(dir, 'babel-builders.yaml');
    const before = readFileSync(file, 'utf8');
    const name = 'Storm, "the big one"';
    const csv = exportCsv(file, 'storm').replace('storm,Storm,5,', `storm,"Storm, ""the big one""",5,`);
    const r = importCsv(file, csv, 'storm');
    expect(r.code, r.stderr).toBe(0);
    const after = readFileSync(file, 'utf8');
    const d = diff(before, after);
    expect(d.removed).toHaveLength(1);
    expect(d.added).toEqual(['  - { id: storm, type: storm, name: "Storm, \\"the big one\\"", count: 5, text: "No blocks may be stacked in this construction phase." }']);
    expect((parse(after).cards as { id: string; name: string }[]).find((c) => c.id === 'storm')!.name).toBe(name);
    // and the table made from the new file says the same name
    expect(exportCsv(file, 'storm')).toContain('storm,"Storm, ""the big one""",5,');
  });

  it('a new row adds a card at the end of the card list', () => {
    const dir = scratch();
    const file = join(dir, 'babel-builders.yaml');
    const before = readFileSync(file, 'utf8');
    const csv = exportCsv(file, 'storm') + 'hail,Hail storm,2,"Remove 1 block, from the tallest tower."\n';
    const r = importCsv(file, csv, 'storm');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('0 cards changed (0 cells), 1 added, 0 removed');
    const d = diff(before, readFileSync(file, 'utf8'));
    expect(d.removed).toEqual([]);
    expect(d.added).toEqual(['  - { id: hail, type: storm, name: Hail storm, count: 2, text: "Remove 1 block, from the tallest tower." }']);
    const v = babelkit('validate', file);
    expect(v.code, v.stderr).toBe(0);
  });

  it('a wrong enumeration value is an error at its row and column, with a did-you-mean, and nothing is written', () => {
    const dir = scratch();
    const file = join(dir, '7-wonders.yaml');
    const before = readFileSync(file, 'utf8');
    const lines = exportCsv(file, 'structure').split('\n');
    const head = lines[0]!.split(',');
    const row = lines.findIndex((l) => l.startsWith('clay-pool-3,'));
    lines[row] = lines[row]!.replace(',1,brown,3,', ',1,browne,3,');
    const r = importCsv(file, lines.join('\n'), 'structure');
    expect(r.code).toBe(1);
    const col = head.indexOf('color') + 1;
    expect(r.stderr).toContain(`${r.csvFile}:${row + 1}:${col}: error: 'browne' is not a value of color (did you mean 'brown'?)`);
    expect(r.stderr).toContain('nothing written');
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('every wrong cell is reported at once (a number, a yes/no, a list, an unknown column) and nothing is written', () => {
    const dir = scratch();
    const file = join(dir, '7-wonders.yaml');
    const before = readFileSync(file, 'utf8');
    const lines = exportCsv(file, 'structure').split('\n');
    const head = lines[0]!.split(',');
    const set = (row: number, col: string, v: string) => {
      const cells = lines[row]!.split(',');
      cells[head.indexOf(col)] = v;
      lines[row] = cells.join(',');
    };
    set(1, 'age', 'two');
    set(2, 'sellable', 'maybe');
    set(3, 'produces', '{stone: }}');
    lines[0] = lines[0]!.replace(',points,', ',pionts,');
    const r = importCsv(file, lines.join('\n'), 'structure');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`cards.csv:1:${head.indexOf('points') + 1}: error: card type 'structure' has no field 'pionts' (did you mean 'points'?)`);
    expect(readFileSync(file, 'utf8')).toBe(before);
    lines[0] = lines[0]!.replace(',pionts,', ',points,');
    const r2 = importCsv(file, lines.join('\n'), 'structure');
    expect(r2.code).toBe(1);
    expect(r2.stderr).toContain(`cards.csv:2:${head.indexOf('age') + 1}: error: age: expected a number, got 'two'`);
    expect(r2.stderr).toContain(`cards.csv:3:${head.indexOf('sellable') + 1}: error: sellable: expected true or false, got 'maybe'`);
    expect(r2.stderr).toMatch(new RegExp(`cards\\.csv:4:${head.indexOf('produces') + 1}: error: produces: cannot read`));
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('a quote left open is located', () => {
    const dir = scratch();
    const file = join(dir, 'babel-builders.yaml');
    const r = importCsv(file, 'id,name,count\nstorm,"Storm,5\n', 'storm');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('cards.csv:2:2: error: a quoted cell is not closed');
  });

  it('in a variant: a change to a base card adds an item to the variant, the base file is untouched', () => {
    const dir = scratch();
    const file = join(dir, 'variants/custom-blueprint.yaml');
    const base = readFileSync(join(dir, 'babel-builders.yaml'), 'utf8');
    const before = readFileSync(file, 'utf8');
    const csv = exportCsv(file, 'blueprint').replace('bp-01,Blueprint 1,,"C1: 3, B2: 8, A3: 3"', 'bp-01,Blueprint 1,,"C1: 3, B2: 9, A3: 3"');
    const r = importCsv(file, csv, 'blueprint');
    expect(r.code, r.stderr).toBe(0);
    const d = diff(before, readFileSync(file, 'utf8'));
    expect(d.removed).toEqual([]);
    expect(d.added).toEqual(['  - { id: bp-01, targets: { B2: 9 } }']);
    expect(readFileSync(join(dir, 'babel-builders.yaml'), 'utf8')).toBe(base);
    expect(exportCsv(file, 'blueprint')).toContain('bp-01,Blueprint 1,,"C1: 3, B2: 9, A3: 3"');
  });

  it('a row left out removes its card only with --remove-missing: a base card by remove: true, a card of the variant by its item', () => {
    const dir = scratch();
    const file = join(dir, 'variants/custom-blueprint.yaml');
    const before = readFileSync(file, 'utf8');
    // a card of the variant's own first
    const added = importCsv(file, exportCsv(file, 'blueprint') + 'bp-mine,Mine,,"B2: 5",,designer-variant\n', 'blueprint');
    expect(added.code, added.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain('- { id: bp-mine, type: blueprint, name: Mine, targets: { B2: 5 }, source: designer-variant }');
    const csv = exportCsv(file, 'blueprint').split('\n').filter((l) => !l.startsWith('bp-02,') && !l.startsWith('bp-mine,')).join('\n');
    const kept = importCsv(file, csv, 'blueprint');
    expect(kept.code, kept.stderr).toBe(0);
    expect(kept.stdout).toContain('no change');
    const r = importCsv(file, csv, 'blueprint', '--remove-missing');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('0 added, 2 removed');
    const after = readFileSync(file, 'utf8');
    // the variant is as it was, plus one item that removes the base's bp-02
    expect(diff(before, after)).toEqual({ removed: [], added: ['  - { id: bp-02, remove: true }'] });
    const table = exportCsv(file, 'blueprint');
    expect(table).not.toMatch(/^bp-02,/m);
    expect(table).not.toMatch(/^bp-mine,/m);
    expect(babelkit('validate', file).code).toBe(0);
  });

  it('a removal that breaks a reference elsewhere is reported where the ruleset names it, and nothing is written', () => {
    const dir = scratch();
    const file = join(dir, 'variants/custom-blueprint.yaml');
    const before = readFileSync(file, 'utf8');
    // the base's print deck `custom-blueprints` names bp-custom-1
    const csv = exportCsv(file, 'blueprint').split('\n').filter((l) => !l.startsWith('bp-custom-1,')).join('\n');
    const r = importCsv(file, csv, 'blueprint', '--remove-missing');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/babel-builders\.yaml:\d+:\d+: error: unknown card 'bp-custom-1'.*\(after importing .*cards\.csv\)/);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });
});
