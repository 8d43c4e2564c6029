// Form edits write into the YAML text: only the edited span changes; comments and every other line stay.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EditError, addCard, flowSource, setCardCell, setCardField, setCardValue } from '../../edit/yaml-edit.js';

const bb = readFileSync(new URL('../../rulesets/babel-builders.yaml', import.meta.url), 'utf8');
const steep = readFileSync(new URL('../../rulesets/variants/steep-tower.yaml', import.meta.url), 'utf8');

/** The lines that differ between two texts of the same line count. */
function changedLines(a: string, b: string): [string, string][] {
  const x = a.split('\n'), y = b.split('\n');
  expect(y.length).toBe(x.length);
  return x.flatMap((l, i) => (l === y[i] ? [] : [[l, y[i]!] as [string, string]]));
}

function card(src: string, id: string) {
  return (parse(src).cards as { id: string }[]).find((c) => c.id === id) as Record<string, unknown>;
}

describe('blueprint cells', () => {
  it('setting a cell of Blueprint 1 changes that one line only, in flow style', () => {
    const out = setCardCell(bb, 'bp-01', 'targets', 'A1', 2);
    expect(changedLines(bb, out)).toEqual([[
      '  - { id: bp-01, type: blueprint, name: Blueprint 1, source: published, targets: { C1: 3, B2: 8, A3: 3 } }',
      '  - { id: bp-01, type: blueprint, name: Blueprint 1, source: published, targets: { C1: 3, B2: 8, A3: 3, A1: 2 } }',
    ]]);
    expect(card(out, 'bp-01').targets).toEqual({ C1: 3, B2: 8, A3: 3, A1: 2 });
  });

  it('changing an existing count replaces just the number', () => {
    const out = setCardCell(bb, 'bp-01', 'targets', 'B2', 9);
    const [, after] = changedLines(bb, out)[0]!;
    expect(after).toContain('targets: { C1: 3, B2: 9, A3: 3 }');
  });

  it('removing a cell (null) drops it from the mapping', () => {
    const out = setCardCell(bb, 'bp-01', 'targets', 'C1', null);
    expect(card(out, 'bp-01').targets).toEqual({ B2: 8, A3: 3 });
    expect(changedLines(bb, out)).toHaveLength(1);
  });

  it('an empty custom slot gets its first cell', () => {
    const out = setCardCell(bb, 'bp-custom-1', 'targets', 'B2', 5);
    expect(card(out, 'bp-custom-1').targets).toEqual({ B2: 5 });
    expect(changedLines(bb, out)).toHaveLength(1);
  });

  it('comments anywhere in the file survive', () => {
    const out = setCardCell(bb, 'bp-05', 'targets', 'C1', 1);
    const comments = (s: string) => s.split('\n').filter((l) => l.trimStart().startsWith('#'));
    expect(comments(out)).toEqual(comments(bb));
  });

  it('a variant that already replaces the card is edited in place', () => {
    const out = setCardCell(steep, 'bp-02', 'targets', 'B2', 12);
    expect(changedLines(steep, out)).toEqual([['    targets: { A1: 2, B2: 10, C3: 2 }', '    targets: { A1: 2, B2: 12, C3: 2 }']]);
  });

  it('a variant that does not list the card gets a full replacement item appended', () => {
    const merged = { id: 'bp-03', type: 'blueprint', name: 'Blueprint 3', source: 'placeholder', targets: { B1: 3, B2: 8, B3: 3 } };
    const out = setCardCell(steep, 'bp-03', 'targets', 'B3', null, merged);
    expect(out.startsWith(steep.trimEnd())).toBe(false); // inserted inside the cards list, before `tables:`
    expect(out.indexOf('bp-03')).toBeLessThan(out.indexOf('tables:'));
    expect(card(out, 'bp-03')).toEqual({ id: 'bp-03', replace: true, type: 'blueprint', name: 'Blueprint 3', source: 'placeholder', targets: { B1: 3, B2: 8 } });
    expect(card(out, 'bp-02').targets).toEqual({ A1: 2, B2: 10, C3: 2 });
  });

  it('refuses counts that are not whole numbers', () => {
    expect(() => setCardCell(bb, 'bp-01', 'targets', 'A1', 1.5)).toThrow(EditError);
    expect(() => setCardCell(bb, 'bp-01', 'targets', 'A1', -1)).toThrow(EditError);
  });
});

