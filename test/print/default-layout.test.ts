// A card type without a layout prints every field a card sets, labelled: a card's costs and points (a number
// equal to a non-zero default included), 7 Wonders' structures their cost, production and effects — read back
// from the real PDF.
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { babelkit, ROOT } from '../cli/run.js';
import { smallRuleset } from '../helpers/small-ruleset.js';
import { pdfTextRaw as pdfText, requireTools, scratch } from './pdf.js';

let dir: string;
const out = (name: string) => relative(ROOT, join(dir, name));

beforeAll(() => {
  requireTools();
  dir = scratch('default-layout');
});

describe('print: the default layout labels every field', () => {
  it('a number is shown unless it is 0 where the default is 0: a default 1 point prints, a cost of 0 stone does not', () => {
    const file = join(dir, 'numbers.yaml');
    writeFileSync(file, smallRuleset({
      cardFields: 'stone: { type: number, default: 0 }, wood: { type: number, default: 0 }, points: { type: number, default: 1 }, '
        + 'bonus: { type: number, default: 2 }, rare: { type: bool, default: false }, sellable: { type: bool, default: true }, '
        + 'note: { type: string, default: "" }, kind: { type: string, default: plain }',
      cards: [
        '  - { id: k1, type: c, name: Cheap hut, v: 1, stone: 1 }',
        '  - { id: k2, type: c, name: Odd shed, v: 2, wood: 2, points: 3, bonus: 0, rare: true, sellable: false, note: "A note.", kind: fancy }',
      ].join('\n'),
      steps: '      - id: s\n        do: []',
    }));
    const r = babelkit('print', relative(ROOT, file), '--cards', 'k1,k2', '--backs', 'none', '--out', out('numbers.pdf'));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const cards = pdfText(join(dir, 'numbers.pdf')).split('\f')[0]!.split(/(?=Cheap hut|Odd shed)/).map((c) => c.split('\n').map((l) => l.trim()).filter(Boolean));
    const [hut, shed] = [cards.find((c) => c[0] === 'Cheap hut')!, cards.find((c) => c[0] === 'Odd shed')!];
    // the default 1 point and the default 2 bonus are numbers a player needs; wood 0 (default 0) is noise;
    // no, the default text and the empty note are left out
    expect(hut).toEqual(['Cheap hut', 'V: 1', 'Stone: 1', 'Points: 1', 'Bonus: 2']);
    // 0 where the default is 2 is news; yes/no shown where they differ from the default; a text that differs
    expect(shed).toEqual(['Odd shed', 'V: 2', 'Wood: 2', 'Points: 3', 'Bonus: 0', 'Rare: yes', 'Sellable: no', 'Note: A note.', 'Kind: fancy']);
  });

  it("7 Wonders' structures print their cost and effect as symbols, their chains in words; no field list, no default", () => {
    const r = babelkit('print', 'rulesets/7-wonders.yaml', '--cards', 'palace-3,caravansery-3,scientists-guild', '--backs', 'none', '--out', out('sw.pdf'));
    expect(r.code).toBe(0);
    const text = pdfText(join(dir, 'sw.pdf')).replace(/\s+/g, ' ');
    for (const name of ['Palace', 'Caravansery', 'Scientists Guild']) expect(text).toContain(name);
    expect(text).toMatch(/\b8\b/); // the Palace's points, written in the point symbol
    expect(text).toContain('Free with Marketplace');
    expect(text).toContain('Not for sale to neighbours'); // the Caravansery differs from the default (sellable)
    expect(text).toContain('Chains to Lighthouse');
    // the cost, production and science are drawn, not listed; nothing reads as a field
    expect(text).not.toMatch(/Cost:|Either:|Wild:|Sellable|Min players|Color:/);
  });

  it('a ruleset with no cards says plainly why there is nothing to print, exit 1, and writes no file', () => {
    const r = babelkit('print', 'rulesets/babel-on.yaml', '--out', out('bo.pdf'));
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("rulesets/babel-on.yaml: error: nothing to print: Babel On!'s only components are pieces, not cards: Building block (token); give such a card type a `layout` in the ruleset to print them as cards\n");
    expect(existsSync(join(dir, 'bo.pdf'))).toBe(false);
  });
});
