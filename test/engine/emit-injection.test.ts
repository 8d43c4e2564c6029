// The safe emitter (engine/expr/emit.ts) against a ruleset built to break out of generated code: names, texts
// and numbers with quotes, backslashes, comment ends, template openings, line separators, a closing script tag,
// huge exponents, -0, values that make NaN, and names such as __proto__ and constructor. None of it may reach
// the emitted source (every ruleset value lives in the constants array), and the games must match the closures'.

import { describe, expect, it } from 'vitest';
import { loadRulesetText } from '../../engine/load/index.js';
import { formatDiagnostic } from '../../engine/load/diagnostics.js';
import type { Game } from '../../engine/model.js';
import { playout } from '../../engine/sim/playout.js';
import { stateHash } from '../../engine/replay.js';
import { checkSource, emitSettings, emitStats } from '../../engine/expr/emit.js';
import { smallRuleset } from '../helpers/small-ruleset.js';

/** Texts built to end a string, a comment, a template or a script, as a card's text and in expressions. */
const HOSTILE_TEXTS = [
  "a'b", 'a"b', 'a`b', 'back\\\\slash', '*/ end', '${process.exit()}', 'line\u2028sep\u2029', '</script><script>alert(1)</script>',
  "'); process.exit(1); ('", '__proto__', 'constructor',
];
const yamlText = (t: string) => JSON.stringify(t); // YAML reads a JSON string as is
/** In an expression: quotes and backslashes escaped with a backslash (parse.ts) */
const exprText = (t: string) => `'${t.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const HUGE = `1${'0'.repeat(400)}`; // Infinity as a literal of the language

const RULESET = smallRuleset({
  cardFields: 'label: string, w: number',
  cards: HOSTILE_TEXTS.map((t, i) => `  - { id: h${i}, type: c, v: ${i + 2}, label: ${yamlText(t)}, w: ${[1e308, -0, 0.1, 7][i % 4] === -0 ? '-0.0' : [ '1e308', '-0.0', '.5', '1.0e+300'][i % 4]}, count: 2 }`).join('\n'),
  vars: '  - { id: isPrototypeOf, type: number }\n  - { id: toString, type: number }\n  - { id: m, type: number }\n  - { id: valueOf, type: number }',
  defs: [
    `  - { id: constructor, value: ${yamlText(`count(pile, it.label == ${exprText(HOSTILE_TEXTS[0]!)} or it.label == ${exprText(HOSTILE_TEXTS[6]!)})`)} }`,
    `  - { id: hasOwnProperty, params: [x], value: ${yamlText(`sum(pile, it.w * $x - it.v / ($x - $x)) + ${HUGE}`)} }`,
  ].join('\n'),
  steps: [
    '      - id: deal',
    '        do:',
    '          - move: { cards: box, to: pile }',
    `          - set: { isPrototypeOf: ${yamlText(`constructor + count(pile, it.label in [${HOSTILE_TEXTS.map(exprText).join(', ')}])`)} }`,
    `          - set: { toString: ${yamlText(`hasOwnProperty(isPrototypeOf) - ${HUGE} * 0`)} }`,
    `          - set: { m: ${yamlText(`maxOf(pile, it.w % 0 + (it.w - it.w)) + minOf(pile, -it.w) + (any(pile, it.label == ${exprText(HOSTILE_TEXTS[7]!)}) ? 1 : 0)`)} }`,
    // records whose field names are Object's, in lists joined and bound by let (written inline since #32)
    `          - set: { valueOf: ${yamlText(`let($r, concat([{ constructor: ${exprText(HOSTILE_TEXTS[9]!)}, toString: m }], [{ constructor: ${exprText(HOSTILE_TEXTS[3]!)}, toString: ${HUGE} }]), size($r) + first($r).toString + (top($r).constructor == ${exprText(HOSTILE_TEXTS[3]!)} ? 1 : 0))`)} }`,
    `          - set: { n: ${yamlText(`sum(pile, it.label == ${exprText(HOSTILE_TEXTS[2]!)} or it.label == ${exprText(HOSTILE_TEXTS[5]!)} ? it.w : 0) + isPrototypeOf`)} }`,
  ].join('\n'),
});

function load(emit: boolean): Game {
  const before = emitSettings.on;
  emitSettings.on = emit;
  try {
    const r = loadRulesetText('hostile.yaml', RULESET);
    if (!r.game) throw new Error(`did not load:\n${r.diagnostics.map(formatDiagnostic).join('\n')}`);
    return r.game;
  } finally {
    emitSettings.on = before;
  }
}

describe('the safe emitter and a ruleset built to break out', () => {
  it('writes none of its names, texts or numbers into the source, and plays as the closures do', () => {
    const sources: string[] = [];
    emitStats.onSource = (s) => sources.push(s);
    let on: string, off: string;
    try {
      const play = (g: Game) => {
        const r = playout(g, { players: 2, seed: 'inject', bot: 'random', record: true });
        const vars = g.vars.map((v, i) => [v.id, Object.is(r.state.vars[i], -0) ? '-0' : String(r.state.vars[i])]);
        return JSON.stringify({ actions: r.recorded, ending: r.ending, message: r.message, hash: stateHash(r.state), vars });
      };
      on = play(load(true));
      off = play(load(false));
    } finally {
      emitStats.onSource = undefined;
    }
    expect(on).toBe(off);
    // the values were computed: NaN-making and huge parts included
    expect(JSON.parse(on).vars).toContainEqual(['isPrototypeOf', expect.stringMatching(/^\d+$/)]);
    expect(sources.length).toBeGreaterThan(3);
    const all = sources.join('\n');
    for (const t of [...HOSTILE_TEXTS, "'", '"', '`', '\\', '*/', '${', '\u2028', '\u2029', '</script>', 'Infinity', 'NaN', 'e+', 'e3', '1e', '0.5', '.5', 'isPrototypeOf', 'hasOwnProperty', 'toString', 'valueOf', 'label']) {
      expect(all, t).not.toContain(t);
    }
    // the records, their lists joined and the let binding them were written inline, field names as constants
    expect(all).toContain('newRecord()');
    expect(all).toContain('pushAll(');
    expect(JSON.parse(on).vars).toContainEqual(['valueOf', expect.stringMatching(/^-?[\d.e+]+$/)]);
    // the only numbers are the emitter's own indices
    for (const num of all.match(/\d+(\.\d+)?/g) ?? []) expect(Number(num)).toBeLessThan(10_000);
    expect(all).not.toMatch(/\d{5,}/);
  });

  it('the whitelist refuses anything the emitter does not write', () => {
    const ok = 'function g0(c) {\nlet t0;\nreturn (t0 = K[0], c.s.zones[t0]);\n}\nreturn g0;';
    expect(checkSource(ok)).toBe(true);
    expect(checkSource('const q0 = K[0], q1 = K[1];\nconst f0 = F[0];\nfunction g0(c) {\nreturn f0(c) + q1[q0];\n}\nreturn g0;')).toBe(true);
    for (const bad of [
      "function g0(c) { return 'x'; }\nreturn g0;",
      'function g0(c) { return c.constructor; }\nreturn g0;',
      'function g0(c) { return c["__proto__"]; }\nreturn g0;',
      'function g0(c) { return process.exit(1); }\nreturn g0;',
      'function g0(c) { return K[0](c); }\nreturn g0;',
      'function g0(c) { return q0(c); }\nreturn g0;',
      'const q0 = K[1];\nfunction g0(c) { return q0; }\nreturn g0;',
      'const f0 = K[0];\nfunction g0(c) { return f0(c); }\nreturn g0;',
      'const t0 = K[0];\nfunction g0(c) { return t0; }\nreturn g0;',
      'const q0 = K[0];\nfunction g0(c) { q0 = c; return q0; }\nreturn g0;',
      'const f0 = F[0];\nfunction g0(c) { let f1 = f0; return f1(c); }\nreturn g0;',
      'function g0(c) { return 1e999; }\nreturn g0;',
      'function g0(c) { return 0.5; }\nreturn g0;',
      'function g0(c) { return `${c}`; }\nreturn g0;',
      'function g0(c) { return new F(); }\nreturn g0;',
      'function g0(c) { return () => c; }\nreturn g0;',
      'function g0(c) { return this; }\nreturn g0;',
      'function g0(c) { return { a: 1 }; }\nreturn g0;',
      'function g0(c) { while (1) {} }\nreturn g0;',
      'function g0(c) { return eval; }\nreturn g0;',
      'function g0(c) { return c.s.players /* */; }\nreturn g0; })(); (function() {',
    ]) expect(checkSource(bad), bad).toBe(false);
  });

  it('where generated code is refused (a Content Security Policy without unsafe-eval), the closures run', () => {
    const closures = playout(load(false), { players: 2, seed: 'csp', bot: 'random', record: true });
    const fallback0 = emitStats.fallback;
    const make = emitSettings.makeFactory;
    emitSettings.makeFactory = () => { throw new EvalError('Refused to evaluate a string as JavaScript'); };
    let r: ReturnType<typeof playout>;
    try {
      // loading already runs expressions (its dry run to the first decision): code is made at a first call
      r = playout(load(true), { players: 2, seed: 'csp', bot: 'random', record: true });
    } finally {
      emitSettings.makeFactory = make;
      emitSettings.available = true;
    }
    expect(emitStats.fallback).toBeGreaterThan(fallback0);
    expect(stateHash(r.state)).toBe(stateHash(closures.state));
    expect(r.recorded).toEqual(closures.recorded);
  });
});
