// Form edits write into the YAML text: only the edited span changes; comments and every other line stay.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { EditError, setCardCell, setCardField } from '../../editor/src/yaml-edit.js';

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
    const [[, after]] = changedLines(bb, out);
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
    const [[, after]] = changedLines(bb, out);
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
    expect(() => setCardField('cards: [ { id: a\n', 'a', 'count', 1)).toThrow(/fix them in the text first/);
  });
});
