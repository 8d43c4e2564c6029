// Text lists and value maps in a card layout, printed and read back: `fields` written with an `item` template
// and a `join` ("2 Stone · 1 Tools", what reads as nothing left out), a text `map` (a seat number as a name)
// and a rectangle whose fill a field's value picks through its `map`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../cli/run.js';
import { smallRuleset } from '../helpers/small-ruleset.js';
import { loadGame, pdfTextIn, render, requireTools, scratch, writePdf } from './pdf.js';
import { printDeck } from '../../print/index.js';
import { loadFonts } from '../../cli/print.js';

const LAYOUT = `    layout:
      elements:
        - { type: title }
        - { type: text, fields: [stone, wood, tools], item: "{value} {label}", join: " · ", box: [5, 18, 53.5, 10] }
        - { type: text, when: seat, field: seat, map: { "1": Seat one, "2": Seat two }, box: [5, 30, 53.5, 10] }
        - { type: rect, field: seat, map: { "1": "#000000", "2": "#808080" }, box: [5, 50, 53.5, 20] }
`;

const RULESET = smallRuleset({
  cardFields: 'stone: { type: number, default: 0 }, wood: { type: number, default: 0 }, tools: { type: number, default: 0 }, seat: { type: number, default: 0 }',
  cards: [
    '  - { id: k1, type: c, name: First, v: 1, stone: 2, tools: 1, seat: 1 }',
    '  - { id: k2, type: c, name: Second, v: 1, wood: 1 }',
    '  - { id: k3, type: c, name: Third, v: 1, seat: 2 }',
  ].join('\n'),
  steps: '      - id: s\n        do: []',
}).replace(/( {4}fields: \{ v: number.*\}\n)/, `$1${LAYOUT}`);

let dir = '';
beforeAll(() => { requireTools(); dir = scratch('layout-lists'); });
afterAll(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

describe('print: text lists with item and join, text and fill maps', () => {
  it('writes each card\'s list, its mapped name and its mapped fill; the same input gives the same bytes', async () => {
    const game = loadGame(join(ROOT, 'tmp', 'lists.yaml'), RULESET);
    expect(game.cardTypes.find((t) => t.id === 'c')!.layout.declared).toBe(true);
    const opts = { cards: 'k1,k2,k3', backs: 'none' as const, cropMarks: false };
    const res = await printDeck(game, loadFonts(), opts);
    const file = writePdf(dir, 'lists.pdf', res.bytes);
    // the lines of text on card i (its trim on page 1)
    const card = (i: number) => pdfTextIn(file, 1, res.plan.fronts[i]!.trim).split('\n').map((l) => l.trim()).filter(Boolean);
    expect(card(0)).toEqual(['First', '2 Stone · 1 Tools', 'Seat one']);
    // wood 0 and tools 0 are left out; seat 0 is not set (`when`), so no seat line
    expect(card(1)).toEqual(['Second', '1 Wood']);
    // nothing to list: no line at all
    expect(card(2)).toEqual(['Third', 'Seat two']);
    // the fill of the band: black for seat 1, grey for seat 2, none (the white card) for seat 0
    const r = render(file, 1, 100, dir);
    const grey = (i: number) => { const t = res.plan.fronts[i]!.trim; return r.at(t.x + 30, t.y + 65); };
    expect(grey(0)).toBeLessThan(20);
    expect(Math.abs(grey(2) - 128)).toBeLessThan(10);
    expect(grey(1)).toBeGreaterThan(245);
    expect((await printDeck(game, loadFonts(), opts)).bytes).toEqual(res.bytes);
  });
});
