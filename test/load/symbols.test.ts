// Symbols in a ruleset: a glyph, path data or a small SVG, read as drawing data only. Anything a page could
// run or fetch (a script, an event attribute, a style, a link, an image, an entity, url()) is an error at its
// line and column, never drawn; what is kept is parts (path data, colours, numbers), from which every page
// draws again. Field symbols, enumeration symbols and card faces are checked by name.

import { describe, expect, it } from 'vitest';
import { loadRulesetText } from '../../engine/load/index.js';
import { formatDiagnostic } from '../../engine/load/diagnostics.js';
import { readSvg, SvgError } from '../../engine/symbols.js';
import { cardFace, runsText } from '../../engine/present.js';
import { smallRuleset } from '../helpers/small-ruleset.js';

const colour = (n: string) => (n === 'gold' ? '#c9a227' : null);

function load(extra: string, cardFields = '') {
  const text = smallRuleset({ steps: '', extra, cardFields });
  return loadRulesetText('/r/t.yaml', text, () => undefined);
}
const errors = (r: ReturnType<typeof load>) => r.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic);

describe('readSvg: a small SVG as drawing parts only', () => {
  it('keeps shapes, fills, strokes and transforms, made into path data', () => {
    const s = readSvg('<?xml version="1.0"?><!-- a coin --><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><title>coin</title><g fill="gold"><circle cx="50" cy="50" r="40"/><rect x="10" y="10" width="20" height="10" rx="2" fill="#fff" transform="rotate(45 20 15)"/></g><path d="M0 0 L10 10" stroke="currentColor" stroke-width="3" fill="none"/></svg>', { colour });
    expect(s.box).toEqual([0, 0, 100, 100]);
    expect(s.parts).toHaveLength(3);
    expect(s.parts[0]).toMatchObject({ fill: '#c9a227', stroke: null });
    expect(s.parts[0]!.d).toMatch(/^M10 50A40 40 0 1 0 90 50/);
    expect(s.parts[1]).toMatchObject({ fill: '#ffffff', ops: [{ op: 'rotate', a: 45, x: 20, y: 15 }] });
    expect(s.parts[2]).toMatchObject({ fill: null, stroke: 'current', width: 3 });
  });

  const refused: [string, RegExp][] = [
    ['<svg><script>alert(1)</script></svg>', /<script> is not allowed/],
    ['<svg onload="alert(1)"><path d="M0 0L1 1"/></svg>', /event attribute 'onload'/],
    ['<svg><path d="M0 0L1 1" onclick="x()"/></svg>', /event attribute 'onclick'/],
    ['<svg><image href="http://example.com/x.png"/></svg>', /<image> is not allowed/],
    ['<svg><use xlink:href="#a"/></svg>', /<use> is not allowed/],
    ['<svg><path d="M0 0L1 1" style="fill:red"/></svg>', /'style' is not read/],
    ['<svg><path d="M0 0L1 1" fill="url(#g)"/></svg>', /refers to something else/],
    ['<svg><a href="javascript:x"><path d="M0 0L1 1"/></a></svg>', /<a> is not allowed/],
    ['<!DOCTYPE svg [<!ENTITY x "y">]><svg><path d="M0 0L1 1"/></svg>', /DOCTYPE is not allowed/],
    ['<svg><path d="M0 0L1 1" fill="&x;"/></svg>', /entity '&x;' is not allowed/],
    ['<svg><foreignObject><div/></foreignObject></svg>', /<foreignObject> is not allowed/],
    ['<svg><path d="M0 0 L1 1 &quot; onload=&quot;x"/></svg>', /path data holds only/],
    ['<svg><path d="M0 0L1 1"></svg>', /closes <path>|is not closed/],
    ['<svg><g transform="matrix(1 0 0 1 0 0)"><path d="M0 0L1 1"/></g></svg>', /transform .* is not supported/],
    ['<svg>' + '<g>'.repeat(12) + '<path d="M0 0L1 1"/>' + '</g>'.repeat(12) + '</svg>', /nested more than 8 deep/],
    ['<svg>' + '<path d="M0 0L1 1"/>'.repeat(300) + '</svg>', /more than 200 elements/],
    ['<svg></svg>', /draws nothing/],
  ];
  for (const [svg, why] of refused) {
    it(`refuses ${svg.length > 60 ? `${svg.slice(0, 60)}…` : svg}`, () => {
      expect(() => readSvg(svg, { colour })).toThrow(SvgError);
      expect(() => readSvg(svg, { colour })).toThrow(why);
    });
  }
});