describe('block-style cells', () => {
  const src = [
    'cards:',
    '  # my blueprint',
    '  - id: bp-x',
    '    type: blueprint',
    '    targets:',
    '      A1: 2 # corner',
    '      B2: 5',
    '  - id: other',
    '    type: blueprint',
    '',
  ].join('\n');

  it('a new cell of a block mapping goes on its own line, at the same indent, comments kept', () => {
    const out = setCardCell(src, 'bp-x', 'targets', 'C3', 1);
    expect(out.split('\n')).toEqual([...src.split('\n').slice(0, 7), '      C3: 1', ...src.split('\n').slice(7)]);
    expect(card(out, 'bp-x').targets).toEqual({ A1: 2, B2: 5, C3: 1 });
  });

  it('a changed count keeps the comment after it; a removed cell takes its line with it', () => {
    const out = setCardCell(src, 'bp-x', 'targets', 'A1', 3);
    expect(out.split('\n')[5]).toBe('      A1: 3 # corner');
    const removed = setCardCell(src, 'bp-x', 'targets', 'B2', null);
    expect(removed.split('\n')).toEqual([...src.split('\n').slice(0, 6), ...src.split('\n').slice(7)]);
    expect(card(removed, 'bp-x').targets).toEqual({ A1: 2 });
  });
});

describe('card fields', () => {
  it('renaming a card with a quoted name keeps the quotes style', () => {
    const out = setCardField(bb, 'i1-colA', 'name', '1 block: column A');
    const [, after] = changedLines(bb, out)[0]!;
    expect(after).toContain('name: "1 block: column A"');
    expect(card(out, 'i1-colA').name).toBe('1 block: column A');
  });

  it('a count is added to a card that had none, in its flow mapping', () => {
    const out = setCardField(bb, 'i2-A1A2', 'count', 2);
    expect(card(out, 'i2-A1A2').count).toBe(2);
    expect(changedLines(bb, out)).toHaveLength(1);
  });

  it('a field of a block-style card is set on its own line', () => {
    const out = setCardField(steep, 'bp-02', 'name', 'Blueprint 2 (steeper)');
    expect(changedLines(steep, out)).toEqual([['    name: Blueprint 2 (steep)', '    name: Blueprint 2 (steeper)']]);
  });

  it('a new key of a block-style card goes on a new line at the same indent', () => {
    const out = setCardField(steep, 'bp-02', 'count', 2);
    expect(out.split('\n')).toContain('    count: 2');
    expect(card(out, 'bp-02').count).toBe(2);
  });

  it('a variant gets an override item for a base card it did not list', () => {
    const out = setCardField(steep, 'seal', 'count', 12);
    expect(card(out, 'seal')).toEqual({ id: 'seal', count: 12 });
  });

  it('a YAML error stops the edit with a clear message instead of guessing', () => {
    expect(() => setCardField('cards: [ { id: a\n', 'a', 'count', 1)).toThrow(/fix it in the text first/);
  });
});

describe('the first card after a comment (the bp-01 corruption)', () => {
  it('a count on bp-01 changes its own line only; the comment above it stays, the item keeps its dash', () => {
    const out = setCardField(bb, 'bp-01', 'count', 2);
    expect(changedLines(bb, out)).toEqual([[
      '  - { id: bp-01, type: blueprint, name: Blueprint 1, source: published, targets: { C1: 3, B2: 8, A3: 3 } }',
      '  - { id: bp-01, type: blueprint, name: Blueprint 1, source: published, targets: { C1: 3, B2: 8, A3: 3 }, count: 2 }',
    ]]);
    expect(out.split('\n')[bb.split('\n').indexOf('  # ---- blueprints (12: 9 prepared, 3 blank) ----')]).toBe('  # ---- blueprints (12: 9 prepared, 3 blank) ----');
    expect(card(out, 'bp-01').count).toBe(2);
  });

  it('a card over two lines keeps both: only the changed characters move', () => {
    const out = setCardField(bb, 'role-messenger', 'count', 3);
    expect(changedLines(bb, out)).toEqual([[
      '  - { id: role-messenger, type: role, name: Messenger of God, count: 1, role: messenger,',
      '  - { id: role-messenger, type: role, name: Messenger of God, count: 3, role: messenger,',
    ]]);
    const text = setCardField(bb, 'role-messenger', 'text', 'Line one\nline "two": #3');
    expect(changedLines(bb, text)).toEqual([[
      '      text: "Stop the tower. Divine Punishment cards you hold must be passed to the Master." }',
      '      text: "Line one\\nline \\"two\\": #3" }',
    ]]);
    expect(card(text, 'role-messenger').text).toBe('Line one\nline "two": #3');
  });
});

