// "ok" means it runs: rulesets that validate must play without a crash, a hang or an abort of the runtime,
// and rulesets that cannot run must fail validate at their line and column. Each case is a small reproducer
// of a hostile or careless ruleset, played through the real binary.

import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { babelkit } from './run.js';
import { smallRuleset as ruleset } from '../helpers/small-ruleset.js';

const dir = mkdtempSync(join(tmpdir(), 'babelkit-runs-'));
let n = 0;
function file(text: string): string {
  const f = join(dir, `r${++n}.yaml`);
  writeFileSync(f, text);
  return f;
}

/** validate says ok, and then every game ends (or is stopped with a message) with both bots, never a crash. */
function runsCleanly(f: string): { truncated: number; truncations: Record<string, number> }[] {
  const v = babelkit('validate', f);
  expect(v.stderr).toBe('');
  expect(v.code).toBe(0);
  return ['random', 'greedy'].map((bot) => {
    const r = babelkit('simulate', f, '--players', '2', '--games', '3', '--seed', '1', '--bot', bot, '--json');
    expect(r.stderr, `${bot}: ${r.stderr}`).not.toMatch(/TypeError|RangeError|Maximum call stack|at .*\.js:\d+|FATAL|invalid size/);
    expect(r.code, `${bot}: ${r.stderr}`).toBe(0);
    return JSON.parse(r.stdout);
  });
}

function failsAt(f: string, re: RegExp): string {
  const r = babelkit('validate', f);
  expect(r.code).toBe(1);
  expect(r.stderr).not.toMatch(/TypeError|RangeError|Maximum call stack|at .*\.js:\d+/);
  expect(r.stderr).toMatch(re);
  for (const l of r.stderr.trim().split('\n')) expect(l).toMatch(/^.+:\d+:\d+: (error|warning): /);
  return r.stderr;
}

