import { describe, expect, it } from 'vitest';
import { parseSource } from '../../engine/load/yaml/source.js';
import { createSchemaValidator, parseInstancePath, readablePath } from '../../engine/load/schema/schema-check.js';

const schema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'zones'],
  properties: {
    name: { type: 'string', pattern: '^[a-z]+$' },
    players: { type: 'integer', minimum: 2, maximum: 6 },
    mode: { enum: ['solo', 'coop', 'versus'] },
    zones: { type: 'object', additionalProperties: { $ref: '#/$defs/zone' } },
    items: {
      type: 'array',
      minItems: 1,
      uniqueItems: true,
      items: { oneOf: [{ $ref: '#/$defs/card' }, { $ref: '#/$defs/token' }, { type: 'string', description: 'a card name' }] },
    },
    cost: {
      anyOf: [
        { type: 'integer', minimum: 0 },
        { type: 'object', properties: { min: { type: 'integer' }, max: { type: 'integer' } }, additionalProperties: false, required: ['min'] },
      ],
    },
    either: { oneOf: [{ type: 'integer' }, { type: 'number', minimum: 0 }] },
    tags: { type: 'object', propertyNames: { pattern: '^[a-z]+$' } },
    'a/b': { type: 'integer' },
  },
  $defs: {
    zone: {
      type: 'object',
      properties: { size: { type: 'integer' }, visible: { type: 'boolean' }, order: { type: 'string' } },
      additionalProperties: false,
    },
    card: {
      type: 'object',
      description: 'a card',
      properties: { kind: { const: 'card' }, count: { type: 'integer', minimum: 1 }, text: { type: 'string' } },
      required: ['kind'],
      additionalProperties: false,
    },
    token: {
      type: 'object',
      title: 'a token',
      properties: { kind: { const: 'token' }, n: { type: 'integer' } },
      required: ['kind'],
      additionalProperties: false,
    },
  },
};

const validate = createSchemaValidator(schema);

function check(text: string) {
  const p = parseSource('s.yaml', text);
  expect(p.diagnostics).toEqual([]);
  return validate(p.value, p.map).map((d) => `${d.file}:${d.line}:${d.col}: ${d.message}`);
}

