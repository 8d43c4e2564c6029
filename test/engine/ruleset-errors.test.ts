// Semantic errors of each kind, on a small ruleset, each at its line and column; and the step limit.

import { describe, expect, it } from 'vitest';
import { loadRulesetText } from '../../engine/load/index.js';
import { formatDiagnostic } from '../../engine/load/diagnostics.js';
import { newGame } from '../../engine/flow.js';
import { playout } from '../../engine/sim/playout.js';

/** A tiny but complete card game: deal, everyone plays a card, most points wins. */
const BASE = `id: tiny
name: Tiny
players: { min: 2, max: 4 }
options:
  - { id: handSize, type: number, default: 2 }
tables:
  - id: bonus
    key: players
    rows:
      - { id: p2, players: 2, extra: 1 }
      - { id: p3, players: 3, extra: 0 }
      - { id: p4, players: 4, extra: 0 }
teams:
  - { id: all, name: Everyone, objective: "count(played)" }
roles:
  - { id: player, team: all }
cardTypes:
  - id: number
    fields: { value: number }
cards:
  - { id: one, type: number, value: 1, count: 4 }
  - { id: two, type: number, value: 2, count: 4 }
zones:
  - { id: box, visibility: public }
  - { id: deck, visibility: nobody }
  - { id: hand, per: player, visibility: owner }
  - { id: played, visibility: public }
vars:
  - { id: turn, type: number, default: 0 }
endings:
  - { id: done, winner: all }
setup:
  - move: { from: box, to: deck }
  - shuffle: deck
  - forEach: players
    as: p
    do:
      - setRole: { player: $p, role: player }
  - deal: { from: deck, to: hand, count: handSize }
phases:
  - id: main
    repeat: true
    steps:
      - id: play
        forEach: players
        as: p
        steps:
          - id: pick
            prompt:
              player: $p
              choose: cards
              from: "hand[$p]"
              as: card
            do:
              - move: { cards: $card, to: played }
      - id: finish
        do:
          - set: { turn: "turn + 1" }
          - log: "Turn {turn}; the bonus table gives {bonus[playerCount].extra}."
          - if: "turn >= handSize"
            then:
              - end: done
`;

function load(text: string) {
  return loadRulesetText('tiny.yaml', text);
}

function errorsOf(text: string): string[] {
  const r = load(text);
  expect(r.game).toBeUndefined();
  return r.diagnostics.map(formatDiagnostic);
}

function at(text: string, needle: string, nth = 0): string {
  let i = -1;
  for (let k = 0; k <= nth; k++) i = text.indexOf(needle, i + 1);
  if (i < 0) throw new Error(`'${needle}' not found`);
  const before = text.slice(0, i);
  return `tiny.yaml:${before.split('\n').length}:${i - before.lastIndexOf('\n')}`;
}

describe('the tiny ruleset', () => {
  it('loads and plays to its ending', () => {
    const r = load(BASE);
    expect(r.diagnostics.map(formatDiagnostic)).toEqual([]);
    const res = playout(r.game!, { players: 3, seed: 1, bot: 'random' });
    expect(res).toMatchObject({ ending: 'done', outcome: 'all', truncated: false });
  });
});

