import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parse, stringify } from 'yaml';
import { parseSource, scalarPos, type ParsedSource } from '../../engine/load/yaml/source.js';

type Where = { line: number; col: number; message: string; severity?: string };

function diags(p: ParsedSource): Where[] {
  return p.diagnostics.map((d) => ({ line: d.line, col: d.col, message: d.message, severity: d.severity }));
}

describe('parseSource: plain values', () => {
  it('builds plain objects, arrays and scalars', () => {
    const p = parseSource('ok.yaml', 'name: x\ncount: 3\nflag: true\nnothing: ~\nlist: [1, "two", 3.5]\n');
    expect(p.diagnostics).toEqual([]);
    expect(p.value).toEqual({ name: 'x', count: 3, flag: true, nothing: null, list: [1, 'two', 3.5] });
    expect(Object.getPrototypeOf(p.value)).toBe(Object.prototype);
  });

  it('keeps the source text of number and boolean keys', () => {
    const p = parseSource('k.yaml', '1.50: a\ntrue: b\n007: c\n"q": d\n');
    expect(p.diagnostics).toEqual([]);
    expect(p.value).toEqual({ '1.50': 'a', true: 'b', '007': 'c', q: 'd' });
  });

  it('an empty file is null, with no diagnostics', () => {
    expect(parseSource('e.yaml', '')).toMatchObject({ value: null, diagnostics: [] });
    expect(parseSource('e.yaml', '# only a comment\n')).toMatchObject({ value: null, diagnostics: [] });
  });
});

describe('parseSource: syntax errors', () => {
  it('reports a YAML syntax error at its line and column', () => {
    const p = parseSource('bad.yaml', 'a: 1\nb: [1, 2\nc: 3\n');
    expect(diags(p)).toEqual([
      { line: 3, col: 1, severity: 'error', message: 'flow sequence in block collection must be sufficiently indented and end with a ]' },
    ]);
    expect(p.diagnostics[0]?.file).toBe('bad.yaml');
  });

  it('reports all syntax errors, not just the first', () => {
    const p = parseSource('bad.yaml', 'k: 1\n\tq: 2\nm: [\n');
    expect(diags(p)).toEqual([
      { line: 2, col: 1, severity: 'error', message: 'tabs are not allowed as indentation' },
      { line: 4, col: 1, severity: 'error', message: 'flow sequence in block collection must be sufficiently indented and end with a ]' },
    ]);
  });

  it('reports an unresolved tag as a warning', () => {
    const p = parseSource('t.yaml', 'a: 1\nb: !custom x\n');
    expect(diags(p)).toEqual([{ line: 2, col: 4, severity: 'warning', message: 'unresolved tag: !custom' }]);
    expect(p.value).toEqual({ a: 1, b: 'x' });
  });
});

describe('parseSource: keys', () => {
  it('reports a duplicate key at the second occurrence and keeps the first value', () => {
    const p = parseSource('dup.yaml', 'a: 1\nb:\n  x: 1\n  y: 2\n  x: 3\na: 4\n');
    expect(diags(p)).toEqual([
      { line: 5, col: 3, severity: 'error', message: "duplicate key 'x' (first defined at line 3)" },
      { line: 6, col: 1, severity: 'error', message: "duplicate key 'a' (first defined at line 1)" },
    ]);
    expect(p.value).toEqual({ a: 1, b: { x: 1, y: 2 } });
  });

  it('treats keys that differ only as written (1 vs "1") as duplicates', () => {
    const p = parseSource('dup.yaml', '1: a\n"1": b\n');
    expect(diags(p)).toEqual([{ line: 2, col: 1, severity: 'error', message: "duplicate key '1' (first defined at line 1)" }]);
  });

  it('rejects __proto__, constructor and prototype keys without polluting prototypes', () => {
    const p = parseSource('proto.yaml', '__proto__: {polluted: 1}\nok: 1\nnested:\n  constructor: {prototype: {polluted: 2}}\n  prototype: 3\n');
    expect(diags(p)).toEqual([
      { line: 1, col: 1, severity: 'error', message: "key '__proto__' is not allowed" },
      { line: 4, col: 3, severity: 'error', message: "key 'constructor' is not allowed" },
      { line: 4, col: 17, severity: 'error', message: "key 'prototype' is not allowed" },
      { line: 5, col: 3, severity: 'error', message: "key 'prototype' is not allowed" },
    ]);
    expect(p.value).toEqual({ ok: 1, nested: {} });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(p.value)).toBe(Object.prototype);
    expect(Object.keys(p.value as object)).toEqual(['ok', 'nested']);
  });

  it('rejects mappings, lists and empty keys', () => {
    const p = parseSource('keys.yaml', 'ok: 1\n[1, 2]: a\n{x: 1}: b\n? \n: c\n');
    expect(diags(p)).toEqual([
      { line: 2, col: 1, severity: 'error', message: 'a list cannot be used as a key' },
      { line: 3, col: 1, severity: 'error', message: 'a mapping cannot be used as a key' },
      { line: 4, col: 1, severity: 'error', message: 'missing key' },
    ]);
    expect(p.value).toEqual({ ok: 1 });
  });
});

