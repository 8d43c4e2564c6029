// CSV as spreadsheets write it: quotes, doubled quotes, line breaks in cells, CRLF, a BOM, semicolons.
import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, parseCsv, writeCsv } from '../../edit/csv.js';
import { cellOf, readCell } from '../../edit/cards-csv.js';

describe('CSV', () => {
  it('reads quoted cells, doubled quotes, line breaks inside a cell, CRLF and a BOM, numbering rows as a spreadsheet', () => {
    const rows = parseCsv('\ufeffid,name,text\r\na,"Storm, ""big""","two\r\nlines"\r\n\r\nb,,\r\n');
    expect(rows).toEqual([
      { row: 1, cells: ['id', 'name', 'text'] },
      { row: 2, cells: ['a', 'Storm, "big"', 'two\r\nlines'] },
      { row: 4, cells: ['b', '', ''] },
    ]);
  });

  it('tells the separator from the header: semicolons and tabs too', () => {
    expect(parseCsv('id;name\na;"x;y"\n')[1]!.cells).toEqual(['a', 'x;y']);
    expect(parseCsv('id\tname\na\tb, c\n')[1]!.cells).toEqual(['a', 'b, c']);
  });

  it('writes what it reads', () => {
    const rows = [['id', 'name'], ['a', 'Storm, "big"'], ['b', ' padded '], ['c', 'two\nlines'], ['d', '']];
    expect(parseCsv(writeCsv(rows)).map((r) => r.cells)).toEqual(rows);
  });

  it('locates what is malformed', () => {
    const err = (s: string) => { try { parseCsv(s); } catch (e) { return e as CsvSyntaxError; } throw new Error('no error'); };
    expect(err('id,name\na,b"c\n')).toMatchObject({ row: 2, col: 2 });
    expect(err('id,name\na,"b"c\n')).toMatchObject({ row: 2, col: 2 });
    expect(err('id,name\na,b\nc,"open\n')).toMatchObject({ row: 3, col: 2 });
  });
});

describe('cells', () => {
  it('lists and counts without their brackets, read back with or without them', () => {
    expect(cellOf(['ore', 'clay'], 'list')).toBe('ore, clay');
    expect(cellOf({ stone: 2, ore: 1 }, 'map')).toBe('stone: 2, ore: 1');
    expect(cellOf([], 'list')).toBe('[]');
    expect(readCell('ore, clay', 'list')).toEqual({ v: ['ore', 'clay'] });
    expect(readCell('[ore, clay]', 'list')).toEqual({ v: ['ore', 'clay'] });
    expect(readCell('"a, b", c', 'list')).toEqual({ v: ['a, b', 'c'] });
    expect(readCell('stone: 2, ore: 1', 'map')).toEqual({ v: { stone: 2, ore: 1 } });
    expect(readCell('[{ quantity: tax, add: 1 }]', 'value')).toEqual({ v: [{ quantity: 'tax', add: 1 }] });
    expect(readCell('TRUE', 'bool')).toEqual({ v: true });
    expect(readCell('', 'number')).toEqual({ v: undefined });
  });

  it('refuses aliases, prototype keys and tags in a cell', () => {
    expect(readCell('__proto__: 1', 'map')).toMatchObject({ error: expect.stringContaining("'__proto__' cannot be a key") });
    expect(readCell('[&a x, *a]', 'list')).toMatchObject({ error: expect.stringContaining('aliases') });
    expect(readCell('!!binary abc', 'value')).toMatchObject({ error: expect.stringContaining('tag') });
  });
});
