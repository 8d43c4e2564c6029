// A card type without a layout prints every field a card sets, labelled: Bable's buildings name the resources
// they cost, 7 Wonders' structures their cost, production and effects — read back from the real PDF.
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { babelkit, ROOT } from '../cli/run.js';
import { pdfTextRaw as pdfText, requireTools, scratch } from './pdf.js';

let dir: string;
const out = (name: string) => relative(ROOT, join(dir, name));

beforeAll(() => {
  requireTools();
  dir = scratch('default-layout');
});

describe('print: the default layout labels every field', () => {
  it("Bable's building cards name their resources", () => {
    // b01 "Relief (1 stone, 1 wood)", b02 "Relief (1 cement, 1 tools)"
    const r = babelkit('print', 'rulesets/bable.yaml', '--cards', 'b01,b02', '--backs', 'none', '--out', out('bable.pdf'));
    expect(r.code).toBe(0);
    const lines = pdfText(join(dir, 'bable.pdf')).split('\n').map((l) => l.trim()).filter(Boolean);
    for (const l of ['Stone: 1', 'Wood: 1', 'Cement: 1', 'Tools: 1', 'Image: relief']) expect(lines).toContain(l);
    // a resource the card does not cost is not printed as 0
    expect(lines.filter((l) => /: 0$/.test(l))).toEqual([]);
  });

  it("7 Wonders' structures print their cost and effect, resources named; defaults left out", () => {
    const r = babelkit('print', 'rulesets/7-wonders.yaml', '--cards', 'palace-3,caravansery-3,scientists-guild', '--backs', 'none', '--out', out('sw.pdf'));
    expect(r.code).toBe(0);
    const text = pdfText(join(dir, 'sw.pdf')).replace(/\s*\n\s*(?=\d)/g, ' ');
    expect(text).toContain('Cost: 1 wood, 1 stone, 1 ore, 1 clay, 1 glass, 1 papyrus, 1 loom');
    expect(text).toContain('Points: 8');
    expect(text).toContain('Either: wood / stone / ore / clay');
    expect(text).toContain('Chain from: Marketplace');
    expect(text).toContain('Sellable: no'); // the Caravansery differs from the default (sellable)
    expect(text).not.toContain('Sellable: yes');
    expect(text).toContain('Wild: 1');
  });

  it('a ruleset with no cards says plainly why there is nothing to print, exit 1, and writes no file', () => {
    const r = babelkit('print', 'rulesets/babel-on.yaml', '--out', out('bo.pdf'));
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("rulesets/babel-on.yaml: error: nothing to print: Babel On!'s only components are pieces, not cards: Building block (token); give such a card type a `layout` in the ruleset to print them as cards\n");
    expect(existsSync(join(dir, 'bo.pdf'))).toBe(false);
  });
});