describe('parseSource: documents and aliases', () => {
  it('reports a second document at its start', () => {
    const p = parseSource('multi.yaml', 'a: 1\n---\nb: 2\n');
    expect(diags(p)).toEqual([
      { line: 2, col: 1, severity: 'error', message: 'only one YAML document is allowed per file; a second one starts here' },
    ]);
    expect(p.value).toEqual({ a: 1 });
  });

  it('resolves aliases to copies of the anchored value', () => {
    const p = parseSource('alias.yaml', 'base: &b {x: 1, y: [1, 2]}\nuse: *b\n');
    expect(p.diagnostics).toEqual([]);
    const v = p.value as { base: unknown; use: unknown };
    expect(v.use).toEqual({ x: 1, y: [1, 2] });
    expect(v.use).not.toBe(v.base);
    // Inside an alias, positions are those of the anchored node.
    expect(p.map.valuePos(['use'])).toEqual({ file: 'alias.yaml', line: 2, col: 6 });
    expect(p.map.valuePos(['use', 'y', 1])).toEqual({ file: 'alias.yaml', line: 1, col: 24 });
  });

  it('reports unknown anchors (with a suggestion) and self-containing aliases', () => {
    const p = parseSource('alias.yaml', 'a: &cost 1\nb: *csot\nself: &s [1, *s]\n');
    expect(diags(p)).toEqual([
      {
        line: 2,
        col: 4,
        severity: 'error',
        message: "unknown anchor '&csot' (did you mean 'cost'?); an alias must refer to an anchor defined earlier in the file",
      },
      { line: 3, col: 14, severity: 'error', message: "alias '*s' refers to a node that contains it" },
    ]);
  });
});

