// Generic engine primitives, on a tiny ruleset: spatial grids (levels, neighbours, above/below,
// cells of a level), where a card lies (cellOf/ownerOf), `end … winner`, a prompt's `botsNever`, and
// definitions taking their arguments by value.

import { describe, expect, it } from 'vitest';
import { botPrompt } from '../../engine/bots/options.js';
import { playout } from '../../engine/sim/playout.js';
import { act, loadGame, options, promptOf, rulesetPath, start, stepOf } from '../helpers/game.js';
import { loadRulesetText } from '../../engine/load/index.js';

const TINY = `
id: tiny
name: Tiny
players: { min: 2, max: 2 }
teams: [ { id: first }, { id: second } ]
roles: [ { id: one, team: first }, { id: two, team: second } ]
cardTypes: [ { id: cube } ]
cards: [ { id: cube, type: cube, count: 3 } ]
zones:
  - { id: box }
  - { id: stack, per: player, grid: { columns: [A, B], rows: ["1", "2"], levels: 3 } }
definitions:
  - { id: isSeat, params: [p], value: "count(filter(players, it == $p)) == 1" }
endings:
  - { id: done }
setup:
  - setRole: { player: "player(1)", role: one }
  - setRole: { player: "player(2)", role: two }
  - move: { cards: "take(box, 1)", to: "stack[player(2)]['B2@3']" }
phases:
  - id: play
    steps:
      - { id: nb, prompt: { player: "player(1)", choose: cells, from: "neighbours('A1@2')", as: x } }
      - { id: up, prompt: { player: "player(1)", choose: cells, from: "flatten(cells(stack[player(1)], 1), above(it))", as: x2 } }
      - { id: lv, prompt: { player: "player(1)", choose: cells, from: "cells(stack[player(1)], 2)", as: x3 } }
      - { id: lv3, prompt: { player: "player(1)", choose: cells, from: "filter(cells(stack[player(1)]), level(it) == 3 and count(below(it)) == 1)", as: x4 } }
      - { id: where, prompt: { player: "player(1)", choose: cells, from: "[cellOf(first(flatten(players, stack[it]['B2@3']))), first(cells(stack[player(1)]))]", as: x5 } }
      - { id: whose, prompt: { player: "player(1)", choose: players, from: "filter(players, it == ownerOf(first(flatten(players, stack[it]['B2@3']))) or it == player(1))", as: x6 } }
      - { id: byValue, prompt: { player: "player(1)", choose: players, from: "filter(players, isSeat(it))", as: x7 } }
      - id: pick
        prompt: { player: "player(1)", choose: options, from: "['stay', 'leave']", botsNever: "it == 'leave'", as: o }
      - { id: finish, do: [ { end: done, winner: "team(player(2))" } ] }
`;

const g = loadGame(rulesetPath('tiny-test.yaml'), TINY);

describe('spatial grids and card places', () => {
  it('cells are named column + row + @level, level by level; neighbours, above, below and cells(zone, level)', () => {
    expect(g.zones.find((z) => z.id === 'stack')!.cells).toEqual(['A1@1', 'B1@1', 'A2@1', 'B2@1', 'A1@2', 'B1@2', 'A2@2', 'B2@2', 'A1@3', 'B1@3', 'A2@3', 'B2@3']);
    const s = start(g, 2, 1);
    expect(stepOf(s, g, 0)).toBe('play/nb');
    expect(options(s, g, 0)).toEqual(['B1@2', 'A2@2']); // orthogonal, same level; never the diagonal B2@2
    act(s, g, 0, 'B1@2');
    expect(options(s, g, 0)).toEqual(['A1@2', 'B1@2', 'A2@2', 'B2@2']); // above each cell of level 1
    act(s, g, 0, 'A1@2');
    expect(options(s, g, 0)).toEqual(['A1@2', 'B1@2', 'A2@2', 'B2@2']);
    act(s, g, 0, 'A1@2');
    expect(options(s, g, 0)).toEqual(['A1@3', 'B1@3', 'A2@3', 'B2@3']);
    act(s, g, 0, 'A1@3');
    // cellOf: the cube lies on B2@3 (of seat 2's stack); ownerOf: seat 2
    expect(options(s, g, 0)).toEqual(['B2@3', 'A1@1']);
    act(s, g, 0, 'A1@1');
    expect(options(s, g, 0)).toEqual([0, 1]);
    act(s, g, 0, 1);
    // by value: isSeat(it) sees the caller's item, though isSeat runs its own filter
    expect(options(s, g, 0)).toEqual([0, 1]);
    act(s, g, 0, 0);
    expect(botPrompt(s, g, promptOf(s, 0)!).options).toEqual(['stay']);
    act(s, g, 0, 'leave'); // a person may still choose it
    expect(s.ended).toMatchObject({ ending: 'done', winner: 'second', truncated: false });
  });

  it('bots never take a botsNever option', () => {
    for (const bot of ['random', 'greedy'] as const) {
      for (let seed = 0; seed < 20; seed++) {
        const r = playout(g, { players: 2, seed, bot, record: true });
        expect(r.recorded!.find((a) => a.step === 'play/pick')!.choice).toEqual(['stay']);
      }
    }
  });

  it('load errors: levels out of range; end winner must be a text', () => {
    const bad = TINY.replace('levels: 3', 'levels: 0').replace('winner: "team(player(2))"', 'winner: "player(2)"');
    const r = loadRulesetText('bad.yaml', bad, () => undefined);
    expect(r.game).toBeFalsy();
    const msgs = r.diagnostics.map((d) => d.message).join('\n');
    expect(msgs).toMatch(/levels/);
    expect(msgs).toMatch(/expected a text/);
  });
});
