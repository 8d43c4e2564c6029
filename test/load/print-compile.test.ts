// The print half of a ruleset is checked when it loads: a deck, a colour, a field or a grid zone that is
// wrong fails `babelkit validate` at its line and column (not only `babelkit print`), and the compiled
// game carries the print section and each card type's layout as typed, resolved values.

import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { babelkit, lineCol, ROOT } from '../cli/run.js';
import { babelBuilders, loadGame, rulesetPath } from '../helpers/game.js';
import { loadRulesetText, type CardLayout } from '../../engine/index.js';

const BASE = join(ROOT, 'rulesets/babel-builders.yaml');

/** A variant of Babel Builders with one mistake of each kind in its print section and layouts. */
const VARIANT = `extends: ${BASE}
id: misprinted
print:
  decks:
    - { id: bolts, cards: "type:lightnin,type:storm" }
    - { id: firsts, cards: "bp-01, bp-1" }
cardTypes:
  - id: lightning
    layout:
      accent: purplish
  - id: storm
    layout:
      elements:
        - { type: title, color: "#12345" }
        - { type: text, field: txt, box: [6, 56, 51.5, 27] }
  - id: blueprint
    layout:
      elements:
        - { type: grid, field: targets, zone: hand, box: [4.5, 17, 54.5, 54.5] }
  - id: instruction
    layout:
      elements:
        - { type: text, text: "Place {blocs} block(s) on one marked cell.", box: [5, 75, 53.5, 10] }
  - id: role
    layout:
      elements:
        - { type: icon, field: role, box: [14, 19, 35.5, 32] }
`;

/**
 * Writes `text` to a file and validates it through the CLI (it must fail, in the enclosing suite's
 * beforeAll); returns its diagnostic lines, and a reader of the one at `needle` (after `after`) without its
 * place, as the CLI prints it.
 */
function diagnosticsOf(name: string, text: string): { lines: () => string[]; at: (needle: string, after?: string) => string } {
  let file = '';
  let lines: string[] = [];
  beforeAll(() => {
    file = join(mkdtempSync(join(tmpdir(), `babelkit-${name}-`)), `${name}.yaml`);
    writeFileSync(file, text);
    const r = babelkit('validate', file);
    expect(r.code).toBe(1);
    lines = r.stderr.trim().split('\n');
  });
  const at = (needle: string, after = '') => {
    const { line, col } = lineCol(text, needle, after);
    const prefix = `${file}:${line}:${col}: error: `;
    const found = lines.filter((l) => l.startsWith(prefix));
    expect(found, `no diagnostic at ${line}:${col} in\n${lines.join('\n')}`).toHaveLength(1);
    return found[0]!.slice(prefix.length);
  };
  return { lines: () => lines, at };
}

const { lines: diagnostics, at } = diagnosticsOf('misprinted', VARIANT);

