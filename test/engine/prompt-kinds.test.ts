// Prompt kinds (what `choose` offers) are declared in one table, engine/prompt-kinds.ts: the schema lists its
// names, the editor draws a kind with its own renderer only where one is declared for it, and a kind added to the
// table alone (a fixture kind, `pips`: numbers) loads, is offered, shown, chosen by every bot, logged and played.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PROMPT_KINDS } from '../../engine/prompt-kinds.js';
import { T } from '../../engine/expr/types.js';
import { compileRuleset } from '../../engine/load/compile/index.js';
import { applyInPlace, legalActions, newGame, promptOf } from '../../engine/flow.js';
import { view } from '../../engine/view.js';
import { botChoice, botNames, parseBot } from '../../engine/bots/index.js';
import { seedRng } from '../../engine/rng.js';
import { PROMPT_RENDERERS, rendererOf } from '../../editor/src/playtest/prompt-renderers.js';
import type { Game } from '../../engine/model.js';
import { ROOT } from '../helpers/game.js';

const BUILT_IN = ['players', 'cards', 'cells', 'options'];

afterAll(() => {
  PROMPT_KINDS.remove('pips');
  expect(PROMPT_KINDS.names()).toEqual(BUILT_IN);
});

describe('the table of prompt kinds', () => {
  it('is what the schema offers for `choose`, and each kind says what the flow, view and bots need', () => {
    expect(PROMPT_KINDS.names()).toEqual(BUILT_IN);
    const schema: unknown = JSON.parse(readFileSync(join(ROOT, 'schemas/ruleset.schema.json'), 'utf8'));
    const enums: unknown[] = [];
    const walk = (x: unknown): void => {
      if (!x || typeof x !== 'object') return;
      const o = x as Record<string, unknown>;
      const c = o.choose as { enum?: unknown } | undefined;
      if (c && typeof c === 'object' && c.enum) enums.push(c.enum);
      for (const v of Object.values(o)) walk(v);
    };
    walk(schema);
    expect(enums).toEqual([BUILT_IN]);
    for (const k of PROMPT_KINDS.entries()) {
      // cards are numbered, like seats: -1 is "no card" / "nobody", the only kinds where it is
      expect(k.none === -1).toBe(k.item.k === 'card' || k.item.k === 'player');
      expect(k.cards).toBe(k.item.k === 'card');
      expect(k.reads === 'card').toBe(k.cards);
      expect(k.reads === 'player').toBe(k.item.k === 'player');
    }
  });

  it('the editor draws a kind its own way only for kinds in the table, and every kind a person cannot read as a value has one', () => {
    for (const name of Object.keys(PROMPT_RENDERERS)) expect(PROMPT_KINDS.has(name), name).toBe(true);
    // cards (some offered face down) and players (seat numbers) mean nothing as plain values
    for (const k of PROMPT_KINDS.entries()) if (k.reads !== 'value') expect(rendererOf(k.name), k.name).not.toBeNull();
    expect(rendererOf('options')).toBeNull();
    expect(rendererOf('__proto__')).toBeNull();
  });
});

const PIPS = `id: pips
name: Pips
players: { min: 2, max: 3 }
teams:
  - { id: all, name: Everyone }
roles:
  - { id: member, team: all }
zones:
  - { id: box }
vars:
  - { id: total, type: number, initial: 0 }
endings:
  - { id: done, winner: all }
phases:
  - id: main
    steps:
      - id: turn
        forEach: players
        as: p
        steps:
          - id: pick
            prompt: { player: $p, choose: pips, from: "[1, 2, 3]", as: pip, text: "Pick a number" }
            do: [ { set: { total: "total + $pip" } } ]
      - { id: stop, do: [ { end: done } ] }
`;

function compileWithPips(): Game {
  const errors: string[] = [];
  const g = compileRuleset(parse(PIPS), { error: (path, message) => errors.push(`${path.join('.')}: ${message}`) });
  expect(errors).toEqual([]);
  return g!;
}

describe('a kind added to the table alone', () => {
  it('is refused while it is not declared, with the declared kinds named', () => {
    const errors: string[] = [];
    expect(compileRuleset(parse(PIPS), { error: (path, message) => errors.push(`${path.join('.')}: ${message}`) })).toBeNull();
    expect(errors.join('\n')).toMatch(/choose is one of players, cards, cells, options, not 'pips'/);
  });

  it('loads, is offered and shown as values, logged, and chosen by every bot to the end of the game', () => {
    PROMPT_KINDS.add({ name: 'pips', doc: 'numbers', item: T.num, none: null, cards: false, reads: 'value', labelled: false });
    const g = compileWithPips();
    const def = g.promptSteps.find((s) => s.path.endsWith('/pick'))!;
    expect(def.prompt.kind.name).toBe('pips');
    for (const bot of botNames()) {
      const s = newGame(g, { players: 3, seed: 5, log: true });
      const rng = seedRng(5, `bot:${bot}`);
      let picked = 0;
      for (let guard = 0; guard < 10 && !s.ended; guard++) {
        const seat = [0, 1, 2].find((q) => promptOf(s, q))!;
        const p = promptOf(s, seat)!;
        expect(legalActions(s, g, seat).map((a) => a.choice)).toEqual([[1], [2], [3]]);
        const v = view(s, g, seat).prompt!;
        expect(v).toMatchObject({ choose: 'pips', options: [1, 2, 3], text: 'Pick a number' });
        expect(rendererOf(v.choose)).toBeNull(); // the editor draws it as values
        const choice = botChoice(parseBot(bot)!, s, g, p, rng);
        picked += choice[0] as number;
        applyInPlace(s, g, { player: seat, step: def.path, choice });
      }
      expect(s.ended?.ending, bot).toBe('done');
      expect(s.vars[g.vars.findIndex((x) => x.id === 'total')]).toBe(picked);
      const lines = view(s, g, 0).lines.filter((l) => l.kind === 'choice').map((l) => l.text);
      expect(lines.length, bot).toBe(3);
      for (const l of lines) expect(l).toMatch(/chose [123] \(pick\)/);
    }
  });
});