describe('createSchemaValidator', () => {
  it('accepts a valid document', () => {
    expect(check('name: abc\nzones:\n  hand: {size: 3}\nitems: [{kind: card, count: 2}, {kind: token}, x]\ncost: 2\n')).toEqual([]);
  });

  it('points at an unknown key, with did-you-mean or the list of allowed keys', () => {
    expect(check('name: abc\nzones:\n  hand:\n    sizee: 3\n    colour: red\nzonez: 1\n')).toEqual([
      "s.yaml:4:5: unknown key 'sizee' in zones.hand (did you mean 'size'?)",
      "s.yaml:5:5: unknown key 'colour' in zones.hand; allowed keys: size, visible, order",
      "s.yaml:6:1: unknown key 'zonez' at the top level (did you mean 'zones'?)",
    ]);
  });

  it('reports a wrong type at the value, describing the value', () => {
    expect(check('name: abc\nzones:\n  hand:\n    visible: yes\n    size: "3"\nplayers: many\n')).toEqual([
      "s.yaml:4:14: zones.hand.visible: expected true or false, got 'yes'",
      "s.yaml:5:11: zones.hand.size: expected an integer, got '3'",
      "s.yaml:6:10: players: expected an integer, got 'many'",
    ]);
  });

  it('reports enum mismatches with a suggestion, and number limits and patterns', () => {
    expect(check('name: Foo Bar\nzones: {}\nmode: coopp\nplayers: 7\n')).toEqual([
      "s.yaml:1:7: name: 'Foo Bar' does not match the pattern ^[a-z]+$",
      "s.yaml:3:7: mode: 'coopp' is not one of solo, coop, versus (did you mean 'coop'?)",
      "s.yaml:4:10: players: must be at most 6, got 7",
    ]);
  });

  it('reports a missing required key at the mapping that lacks it', () => {
    expect(check('players: 3\n')).toEqual([
      "s.yaml:1:1: missing required key 'name' at the top level",
      "s.yaml:1:1: missing required key 'zones' at the top level",
    ]);
    expect(check('name: abc\nzones: {}\nitems:\n  - count: 2\n')).toEqual([
      // every branch fails; the card branch got furthest (one error, not two)
      "s.yaml:4:5: missing required key 'kind' in items[0]",
    ]);
    expect(check('name: abc\nzones: {}\ncost:\n  max: 3\n')).toEqual(["s.yaml:3:1: missing required key 'min' in cost"]);
  });

  it('reduces oneOf/anyOf noise to the branch that got furthest', () => {
    const text = [
      'name: abc',
      'zones: {}',
      'items:',
      '  - kind: card', // 4
      '    count: x', // 5
      '  - 5', // 6
      '  - kind: crad', // 7
      '  - kind: token', // 8
      '    n: 1',
      '    extra: 2', // 10
      '  - {kind: card, count: 0}', // 11
      'cost: {min: x}', // 12
      'either: -1.5', // 13
      '',
    ].join('\n');
    expect(check(text)).toEqual([
      "s.yaml:5:12: items[0].count: expected an integer, got 'x'",
      's.yaml:6:5: items[1]: expected one of: a card, a token, a card name; got 5',
      "s.yaml:7:11: items[2].kind: 'crad' is not one of card, token (did you mean 'card'?)",
      "s.yaml:10:5: unknown key 'extra' in items[3]; allowed keys: kind, n",
      's.yaml:11:25: items[4].count: must be at least 1, got 0',
      "s.yaml:12:13: cost.min: expected an integer, got 'x'",
      's.yaml:13:9: either: must be at least 0, got -1.5',
    ]);
  });

  it('says when a value matches more than one oneOf branch', () => {
    expect(check('name: abc\nzones: {}\neither: 3\n')).toEqual([
      "s.yaml:3:9: either: matches more than one of the allowed forms (an integer and a number); it must match exactly one",
    ]);
  });

  it('reports duplicates, list sizes and key names', () => {
    expect(check('name: abc\nzones: {}\nitems: []\ntags: {ok: 1, Bad: 2}\n')).toEqual([
      's.yaml:3:8: items: expected at least 1 item, got 0',
      "s.yaml:4:15: invalid key 'Bad' in tags: 'Bad' does not match the pattern ^[a-z]+$",
    ]);
    expect(check('name: abc\nzones: {}\nitems:\n  - x\n  - y\n  - x\n')).toEqual([
      's.yaml:6:5: items[2]: duplicate item, the same as the one at line 4',
    ]);
  });

  it('handles keys with a slash in the JSON pointer', () => {
    expect(check('name: abc\nzones: {}\na/b: x\n')).toEqual([`s.yaml:3:6: ["a/b"]: expected an integer, got 'x'`]);
  });

  it('validates many times with one compiled schema and reports nothing twice', () => {
    const p = parseSource('s.yaml', 'name: abc\nzones: {}\nmode: x\n');
    const a = validate(p.value, p.map);
    const b = validate(p.value, p.map);
    expect(a).toEqual(b);
    expect(a).toHaveLength(1);
    expect(a[0]).toEqual({ file: 's.yaml', line: 3, col: 7, severity: 'error', message: "mode: 'x' is not one of solo, coop, versus" });
  });

  it('works with a schema that has an $id', () => {
    const v = createSchemaValidator({
      $id: 'https://example.com/test.schema.json',
      type: 'object',
      properties: { a: { oneOf: [{ $ref: '#/$defs/n' }, { type: 'string' }] } },
      $defs: { n: { type: 'object', properties: { n: { type: 'integer' } }, additionalProperties: false } },
    });
    const p = parseSource('i.yaml', 'a:\n  n: x\n');
    expect(v(p.value, p.map).map((d) => `${d.line}:${d.col}: ${d.message}`)).toEqual(["2:6: a.n: expected an integer, got 'x'"]);
  });
});

describe('nested and recursive combinators', () => {
  const rules = createSchemaValidator({
    type: 'object',
    properties: { rule: { $ref: '#/$defs/rule' } },
    $defs: {
      rule: {
        oneOf: [
          {
            type: 'object',
            properties: {
              do: { const: 'move' },
              to: {
                oneOf: [
                  { type: 'string' },
                  { type: 'object', properties: { zone: { type: 'string' } }, required: ['zone'], additionalProperties: false },
                ],
              },
            },
            required: ['do', 'to'],
            additionalProperties: false,
          },
          {
            type: 'object',
            properties: { do: { const: 'seq' }, steps: { type: 'array', items: { $ref: '#/$defs/rule' } } },
            required: ['do', 'steps'],
            additionalProperties: false,
          },
        ],
      },
    },
  });

  it('keeps only the errors of the branches that apply, at every level', () => {
    const p = parseSource('r.yaml', 'rule:\n  do: seq\n  steps:\n    - do: move\n      to: {zon: x}\n    - do: mvoe\n      to: a\n');
    expect(p.diagnostics).toEqual([]);
    expect(rules(p.value, p.map).map((d) => `${d.line}:${d.col}: ${d.message}`)).toEqual([
      "5:7: missing required key 'zone' in rule.steps[0].to",
      "5:12: unknown key 'zon' in rule.steps[0].to (did you mean 'zone'?)",
      "6:11: rule.steps[1].do: 'mvoe' is not one of move, seq (did you mean 'move'?)",
    ]);
  });
});

describe('path helpers', () => {
  it('decodes JSON pointers', () => {
    expect(parseInstancePath('/a~1b/0/c~0d', { 'a/b': [{}] })).toEqual(['a/b', 0, 'c~d']);
    expect(parseInstancePath('/m/0', { m: { '0': 1 } })).toEqual(['m', '0']);
  });

  it('renders readable paths', () => {
    expect(readablePath(['zones', 'hand', 'size'])).toBe('zones.hand.size');
    expect(readablePath(['items', 2, 'kind'])).toBe('items[2].kind');
    expect(readablePath(['map', 'a b'])).toBe('map["a b"]');
  });
});