describe('babelkit validate checks the print section and the card layouts', () => {
  it('a deck naming an unknown card type, at the name inside the string, with a did-you-mean', () => {
    expect(at('lightnin,')).toBe("unknown card type 'lightnin' (did you mean 'lightning'?)");
  });

  it('a deck naming an unknown card id', () => {
    expect(at('bp-1"')).toBe("unknown card 'bp-1' (did you mean 'bp-01'?)");
  });

  it('an unknown colour name', () => {
    expect(at('purplish')).toMatch(/^unknown colour 'purplish': use #rrggbb or one of black, white, .*\bplum$/);
  });

  it('a colour that is not #rrggbb', () => {
    expect(at('"#12345"')).toBe("'#12345' is not a colour: write #rrggbb (or #rgb) with hexadecimal digits");
  });

  it('a text element showing a field its card type does not have', () => {
    expect(at('txt')).toBe("card type 'storm' has no field 'txt' (did you mean 'text'?)");
  });

  it('a grid element naming a zone that is not a grid', () => {
    expect(at('hand')).toBe("zone 'hand' is not a grid zone (grid zones: tower)");
  });

  it('a {field} placeholder of a template, at the name', () => {
    expect(at('blocs}')).toBe("card type 'instruction' has no field 'blocs' (did you mean 'blocks'?)");
  });

  it('an icon chosen by a field whose values are not icons: at each card\'s value in the base file', () => {
    const base = readFileSync(BASE, 'utf8');
    for (const [card, role] of [['role-messenger', 'messenger'], ['role-architect', 'architect']]) {
      const pos = lineCol(base, `role: ${role}`, `id: ${card}`);
      const line = diagnostics().find((l) => l.startsWith(`${BASE}:${pos.line}:${pos.col + 'role: '.length}: error: `));
      expect(line, diagnostics().join('\n')).toContain(`card '${card}': '${role}' is not an icon`);
    }
  });

  it('reports these nine problems and nothing else', () => {
    expect(diagnostics()).toHaveLength(9);
  });

  it('still accepts every bundled ruleset and variant', () => {
    for (const f of ['babel-builders.yaml', 'babel-on.yaml', 'bable.yaml', 'variants/bable-advanced.yaml', 'variants/custom-blueprint.yaml', 'variants/steep-tower.yaml']) {
      const text = readFileSync(rulesetPath(f), 'utf8');
      const r = loadRulesetText(rulesetPath(f), text, (p) => readFileSync(p, 'utf8'));
      expect(r.diagnostics, f).toEqual([]);
    }
  });
});

describe('the compiled print section and layouts', () => {
  it('resolves a named deck to its cards, in ruleset order, each once', () => {
    const g = babelBuilders();
    const specials = g.print.decks.find((d) => d.id === 'specials')!;
    expect(specials.name).toBe('Special cards');
    expect(specials.cards.map((c) => c.id)).toEqual(['lightning', 'storm', 'punishment', 'seal', 'deliberation']);
    const custom = g.print.decks.find((d) => d.id === 'custom-blueprints')!;
    expect(custom.cards.map((c) => c.id)).toEqual(['bp-custom-1', 'bp-custom-2', 'bp-custom-3']);
  });

  it('keeps the sheet defaults typed: the card size in mm, the back offset as x and y', () => {
    const g = babelBuilders();
    expect(g.print).toMatchObject({ size: { w: 63.5, h: 88.9 }, paper: 'a4', bleed: 3, cropMarks: true, backs: 'duplex-long' });
    const shifted = loadGame(rulesetPath('variant.yaml'), `extends: babel-builders.yaml\nid: shifted\nprint: { size: 50x70, backOffset: [1.5, -0.5] }\n`);
    expect(shifted.print.size).toEqual({ w: 50, h: 70 });
    expect(shifted.print.backOffset).toEqual({ x: 1.5, y: -0.5 });
  });

  it('resolves every colour of a layout to #rrggbb: palette names, built-in names and #rgb', () => {
    const g = loadGame(rulesetPath('variant.yaml'), `extends: babel-builders.yaml
id: colours
cardTypes:
  - id: storm
    back: red
    layout:
      accent: "#3AF"
      elements:
        - { type: title, band: brick, color: white }
        - { type: rect, box: [4, 56, 55.5, 28], fill: green, stroke: "#ABCDEF" }
`);
    const storm = g.cardTypes.find((t) => t.id === 'storm')!.layout;
    expect(storm.accent).toBe('#33aaff');
    expect(storm.back.color).toBe('#c8372d'); // built-in red
    expect(storm.elements).toEqual([
      expect.objectContaining({ type: 'title', band: '#b5562f', color: '#ffffff' }), // the ruleset's brick and white
      expect.objectContaining({ type: 'rect', fill: '#3a8a4f', stroke: '#abcdef' }),
    ]);
    // the palette itself: the ruleset's names over the built-in ones
    expect(g.print.colors.get('black')).toBe('#262626');
    expect(g.print.colors.get('purple')).toBe('#6b4c9a');
  });

  it('gives a card type without a layout one made from its fields, and keeps its back colour', () => {
    const g = loadGame(rulesetPath('variant.yaml'), `extends: 7-wonders.yaml
id: plain-stage
cardTypes:
  - id: plainStage
    back: gold
    fields: { wonder: string, stage: number, cost: { type: counts, of: resource }, points: number, sellable: { type: bool, default: true } }
cards:
  - { id: ps-1, type: plainStage, wonder: gizah, stage: 1, cost: { stone: 2 }, points: 3 }
`);
    const stage: CardLayout = g.cardTypes.find((t) => t.id === 'plainStage')!.layout;
    expect(stage.declared).toBe(false);
    expect(stage.back.color).toBe('#c9a227'); // `back: gold` from the ruleset's colours
    // the name, then every field as a "Label: value" line
    expect(stage.elements.map((e) => e.type === 'text' ? e.fields ?? e.text ?? e.field : e.type)).toEqual(
      ['title', ['wonder', 'stage', 'cost', 'points', 'sellable']]);
  });

  it('keeps a text list\'s item and join, and the value maps of texts and fills (colours resolved)', () => {
    const g = loadGame(rulesetPath('variant.yaml'), `extends: babel-builders.yaml
id: lists
cardTypes:
  - id: instruction
    layout:
      elements:
        - { type: text, fields: [blocks], item: "{value} × {label}", join: " · ", box: [5, 20, 53.5, 10] }
        - { type: text, field: blocks, map: { "1": One, "2": Two }, box: [5, 40, 53.5, 10] }
        - { type: rect, field: blocks, map: { "1": brick, "2": "#0A0" }, fill: white, box: [0, 70, 63.5, 18.9] }
`);
    const [list, named, band] = g.cardTypes.find((t) => t.id === 'instruction')!.layout.elements;
    expect(list).toMatchObject({ type: 'text', fields: ['blocks'], item: '{value} × {label}', join: ' · ' });
    expect(named).toMatchObject({ type: 'text', field: 'blocks', map: new Map([['1', 'One'], ['2', 'Two']]) });
    expect(band).toMatchObject({ type: 'rect', field: 'blocks', fill: '#ffffff', map: new Map([['1', '#b5562f'], ['2', '#00aa00']]) });
  });

  it('draws a grid of the first grid zone when the element names none', () => {
    const g = loadGame(rulesetPath('variant.yaml'), `extends: babel-builders.yaml
id: implicit-zone
cardTypes:
  - id: blueprint
    layout:
      elements:
        - { type: grid, field: targets, box: [4.5, 17, 54.5, 54.5] }
`);
    expect(g.cardTypes.find((t) => t.id === 'blueprint')!.layout.elements).toEqual([expect.objectContaining({ type: 'grid', field: 'targets', zone: 'tower' })]);
  });
});

describe('babelkit validate checks text lists and value maps at their line and column', () => {
  const LISTS = `extends: ${BASE}
id: mislisted
cardTypes:
  - id: instruction
    layout:
      elements:
        - { type: text, fields: [blocks], item: "{value} {lable}", box: [5, 20, 53.5, 10] }
        - { type: text, field: blocks, join: " / ", box: [5, 30, 53.5, 10] }
        - { type: text, text: "Blocks", map: { "1": one }, box: [5, 40, 53.5, 10] }
        - { type: rect, field: blocks, box: [5, 50, 53.5, 10] }
        - { type: rect, map: { "1": red }, box: [5, 60, 53.5, 10] }
        - { type: rect, field: blocs, map: { "1": reddish }, box: [5, 70, 53.5, 10] }
`;
  const { lines: listed, at: atL } = diagnosticsOf('mislisted', LISTS);

  it('an item placeholder other than {label} and {value}, at its name', () => {
    expect(atL('lable}')).toBe("'{lable}' in an item: an item writes one field of `fields` with {label} and {value}");
  });
  it('join (or item) without fields', () => {
    expect(atL('" / "')).toBe('`join` writes the list of `fields`, and this text element has no `fields`');
  });
  it('a text map without a field to translate', () => {
    expect(atL('{ "1": one }')).toBe('a `map` gives the text shown for each value of `field`, and this text element shows no `field`');
  });
  it('a rectangle with a field and no map, and one with a map and no field', () => {
    expect(atL('blocks', 'type: rect')).toBe('a rectangle with a `field` takes its fill from `map` (value → colour), and this one has no `map`');
    expect(atL('{ "1": red }')).toBe('a `map` gives the fill for each value of `field`, and this rectangle has no `field`');
  });
  it('a fill map naming an unknown field and an unknown colour, each at its place', () => {
    expect(atL('blocs')).toBe("card type 'instruction' has no field 'blocs' (did you mean 'blocks'?)");
    expect(atL('reddish')).toMatch(/^unknown colour 'reddish' \(did you mean 'red'\?\): use #rrggbb or one of /);
  });
  it('reports these seven problems and nothing else', () => {
    expect(listed()).toHaveLength(7);
  });
});