describe('loader crashes become located errors', () => {
  for (const name of ['toString', 'valueOf', 'hasOwnProperty']) {
    it(`a card field named ${name}`, () => {
      const f = file(ruleset({ cards: `  - { id: c2, type: c, v: 1, ${name}: 1 }`, steps: '      - { id: s, do: [ { log: hi } ] }' }));
      failsAt(f, new RegExp(`card type 'c' has no field '${name}'`));
    });
  }

  it('a card field named constructor (refused by the YAML layer, like __proto__)', () => {
    const f = file(ruleset({ cards: '  - { id: c2, type: c, v: 1, constructor: 1 }', steps: '      - { id: s, do: [ { log: hi } ] }' }));
    failsAt(f, /key 'constructor' is not allowed/);
  });

  it('a card type declaring a field named toString is a field like any other', () => {
    const f = file(ruleset({ cardFields: 'toString: number', cards: '  - { id: c2, type: c, v: 1, toString: 3 }', steps: '      - { id: s, do: [ { set: { n: "sum(box, it.toString)" } } ] }' }));
    for (const r of runsCleanly(f)) expect(r.truncated).toBe(0);
  });

  it('a table keyed by valueOf whose rows lack it', () => {
    const f = file(ruleset({ extra: 'tables:\n  - id: tab\n    key: valueOf\n    rows:\n      - { id: r1, x: 1 }\n      - { id: r2, x: 2 }', steps: '      - { id: s, do: [ { log: hi } ] }' }));
    failsAt(f, /row has no 'valueOf' \(the table's key\)/);
  });

  it('3,500 negations in one expression', () => {
    const f = file(ruleset({ steps: `      - { id: s, when: "${'!'.repeat(3500)}true", do: [ { log: hi } ] }` }));
    failsAt(f, /nests deeper than/);
  });

  it('definitions whose depth adds up (two chains of 1,900 terms)', () => {
    const chain = Array(1900).fill('1').join('+'); // 3,799 characters: under the length limit
    const f = file(ruleset({ defs: `  - { id: a, value: "${chain}" }\n  - { id: b, value: "a + ${chain}" }`, steps: '      - { id: s, do: [ { set: { n: "b" } } ] }' }));
    failsAt(f, /nests deeper than|too deep|grows to more than/);
  });
});

describe('rulesets that validate then run', () => {
  it('a list field of no card (the top of an empty pile)', () => {
    const f = file(ruleset({ cardFields: 'cs: cells', zones: '  - { id: grid, grid: { columns: [A], rows: ["1"] } }', steps: '      - { id: s, do: [ { set: { n: "count(top(shown).cs) + size(first(shown).cs)" } } ] }' }));
    for (const r of runsCleanly(f)) expect(r.truncated).toBe(0);
  });

  // found by fuzzing: a heuristic naming a seat that does not exist threw out of the greedy bot
  it('a greedy heuristic that breaks a rule judges its candidate the worst, and the game goes on', () => {
    const f = file(ruleset({ steps: `      - id: pick
        prompt: { player: "player(1)", choose: options, from: "['a', 'b']", score: "count(hand[player(playerCount + 1)])" }
` }));
    const [, greedy] = runsCleanly(f);
    expect(greedy!.truncated).toBe(0);
  });

  it('a greedy bot when every candidate scores NaN, and its saved replay replays', () => {
    const f = file(ruleset({ steps: `      - id: pick
        prompt: { player: "player(1)", choose: options, from: "['a', 'b']", score: "sum(shown, it.v) / 0 * 0 + 0 / 0" }
`.replace('sum(shown, it.v) / 0 * 0 + 0 / 0', 'maxOf(shown, it.v) - minOf([], it) + abs(0 - 0) * (1 / 0)') }));
    runsCleanly(f);
    const out = join(dir, `replays-${n}`);
    const r = babelkit('simulate', f, '--players', '2', '--games', '2', '--seed', '1', '--bot', 'greedy', '--save-replay', out);
    expect(r.code, r.stderr).toBe(0);
    const rp = babelkit('replay', join(out, 'game-1.json'), '--ruleset', f);
    expect(rp.code, rp.stderr).toBe(0);
    expect(rp.stdout).toMatch(/reproduces/);
  });

  // a runaway before the first decision is found by validate itself (it sets every player count up and plays
  // to the first decision); behind a decision, it is the engine's work budget that stops the game
  const GO = `      - id: go
        prompt: { player: "player(1)", choose: options, from: "['go', 'wait']" }
`;
  it('a runaway before the first decision fails validate, at its step, for each player count', () => {
    const f = file(ruleset({ steps: '      - { id: s, do: [ { move: { from: box, to: pile, count: 1000000000000, refill: pile } } ] }' }));
    const err = failsAt(f, /r\d+\.yaml:\d+:9: error: at 2 players the game stops before its first decision: main\/s: .*(moved|work|passes)/);
    expect(err).toMatch(/at 3 players the game stops before its first decision/);
  });

  it('a move of a huge count refilled from its own destination is stopped with a message', () => {
    // a tenth of the default step work: it stops the same way, sooner
    const f = file(ruleset({ extra: 'limits: { work: 5000000 }', steps: GO + '      - { id: s, do: [ { move: { from: box, to: pile, count: 1000000000000, refill: pile } } ] }' }));
    const [a] = runsCleanly(f);
    expect(a!.truncated).toBe(3);
    expect(Object.keys(a!.truncations).join()).toMatch(/main\/s: .*(moved|work|passes)/);
  });

  it('a list nested twelve levels deep is stopped with a message, not an abort of the runtime', () => {
    let e = 'box';
    for (let i = 0; i < 12; i++) e = `flatten([1, 2, 3, 4, 5, 6, 7, 8], ${e})`;
    const f = file(ruleset({ steps: GO + `      - { id: s, do: [ { set: { n: "count(${e})" } } ] }` }));
    const [a] = runsCleanly(f);
    expect(a!.truncated).toBe(3);
    expect(Object.keys(a!.truncations).join()).toMatch(/main\/s: .*list grew past/);
  });

  it('limits.steps of 1e12 is refused at its line', () => {
    const f = file(ruleset({ extra: 'limits: { steps: 1000000000000 }', steps: '      - { id: s, do: [ { log: hi } ] }' }));
    failsAt(f, /steps/);
  });

  it('a grid of 100×100 cells × 64 levels is refused at once with a clear error', () => {
    const cols = Array.from({ length: 100 }, (_, i) => `c${i}`).join(', ');
    const rows = Array.from({ length: 100 }, (_, i) => `"${i}"`).join(', ');
    const f = file(ruleset({ zones: `  - { id: big, grid: { columns: [${cols}], rows: [${rows}], levels: 64 } }`, steps: '      - { id: s, do: [ { log: hi } ] }' }));
    const t0 = Date.now();
    failsAt(f, /cells/);
    expect(Date.now() - t0).toBeLessThan(20_000); // minutes before
  });
});

describe('options declare their type and range or choices, and every entry point checks them', () => {
  const opts = "options:\n  - { id: size, type: number, default: 3, min: 1, max: 9 }\n  - { id: mode, type: string, default: easy, choices: [easy, hard] }";
  const f = () => file(ruleset({ extra: opts, steps: '      - { id: s, do: [ { set: { n: "size + (mode == \'hard\' ? 1 : 0)" } } ] }' }));

  it('simulate refuses a value out of range or not among the choices, naming them', () => {
    const x = f();
    expect(babelkit('validate', x).stderr).toBe('');
    const low = babelkit('simulate', x, '--players', '2', '--games', '1', '--seed', '1', '--option', 'size=-1');
    expect(low.code).toBe(2);
    expect(low.stderr).toMatch(/size is from 1 to 9, not -1/);
    const bad = babelkit('simulate', x, '--players', '2', '--games', '1', '--seed', '1', '--option', 'mode=medium');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/mode is one of easy, hard, not 'medium'/);
    expect(babelkit('simulate', x, '--players', '2', '--games', '1', '--seed', '1', '--option', 'mode=hard', '--option', 'size=9').code).toBe(0);
  });

  it('a default outside its own range fails validate at its line', () => {
    const x = file(ruleset({ extra: "options:\n  - { id: size, type: number, default: 12, min: 1, max: 9 }", steps: '      - { id: s, do: [ { set: { n: "size" } } ] }' }));
    failsAt(x, /default 12 is not from 1 to 9/);
  });

  it('a replay with an option value out of range is refused', () => {
    const x = f();
    const out = join(dir, `opt-replays-${n}`);
    expect(babelkit('simulate', x, '--players', '2', '--games', '1', '--seed', '1', '--save-replay', out).code).toBe(0);
    const file1 = join(out, 'game-1.json');
    const rp = JSON.parse(readFileSync(file1, 'utf8'));
    rp.options = { size: 40 };
    writeFileSync(file1, JSON.stringify(rp));
    const r = babelkit('replay', file1, '--ruleset', x);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/size is from 1 to 9, not 40/);
  });
});