describe('semantic errors, each at its line and column', () => {
  const cases: [string, string, string, RegExp][] = [
    ['unknown zone in an effect', 'to: played }', 'to: playd }', /unknown name 'playd' \(did you mean 'played'\?\)/],
    ['unknown card type', 'type: number, value: 1', 'type: numbr, value: 1', /unknown card type 'numbr' \(did you mean 'number'\?\)/],
    ['unknown option in an expression', 'count: handSize }', 'count: handSise }', /unknown name 'handSise' \(did you mean 'handSize'\?\)/],
    ['unknown ending', 'end: done', 'end: don', /unknown ending 'don' \(did you mean 'done'\?\)/],
    ['unknown role', 'role: player }', 'role: playr }', /playr/],
    ['unknown variable in set', 'set: { turn: "turn + 1" }', 'set: { trun: "turn + 1" }', /unknown variable 'trun' \(did you mean 'turn'\?\)/],
    ['expression of the wrong type', 'if: "turn >= handSize"', 'if: "turn + handSize"', /expected a yes\/no condition, but this is a number/],
    ['comparing different types', 'if: "turn >= handSize"', 'if: "turn == played"', /cannot compare a number with a list of cards/],
    ['unknown card field', 'objective: "count(played)"', 'objective: "sum(played, it.valeu)"', /no card type has a field 'valeu' \(did you mean 'value'\?\)/],
    ['unbound binding', 'cards: $card, to', 'cards: $crd, to', /'\$crd' is not bound here \(did you mean '\$card'\?\)/],
    ['per-player zone without its player', 'from: "hand[$p]"', 'from: "hand"', /zone 'hand' without its player index/],
    ['unknown step kind key', '            prompt:', '            promt:', /promt/],
    ['unknown team for a role', '{ id: player, team: all }', '{ id: player, team: al }', /unknown team 'al' \(did you mean 'all'\?\)/],
    ['unknown column of a table', 'count: handSize }', 'count: "bonus[playerCount].extr" }', /no column 'extr' \(did you mean 'extra'\?\)/],
    ['duplicate id', "- { id: two, type: number, value: 2, count: 4 }", "- { id: one, type: number, value: 2, count: 4 }", /duplicate id 'one'/],
  ];
  for (const [name, from, to, re] of cases) {
    it(name, () => {
      expect(BASE.includes(from), from).toBe(true);
      const text = BASE.replace(from, to);
      const errs = errorsOf(text);
      const hit = errs.find((e) => re.test(e));
      expect(hit, errs.join('\n')).toBeDefined();
      // the error points at the line that was changed
      const [file, line] = hit!.split(':');
      expect(file).toBe('tiny.yaml');
      expect(Number(line)).toBe(Number(at(text, to).split(':')[1]));
    });
  }

  it('checks a text compared with a card field against what that field holds', () => {
    // 'numbe' is one letter from the card type 'number', but it is compared with the field kind, which holds it
    const withKind = BASE.replace('fields: { value: number }', 'fields: { value: number, kind: { type: string, default: plain } }')
      .replace('- { id: two, type: number, value: 2, count: 4 }', '- { id: two, type: number, value: 2, count: 4, kind: numbe }');
    const ok = withKind.replace('if: "turn >= handSize"', `if: "turn >= handSize or any(played, it.kind == 'numbe')"`);
    expect(load(ok).diagnostics.map(formatDiagnostic)).toEqual([]);
    // a value no card holds is still caught, with the value it was probably meant to be
    const typo = withKind.replace('if: "turn >= handSize"', `if: "turn >= handSize or any(played, it.kind == 'plian')"`);
    expect(errorsOf(typo)).toContain(`${at(typo, "'plian'")}: error: 'plian' is not the kind of any card (did you mean 'plain'?)`);
    // a text compared with anything else is free: a string variable may hold 'numbe'
    const free = BASE.replace('if: "turn >= handSize"', `if: "turn >= handSize or 'numbr' == 'numbe'"`);
    expect(load(free).diagnostics.map(formatDiagnostic)).toEqual([]);
  });

  it('a table column that only some rows have is an error at those rows, in a variant at the variant line', () => {
    const typo = BASE.replace('{ id: p3, players: 3, extra: 0 }', '{ id: p3, players: 3, extra: 0, extar: 1 }');
    // at the value of the stray column
    expect(errorsOf(typo)).toContain(`${at(typo, '1 }', 1)}: error: column 'extar' is in only 1 of the 3 rows (did you mean 'extra'?)`);
    const missing = BASE.replace('{ id: p4, players: 4, extra: 0 }', '{ id: p4, players: 4 }');
    expect(errorsOf(missing)).toContain(`${at(missing, '{ id: p4')}: error: row "4" has no 'extra' (the other rows have it)`);
    // a variant row merged by id into the base keeps the base's columns: its misspelt one is reported at the variant
    const variant = 'extends: tiny.yaml\nid: tiny-variant\ntables:\n  - id: bonus\n    rows:\n      - { id: p3, extar: 2 }\n';
    const r = loadRulesetText('variant.yaml', variant, (p) => (p === 'tiny.yaml' ? BASE : undefined));
    expect(r.game).toBeUndefined();
    expect(r.diagnostics.map(formatDiagnostic)).toContain("variant.yaml:6:26: error: column 'extar' is in only 1 of the 3 rows (did you mean 'extra'?)");
  });

  it('compiles a deeply nested index in linear work (16 levels stay far under the size limit)', () => {
    const depth = 16;
    const nested = `${'['.repeat(depth)}1${']'.repeat(depth)}${'[0]'.repeat(depth)}`;
    const text = BASE.replace('if: "turn >= handSize"', `if: "turn >= handSize or count([${nested}]) == 0"`);
    expect(load(text).diagnostics.map(formatDiagnostic)).toEqual([]);
  });

  it('reports the exact column of a misspelt name inside an expression', () => {
    const text = BASE.replace('if: "turn >= handSize"', 'if: "turn >= handSise"');
    const errs = errorsOf(text);
    expect(errs).toContain(`${at(text, 'handSise')}: error: unknown name 'handSise' (did you mean 'handSize'?); names are zones, variables, options, tables and definitions`);
  });

  it('reports all errors of a file at once, in file order', () => {
    const text = BASE.replace('to: played }', 'to: playd }').replace('end: done', 'end: don').replace('type: number, value: 1', 'type: numbr, value: 1');
    const errs = errorsOf(text);
    expect(errs.length).toBeGreaterThanOrEqual(3);
    const lines = errs.map((e) => Number(e.split(':')[1]));
    expect([...lines].sort((a, b) => a - b)).toEqual(lines);
  });

  it('rejects a definition that refers to itself', () => {
    const text = BASE.replace('endings:', 'definitions:\n  - { id: loop, value: "loop + 1" }\nendings:');
    expect(errorsOf(text).join('\n')).toMatch(/definition 'loop' refers to itself/);
  });
});