describe('symbols, field symbols and card faces in a ruleset', () => {
  it('loads glyphs, shapes and SVGs, and draws a card face from them without zeros or defaults', () => {
    const r = load(`enums:
  - { id: res, values: [wood, stone] }
symbols:
  - { id: wood, color: "#6b4423", shape: "M50 4 L96 96 L4 96 Z" }
  - { id: stone, color: grey, svg: '<svg viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>' }
  - { id: star, name: victory point, color: "#c9a227", glyph: "★", amount: inside }
`, 'cost: { type: counts, of: res, label: Cost }, pts: { type: number, symbol: star }, either: { type: kinds, of: res }, note: string, wild: number');
    expect(errors(r)).toEqual([]);
    const g = r.game!;
    expect([...g.symbols.keys()]).toEqual(['wood', 'stone', 'star']);
    expect(g.enums.find((e) => e.id === 'res')!.symbols).toEqual(['wood', 'stone']);
    const card = { ...g.cards[0]!, fields: { ...g.cards[0]!.fields, cost: [2, 0], pts: 3, either: ['wood', 'stone'], note: '', wild: 0 } };
    const face = cardFace(g, card);
    // v: 1 (a number), Cost: 2 wood, pts: a star with 3; no empty note, no wild 0
    expect(face.map((l) => `${l.label}: ${runsText(g, l.runs)}`)).toEqual(['V: 1', 'Cost: 2 wood', 'Pts: 3 victory point', 'Either: wood / stone']);
    expect(face[1]!.runs).toEqual([{ t: 'sym', id: 'wood', n: 2 }]);
  });

  it('refuses a hostile SVG, bad path data and unknown names, each at its line and column', () => {
    const r = load(`enums:
  - { id: res, values: [wood], symbols: { wood: tree, ore: wood } }
symbols:
  - { id: evil, svg: '<svg onload="alert(1)"><path d="M0 0L9 9"/></svg>' }
  - { id: sneaky, shape: 'M0 0" onload="x' }
  - { id: two, glyph: "x", shape: "M0 0 L1 1" }
  - { id: none }
  - { id: blue, color: bleu, glyph: "●" }
`, 'pts: { type: number, symbol: stra }, kind: { type: kinds, of: res, symbol: wood }');
    // in the order of the file: the card type's fields (line 10), then the enumeration and the symbols
    expect(errors(r)).toEqual([
      "/r/t.yaml:10:55: error: unknown symbol 'stra'",
      "/r/t.yaml:10:101: error: a symbol draws a number field; 'kind' is kinds (its values are drawn as the symbols of res)",
      "/r/t.yaml:29:49: error: unknown symbol 'tree'",
      "/r/t.yaml:29:60: error: 'ore' is not a value of res",
      "/r/t.yaml:31:23: error: symbol 'evil': event attribute 'onload' is not allowed: a symbol is a drawing, never a script",
      expect.stringMatching(/^\/r\/t\.yaml:32:26: error: path data holds only the commands M L H V C S Q T A Z and numbers, not '"'$/),
      expect.stringMatching(/^\/r\/t\.yaml:33:35: error: symbol 'two' is drawn by one of glyph .*, not by glyph and shape$/),
      expect.stringMatching(/^\/r\/t\.yaml:34:5: error: symbol 'none' is drawn by one of glyph/),
      expect.stringMatching(/^\/r\/t\.yaml:35:24: error: unknown colour 'bleu' \(did you mean 'blue'\?\)/),
    ]);
    // every error points into the file
    for (const d of r.diagnostics) expect(d.line).toBeGreaterThan(0);
  });
});