describe('parseSource: hostile input', () => {
  it('stops a billion-laughs alias bomb quickly, with an error at the alias', () => {
    let text = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n';
    const names = 'abcdefghi';
    for (let i = 1; i < names.length; i++) {
      const p = names[i - 1];
      text += `${names[i]}: &${names[i]} [${Array(9).fill(`*${p}`).join(',')}]\n`;
    }
    const t0 = Date.now();
    const p = parseSource('bomb.yaml', text);
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(p.value).toBeUndefined();
    expect(diags(p)).toEqual([{ line: 6, col: 8, severity: 'error', message: "alias '*e' expands the document to more than 100000 values" }]);
  });

  it('honours a smaller maxNodes limit', () => {
    const p = parseSource('n.yaml', 'a: &a [1, 2, 3]\nb: [*a, *a, *a]\n', { maxNodes: 10 });
    expect(diags(p)).toEqual([{ line: 2, col: 9, severity: 'error', message: "alias '*a' expands the document to more than 10 values" }]);
    expect(p.value).toBeUndefined();
  });

  it('ends 100k-deep flow nesting with a clean error at the 101st level', () => {
    const n = 100_000;
    const t0 = Date.now();
    const p = parseSource('deep.yaml', '['.repeat(n) + ']'.repeat(n));
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(p.value).toBeUndefined();
    expect(diags(p)).toEqual([{ line: 1, col: 101, severity: 'error', message: 'nesting is too deep: more than 100 levels of mappings and lists' }]);
  });

  it('ends 100k-deep unclosed flow maps and block sequences with a clean error', () => {
    const p1 = parseSource('deep.yaml', '{a: '.repeat(100_000));
    expect(diags(p1)).toEqual([{ line: 1, col: 401, severity: 'error', message: 'nesting is too deep: more than 100 levels of mappings and lists' }]);
    const p2 = parseSource('deep.yaml', '- '.repeat(100_000) + 'x');
    expect(diags(p2)).toEqual([{ line: 1, col: 201, severity: 'error', message: 'nesting is too deep: more than 100 levels of mappings and lists' }]);
  });

  it('reports block nesting deeper than maxDepth at the deep node', () => {
    const lines = Array.from({ length: 150 }, (_, i) => `${' '.repeat(i)}k${i}:`);
    const p = parseSource('deep.yaml', lines.join('\n') + ' 1\n');
    expect(diags(p)).toEqual([{ line: 101, col: 101, severity: 'error', message: 'nesting is too deep: more than 100 levels of mappings and lists' }]);
  });

  it('accepts exactly maxDepth levels and rejects one more', () => {
    const ok = parseSource('d.yaml', '['.repeat(100) + ']'.repeat(100));
    expect(ok.diagnostics).toEqual([]);
    const p = parseSource('d.yaml', 'a: ' + '['.repeat(100) + ']'.repeat(100));
    expect(diags(p)).toEqual([{ line: 1, col: 103, severity: 'error', message: 'nesting is too deep: more than 100 levels of mappings and lists' }]);
    const small = parseSource('d.yaml', 'a:\n  b:\n    c: [1]\n', { maxDepth: 3 });
    expect(diags(small)).toEqual([{ line: 3, col: 8, severity: 'error', message: 'nesting is too deep: more than 3 levels of mappings and lists' }]);
  });

  it('reports depth reached through an alias at the alias', () => {
    const text = 'a: &a ' + '['.repeat(60) + ']'.repeat(60) + '\nc: ' + '['.repeat(50) + '*a' + ']'.repeat(50) + '\n';
    const p = parseSource('deep.yaml', text);
    expect(diags(p)).toEqual([{ line: 2, col: 54, severity: 'error', message: 'nesting is too deep: more than 100 levels of mappings and lists' }]);
  });

  it('stops reading a flood of syntax errors after maxErrors of them', () => {
    // texts over the default size limit: the gate protects a caller that allows more
    for (const text of [']'.repeat(1_000_000), '[' + ','.repeat(1_000_000) + ']', '&a '.repeat(300_000) + 'x', '"" '.repeat(300_000)]) {
      const t0 = Date.now();
      const p = parseSource('flood.yaml', text, { maxBytes: 4 * 1024 * 1024 });
      expect(Date.now() - t0).toBeLessThan(5000);
      expect(p.value).toBeUndefined();
      expect(p.diagnostics).toHaveLength(101);
      expect(p.diagnostics.filter((d) => d.message === 'too many YAML errors; only the first 100 are reported')).toHaveLength(1);
    }
    const small = parseSource('flood.yaml', 'a: ]]]]\n', { maxErrors: 2 });
    expect(diags(small).map((d) => `${d.line}:${d.col}: ${d.message}`)).toEqual([
      '1:4: unexpected flow-seq-end token in YAML stream: "]"',
      '1:5: unexpected flow-seq-end token in YAML stream: "]"',
      '1:6: too many YAML errors; only the first 2 are reported',
    ]);
  });

  it('does not read past the second of many documents', () => {
    const t0 = Date.now();
    const p = parseSource('docs.yaml', '---\na: 1\n'.repeat(200_000), { maxBytes: 4 * 1024 * 1024 });
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(p.value).toEqual({ a: 1 });
    expect(diags(p)).toEqual([{ line: 3, col: 1, severity: 'error', message: 'only one YAML document is allowed per file; a second one starts here' }]);
    const afterEnd = parseSource('docs.yaml', 'a: 1\n...\nb: 2\n');
    expect(diags(afterEnd)).toEqual([{ line: 3, col: 1, severity: 'error', message: 'only one YAML document is allowed per file; a second one starts here' }]);
  });

  it('counts values, not keys, against maxNodes', () => {
    const pairs = (n: number) => `{${Array.from({ length: n }, (_, i) => `k${i}: ${i}`).join(', ')}}`;
    expect(parseSource('v.yaml', pairs(9), { maxNodes: 10 }).diagnostics).toEqual([]);
    expect(diags(parseSource('v.yaml', pairs(10), { maxNodes: 10 }))).toEqual([
      { line: 1, col: 69, severity: 'error', message: 'the document has more than 10 values' },
    ]);
    // The list is one value, so the 1000th item is the 1001st value.
    const list = parseSource('v.yaml', `[${Array(1500).fill('*a').join(',')}]`, { maxNodes: 1000 });
    expect(diags(list)).toEqual([{ line: 1, col: 2999, severity: 'error', message: 'the document has more than 1000 values' }]);
  });

  it('rejects a 6 MiB file without parsing it', () => {
    const text = 'a: ' + 'x'.repeat(6 * 1024 * 1024 - 3);
    const p = parseSource('big.yaml', text);
    expect(p.value).toBeUndefined();
    expect(p.diagnostics).toEqual([
      { file: 'big.yaml', line: 1, col: 1, severity: 'error', message: 'file is 6 MiB, larger than the 512 KiB limit' },
    ]);
  });

  it('counts the size in UTF-8 bytes and honours a custom maxBytes', () => {
    const p = parseSource('s.yaml', 'a: ' + 'é'.repeat(600), { maxBytes: 1024 });
    expect(diags(p)).toEqual([{ line: 1, col: 1, severity: 'error', message: 'file is 1.2 KiB, larger than the 1 KiB limit' }]);
  });

  it('never throws on arbitrary text, and every diagnostic has a sane position', () => {
    const yamlish = fc
      .array(
        fc.constantFrom('a', 'b', ':', ' ', '  ', '\n', '-', '[', ']', '{', '}', ',', '"', "'", '&x', '*x', '!', '#', '|', '>', '?', '\t', '__proto__', '---', '\\'),
        { maxLength: 80 },
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.oneof(yamlish, fc.string({ maxLength: 80 })), (text) => {
        const p = parseSource('f.yaml', text);
        const lines = text.split('\n');
        for (const d of p.diagnostics) {
          expect(d.file).toBe('f.yaml');
          expect(d.line).toBeGreaterThanOrEqual(1);
          expect(d.line).toBeLessThanOrEqual(lines.length + 1);
          expect(d.col).toBeGreaterThanOrEqual(1);
          expect(d.message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('never mistakes valid YAML for an error flood (gate with maxErrors: 0)', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom('a: b', '- x', '[1, 2]', '{k: v}', "it's", 'two\nlines\n', '  lead', 'trail  ', '#hash', '&amp', '*star', '!bang', '"q"', '', 'null', '1.5', 'x: |', '---', '...', '%p'),
    );
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, text, fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null), tie('list'), tie('map')),
      list: fc.array(tie('node'), { maxLength: 4 }),
      map: fc.dictionary(text.filter((k) => !['__proto__', 'constructor', 'prototype'].includes(k)), tie('node'), { maxKeys: 4 }),
    })).node;
    const layouts = [{}, { indent: 4 }, { indentSeq: false }, { collectionStyle: 'flow' as const }, { defaultStringType: 'QUOTE_DOUBLE' as const }, { defaultStringType: 'BLOCK_LITERAL' as const }, { defaultStringType: 'QUOTE_SINGLE' as const, defaultKeyType: 'PLAIN' as const }];
    fc.assert(
      fc.property(value, fc.nat(layouts.length - 1), fc.boolean(), (v, layout, share) => {
        // Shared sub-objects become anchors and aliases.
        const doc = share && v && typeof v === 'object' ? { first: v, again: v } : v;
        const src = stringify(doc, layouts[layout]);
        const p = parseSource('v.yaml', src, { maxErrors: 0 });
        expect(p.diagnostics).toEqual([]);
        // The YAML library itself is the reference (its stringify does not always round-trip).
        expect(p.value).toEqual(parse(src));
      }),
      { numRuns: 1500 },
    );
  });

  it('never counts more values than the document has (gate vs maxNodes)', () => {
    const countValues = (v: unknown): number =>
      Array.isArray(v) ? 1 + v.reduce((n: number, x) => n + countValues(x), 0) : v && typeof v === 'object' ? 1 + Object.values(v).reduce((n: number, x) => n + countValues(x), 0) : 1;
    const key = fc.constantFrom('a', 'b c', '1', 'x: y', '- z', '');
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, fc.constantFrom('s', 1, null, true, 'multi\nline\n', '[x]'), tie('list'), tie('map')),
      list: fc.array(tie('node'), { maxLength: 4 }),
      map: fc.dictionary(key, tie('node'), { maxKeys: 4 }),
    })).node;
    const layouts = [{}, { indentSeq: false }, { collectionStyle: 'flow' as const }, { defaultStringType: 'BLOCK_LITERAL' as const }];
    fc.assert(
      fc.property(value, fc.nat(layouts.length - 1), (v, layout) => {
        const src = stringify(v, layouts[layout]);
        const n = countValues(parse(src));
        expect(parseSource('n.yaml', src, { maxNodes: n }).diagnostics).toEqual([]);
        if (n > 1) {
          const over = parseSource('n.yaml', src, { maxNodes: n - 1 });
          expect(over.diagnostics.map((d) => d.message)).toEqual([`the document has more than ${n - 1} values`]);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('agrees with the true depth of generated documents in every layout', () => {
    const depthOf = (v: unknown): number =>
      Array.isArray(v) ? 1 + Math.max(0, ...v.map(depthOf)) : v && typeof v === 'object' ? 1 + Math.max(0, ...Object.values(v).map(depthOf)) : 0;
    const nest = (depth: number, shape: number[]): unknown => {
      let v: unknown = 'leaf';
      for (let i = 0; i < depth; i++) {
        const s = shape[i % shape.length];
        v = s === 0 ? [v] : s === 1 ? { k: v } : s === 2 ? ['x', v, { y: 1 }] : { a: 1, 'b c': v };
      }
      return v;
    };
    const layouts = [{}, { indent: 4 }, { indentSeq: false }, { collectionStyle: 'flow' as const }, { indent: 3, indentSeq: false }];
    fc.assert(
      fc.property(fc.integer({ min: 95, max: 106 }), fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 5 }), fc.nat(4), (depth, shape, layout) => {
        const v = nest(depth, shape);
        const p = parseSource('g.yaml', stringify(v, layouts[layout]));
        if (depthOf(v) <= 100) {
          expect(p.diagnostics).toEqual([]);
          expect(p.value).toEqual(v);
        } else {
          expect(p.diagnostics.map((d) => d.message)).toEqual(['nesting is too deep: more than 100 levels of mappings and lists']);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('SourceMap', () => {
  const text = ['game:', '  name: Test', '  zones:', '    - id: hand', '      size: 5', '    - id: deck', '  empty:', 'tail: [1, {x: 2}]', ''].join('\n');
  const p = parseSource('m.yaml', text);

  it('gives value and key positions', () => {
    expect(p.diagnostics).toEqual([]);
    expect(p.map.valuePos(['game', 'name'])).toEqual({ file: 'm.yaml', line: 2, col: 9 });
    expect(p.map.keyPos(['game', 'name'])).toEqual({ file: 'm.yaml', line: 2, col: 3 });
    expect(p.map.valuePos(['game', 'zones', 1])).toEqual({ file: 'm.yaml', line: 6, col: 7 });
    expect(p.map.keyPos(['game', 'zones', 1])).toEqual({ file: 'm.yaml', line: 6, col: 7 });
    expect(p.map.valuePos(['game', 'zones', '0', 'size'])).toEqual({ file: 'm.yaml', line: 5, col: 13 });
    expect(p.map.valuePos(['tail', 1, 'x'])).toEqual({ file: 'm.yaml', line: 8, col: 15 });
    expect(p.map.valuePos([])).toEqual({ file: 'm.yaml', line: 1, col: 1 });
  });

  it('points an empty value at its key', () => {
    expect(p.map.valuePos(['game', 'empty'])).toEqual({ file: 'm.yaml', line: 7, col: 3 });
  });

  it('falls back to the nearest existing ancestor', () => {
    expect(p.map.valuePos(['game', 'zones', 1, 'size'])).toEqual({ file: 'm.yaml', line: 6, col: 7 });
    expect(p.map.keyPos(['game', 'nope'])).toEqual({ file: 'm.yaml', line: 2, col: 3 });
    expect(p.map.valuePos(['tail', 7])).toEqual({ file: 'm.yaml', line: 8, col: 7 });
  });

  it('gives the exact column of a character inside string scalars', () => {
    const s = parseSource(
      's.yaml',
      ['plain: hello world', 'dq: "a\\tb\\u00e9c"', "sq: 'it''s x'", 'block: |', '  line one', '  line two', 'folded: >', '  first', '  second', ''].join('\n'),
    );
    expect(s.value).toMatchObject({ plain: 'hello world', dq: 'a\tbéc', sq: "it's x", block: 'line one\nline two\n', folded: 'first second\n' });
    expect(scalarPos(s.map, ['plain'], 6)).toEqual({ file: 's.yaml', line: 1, col: 14 });
    expect(scalarPos(s.map, ['dq'], 0)).toEqual({ file: 's.yaml', line: 2, col: 6 });
    expect(scalarPos(s.map, ['dq'], 3)).toEqual({ file: 's.yaml', line: 2, col: 10 });
    expect(scalarPos(s.map, ['dq'], 4)).toEqual({ file: 's.yaml', line: 2, col: 16 });
    expect(scalarPos(s.map, ['sq'], 3)).toEqual({ file: 's.yaml', line: 3, col: 10 });
    expect(scalarPos(s.map, ['block'], 12)).toEqual({ file: 's.yaml', line: 6, col: 6 });
    expect(scalarPos(s.map, ['folded'], 6)).toEqual({ file: 's.yaml', line: 9, col: 3 });
    // Not a string: falls back to the value position.
    expect(scalarPos(p.map, ['tail'], 3)).toEqual({ file: 'm.yaml', line: 8, col: 7 });
  });
});