describe('values written as YAML', () => {
  const src = [
    'cards:',
    '  - id: a # the first',
    '    name: Plain',
    '    text: |',
    '      two',
    '      lines',
    '',
    '    note:',
    '  - { id: b, name: \'single\', tags: [x, y] }',
    '',
  ].join('\n');

  it('strings YAML would read as something else are quoted; plain stays plain where it can', () => {
    for (const v of ['true', '12', '', ' padded ', 'a: b', 'a #b', '- x', '*x', 'null', '~', 'x, y', '[1]', 'é 日本 🏗']) {
      const out = setCardField(src, 'a', 'name', v);
      expect(card(out, 'a').name, v).toBe(v);
      expect(changedLines(src, out)).toHaveLength(1);
    }
    expect(setCardField(src, 'a', 'name', 'Still plain').split('\n')[2]).toBe('    name: Still plain');
    expect(setCardField(src, 'b', 'name', "it's").split('\n')[8]).toBe("  - { id: b, name: 'it''s', tags: [x, y] }");
    // in a flow mapping a comma must be quoted; a plain value gets double quotes, a single-quoted one keeps its quotes
    expect(setCardField(src, 'b', 'tags', 'x, y').split('\n')[8]).toBe('  - { id: b, name: \'single\', tags: "x, y" }');
    expect(setCardField(src, 'b', 'name', 'x, y').split('\n')[8]).toBe("  - { id: b, name: 'x, y', tags: [x, y] }");
  });

  it('a block scalar stays a block scalar, the blank line after it stays', () => {
    const out = setCardField(src, 'a', 'text', 'three\nshort\nlines');
    expect(out.split('\n').slice(3, 8)).toEqual(['    text: |-', '      three', '      short', '      lines', '']);
    expect(card(out, 'a').text).toBe('three\nshort\nlines');
  });

  it('a key with an empty value gets its value after the colon', () => {
    const out = setCardField(src, 'a', 'note', 'now set');
    expect(changedLines(src, out)).toEqual([['    note:', '    note: now set']]);
  });

  it('numbers must be finite; a list is written in flow style', () => {
    expect(() => setCardField(src, 'a', 'power', Number.NaN)).toThrow(EditError);
    expect(() => setCardField(src, 'a', 'power', Infinity)).toThrow(/not a number/);
    expect(setCardField(src, 'b', 'tags', ['z', 'a b', 'c,d']).split('\n')[8]).toBe('  - { id: b, name: \'single\', tags: [z, a b, "c,d"] }');
    expect(flowSource({ '1': 1, 'a: b': { x: [] }, k: 'true' })).toBe('{ "1": 1, "a: b": { x: [] }, k: "true" }');
  });
});

describe('removing a field', () => {
  const flow = '  - {\n      id: f, a: 1,\n      # inside\n      b: 2,\n      c: 3 }\n';
  const src = `cards:\n  - { id: x, a: 1, b: 2, c: 3 }\n${flow}  - id: k\n    a: 1 # one\n    b: 2\n`;

  it('from a flow mapping: first, middle and last key with one comma each', () => {
    expect(setCardField(src, 'x', 'a', undefined).split('\n')[1]).toBe('  - { id: x, b: 2, c: 3 }');
    expect(setCardField(src, 'x', 'b', undefined).split('\n')[1]).toBe('  - { id: x, a: 1, c: 3 }');
    expect(setCardField(src, 'x', 'c', undefined).split('\n')[1]).toBe('  - { id: x, a: 1, b: 2 }');
  });

  it('from a flow mapping over several lines, the comment inside stays', () => {
    const out = setCardField(src, 'f', 'b', undefined);
    expect(out).toContain('  - {\n      id: f, a: 1,\n      # inside\n      c: 3 }\n');
    expect(card(out, 'f')).toEqual({ id: 'f', a: 1, c: 3 });
    expect(card(setCardField(src, 'f', 'c', undefined), 'f')).toEqual({ id: 'f', a: 1, b: 2 });
  });

  it('from a block mapping: its line goes, the others stay', () => {
    const out = setCardField(src, 'k', 'a', undefined);
    expect(out.endsWith('  - id: k\n    b: 2\n')).toBe(true);
  });

  it('never the id, and never the whole card', () => {
    expect(() => setCardField(src, 'x', 'id', undefined)).toThrow(/not a field/);
    expect(() => setCardValue(src, 'x', ['replace'], true)).toThrow(/not a field/);
    expect(() => setCardValue(src, 'x', ['cells', '__proto__'], 1)).toThrow(/cannot be a key/);
    expect(() => setCardField(src, 'x', 'constructor', 1)).toThrow(/cannot be a key/);
  });
});