describe('games that never end or break a rule', () => {
  it('a ruleset that loops forever is stopped by the step limit, naming the step', () => {
    const text = BASE.replace('          - if: "turn >= handSize"\n            then:\n              - end: done\n', '').replace('phases:', 'limits: { steps: 5000 }\nphases:')
      .replace('            do:\n              - move: { cards: $card, to: played }', '            do:\n              - move: { cards: $card, to: played }\n              - move: { cards: $card, to: "hand[$p]" }');
    const r = load(text);
    expect(r.diagnostics.map(formatDiagnostic)).toEqual([]);
    const res = playout(r.game!, { players: 2, seed: 3, bot: 'random' });
    expect(res.truncated).toBe(true);
    expect(res.ending).toBeNull();
    expect(res.message).toMatch(/stopped after 5000 steps, looping in main\/(play|finish)/);
  });

  it('a rule broken in the set-up fails validation at its place, for each player count', () => {
    const text = BASE.replace('count: handSize }', 'count: "bonus[playerCount + 10].extra" }');
    expect(errorsOf(text)).toEqual([2, 3, 4].map((n) => `tiny.yaml:33:3: error: at ${n} players the game stops before its first decision: setup: table 'bonus' has no row with players = ${n + 10}`));
  });

  it('a rule broken while playing ends the game with a message, never an exception', () => {
    const text = BASE.replace('{bonus[playerCount].extra}', '{bonus[playerCount + 10].extra}');
    const r = load(text);
    expect(r.game).toBeDefined(); // the dry run stops at the first decision, before the broken line
    const res = playout(r.game!, { players: 2, seed: 1, bot: "random", log: true }); // a log line is worked out only when a log is kept
    expect(res.truncated).toBe(true);
    expect(res.state.ended!.message).toMatch(/main\/finish: table 'bonus' has no row with players = 12/);
  });
});
