// Every card type of every bundled ruleset and variant: the CSV export, imported unchanged, leaves the file
// byte-identical — through the library and through `babelkit cards` on a copy of the file.
import { describe, expect, it } from 'vitest';
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRulesetText, nodeReadFile } from '../../engine/index-node.js';
import { exportCardsCsv, planCardsImport, type RulesetCards } from '../../edit/cards-csv.js';
import { ROOT } from '../helpers/game.js';
import { babelkit } from '../cli/run.js';

const files = ['rulesets', 'rulesets/variants'].flatMap((d) => readdirSync(join(ROOT, d)).filter((f) => f.endsWith('.yaml')).map((f) => `${d}/${f}`));

describe('cards CSV round trip', () => {
  it('finds the bundled rulesets', () => {
    expect(files.length).toBeGreaterThanOrEqual(10);
  });
  for (const rel of files) {
    it(`${rel}: every card type, export then import unchanged, is byte-identical`, () => {
      const path = join(ROOT, rel);
      const text = readFileSync(path, 'utf8');
      const r = loadRulesetText(path, text, nodeReadFile);
      expect(r.game, `${rel} loads`).toBeDefined();
      const value = r.value as RulesetCards;
      const types = (value.cardTypes as { id: string }[]).map((t) => t.id);
      expect(types.length).toBeGreaterThan(0);
      let cards = 0;
      for (const type of types) {
        const csv = exportCardsCsv(value, type);
        const rows = csv.trimEnd().split('\n').length - 1;
        cards += (value.cards as { type: string }[]).filter((c) => c.type === type).length;
        const plan = planCardsImport({ text, value, type, csv, removeMissing: true });
        expect(plan.text === text, `${rel} ${type}: ${rows} rows`).toBe(true);
        expect([plan.changed, plan.added, plan.removed, plan.cells]).toEqual([[], [], [], 0]);
      }
      expect(cards).toBe((value.cards as unknown[]).length);
    });
  }

  it('through the command line: export to a file, import it, the ruleset is unchanged', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bk-csv-'));
    const yaml = join(dir, 'seven.yaml');
    copyFileSync(join(ROOT, 'rulesets/7-wonders.yaml'), yaml);
    const before = readFileSync(yaml);
    const mtime = statSync(yaml).mtimeMs;
    const ex = babelkit('cards', 'export', yaml, '--type', 'structure', '--out', join(dir, 'cards.csv'));
    expect(ex.code, ex.stderr).toBe(0);
    expect(readFileSync(join(dir, 'cards.csv'), 'utf8').split('\n')[0]).toMatch(/^id,name,count,age,color,/);
    const im = babelkit('cards', 'import', yaml, join(dir, 'cards.csv'), '--type', 'structure', '--remove-missing');
    expect(im.code, im.stderr).toBe(0);
    expect(im.stdout).toContain('no change');
    expect(readFileSync(yaml).equals(before)).toBe(true);
    expect(statSync(yaml).mtimeMs).toBe(mtime);
  });
});