describe('anchors and aliases', () => {
  const src = [
    'cards:',
    '  - &shared { id: s, count: 1 }',
    '  - { id: t, cells: &cells { A1: 2 } }',
    '  - { id: u, cells: *cells }',
    'notes: [*shared]',
    '',
  ].join('\n');

  it('a card shared with another place through an anchor is not changed through the form', () => {
    expect(() => setCardField(src, 's', 'count', 2)).toThrow(/shared through the anchor &shared \(used again at line 5\)/);
    expect(() => setCardCell(src, 't', 'cells', 'A1', 3)).toThrow(/&cells/);
  });

  it('an alias bomb is refused with a message, quickly', () => {
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]', ...'bcdefgh'.split('').map((k, i) => `${k}: &${k} [${Array(10).fill(`*${'abcdefgh'[i]}`).join(', ')}]`), 'cards:', '  - { id: c, n: *h }', ''].join('\n');
    const t = performance.now();
    expect(() => setCardField(bomb, 'c', 'count', 2)).toThrow(EditError);
    expect(() => setCardField(bomb, 'c', 'n', 2)).toThrow(/cannot be read|shared|alias/);
    expect(performance.now() - t).toBeLessThan(2000);
  });

  it('a card using an alias gets the value written out, changed; the anchored one stays', () => {
    const out = setCardCell(src, 'u', 'cells', 'B2', 1);
    expect(changedLines(src, out)).toEqual([['  - { id: u, cells: *cells }', '  - { id: u, cells: { A1: 2, B2: 1 } }']]);
    expect(card(out, 't').cells).toEqual({ A1: 2 });
    // an unrelated field of the anchored card's item is fine
    expect(card(setCardField(src, 't', 'name', 'T'), 't').name).toBe('T');
  });
});

describe('variants', () => {
  const base = { id: 'bp-03', type: 'blueprint', name: 'Blueprint 3', source: 'placeholder', targets: { B1: 3, B2: 8, B3: 3 } };

  it('a variant with no card list gains one, with one item', () => {
    const v = 'extends: ../babel-builders.yaml\nid: v\nname: V\n';
    expect(setCardField(v, 'seal', 'count', 3, { id: 'seal', count: 9 })).toBe(`${v}\ncards:\n  - { id: seal, count: 3 }\n`);
  });

  it('a cell of a card the variant does not list is one merging item; dropping a base cell is a replacement', () => {
    expect(card(setCardCell(steep, 'bp-03', 'targets', 'A1', 4, base), 'bp-03')).toEqual({ id: 'bp-03', targets: { A1: 4 } });
    expect(card(setCardCell(steep, 'bp-03', 'targets', 'B3', null, base), 'bp-03')).toEqual({ ...base, replace: true, targets: { B1: 3, B2: 8 } });
  });

  it('a merging item that must drop a base value becomes a replacement in place, its comment kept', () => {
    const v = 'extends: ../babel-builders.yaml\ncards:\n  # mine\n  - id: bp-03\n    name: Mine # renamed\n';
    const merged = { ...base, name: 'Mine' };
    const out = setCardCell(v, 'bp-03', 'targets', 'B1', null, merged);
    expect(out.startsWith('extends: ../babel-builders.yaml\ncards:\n  # mine\n  - id: bp-03\n    name: Mine # renamed\n')).toBe(true);
    expect(card(out, 'bp-03')).toEqual({ id: 'bp-03', replace: true, type: 'blueprint', name: 'Mine', source: 'placeholder', targets: { B2: 8, B3: 3 } });
    expect(() => setCardCell(v, 'bp-03', 'targets', 'B1', null)).toThrow(/loaded/);
  });

  it('a card the variant removes is not edited', () => {
    expect(() => setCardField('extends: x.yaml\ncards:\n  - { id: a, remove: true }\n', 'a', 'count', 1)).toThrow(/removes card 'a'/);
  });

  it('a flow card list gains an item inside its brackets', () => {
    const v = 'extends: x.yaml\ncards: [ { id: a, count: 1 } ]\n';
    expect(setCardField(v, 'b', 'count', 2)).toBe('extends: x.yaml\ncards: [ { id: a, count: 1 }, { id: b, count: 2 } ]\n');
    expect(setCardField('extends: x.yaml\ncards: []\n', 'b', 'count', 2)).toBe('extends: x.yaml\ncards: [ { id: b, count: 2 } ]\n');
  });
});

describe('adding a card', () => {
  it('goes after the last card, in flow style on one line, before what follows the list', () => {
    const out = addCard(bb, { id: 'bp-new', type: 'blueprint', name: 'New: one', targets: { B2: 4 } });
    expect(card(out, 'bp-new')).toEqual({ id: 'bp-new', type: 'blueprint', name: 'New: one', targets: { B2: 4 } });
    const added = out.split('\n').filter((l) => !bb.split('\n').includes(l));
    expect(added).toEqual(['  - { id: bp-new, type: blueprint, name: "New: one", targets: { B2: 4 } }']);
    expect(() => addCard(out, { id: 'bp-new' })).toThrow(/already/);
  });
});
