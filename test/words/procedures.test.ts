// Procedures (need 3): a named step sequence with parameters, written once and run by `call` from several
// places, with its own names: the caller's `$p` survives a procedure whose parameter is also called p, and a
// prompt inside the procedure binds its own `as` without clashing with the caller's.

import { describe, expect, it } from 'vitest';
import { applyInPlace, legalActions, newGame, promptOf } from '../../engine/flow.js';
import { renderLog } from '../../engine/view.js';
import { lineOf, loadClean, loadText, varOf } from '../helpers/words.js';

const ruleset = (o: { procedures?: string; steps: string }) => `id: proc
name: Procedures
players: { min: 2, max: 3 }
teams:
  - { id: all, name: Everyone }
roles:
  - { id: member, team: all }
cardTypes:
  - { id: chip, fields: { v: number } }
cards:
  - { id: chip, type: chip, v: 1, count: 12 }
zones:
  - { id: deck, visibility: nobody }
  - { id: discard }
  - { id: hand, per: player, visibility: owner }
vars:
  - { id: seen, type: players }
  - { id: lost, type: number, per: player }
endings:
  - { id: done, winner: all }
procedures:
${o.procedures ?? `  - id: drawCards
    params: { p: player, n: number }
    steps:
      - id: draw
        do:
          - move: { from: "deck", to: "hand[$p]", count: $n, upTo: true, log: "{$p} draws {count($moved)}." }
  - id: loseOne
    description: A player discards a card of their choice and loses a point; then draws one back.
    params: { p: player }
    steps:
      - id: pick
        prompt: { player: $p, choose: cards, from: "hand[$p]", as: card, text: "Discard a card." }
        do:
          - move: { cards: $card, to: discard }
          - set: { "lost[$p]": "lost[$p] + 1" }
      - id: refill
        call: drawCards
        with: { p: $p, n: 1 }`}
setup:
  - move: { from: deck, to: discard }
  - move: { from: discard, to: deck }
phases:
  - id: main
    steps:
${o.steps}
      - { id: stop, do: [ { end: done } ] }
`;

const TWO_PLACES = ruleset({ steps: `      - id: deal
        forEach: players
        as: p
        steps:
          - { id: deal2, call: drawCards, with: { p: $p, n: 2 } }
          - { id: note, do: [ { set: { seen: "concat(seen, [$p])" } } ] }
      - id: first
        call: loseOne
        with: { p: "player(1)" }
      - id: each
        forEach: others(player(1))
        as: card
        steps:
          - { id: second, call: loseOne, with: { p: $card } }` });

describe('procedures', () => {
  it('one procedure called from two places, with its parameters; the caller keeps its own $p and $card', () => {
    const g = loadClean(TWO_PLACES);
    const s = newGame(g, { players: 3, seed: 4, log: true });
    // drawCards from the deal, once per seat: the loop's $p was not overwritten by the procedure's p
    expect(varOf(s, g, 'seen')).toEqual([0, 1, 2]);
    // loseOne from the first place: seat 1 chooses
    const p0 = promptOf(s, 0)!;
    expect(p0.options).toHaveLength(2);
    expect(legalActions(s, g, 0)[0]!.step).toBe('loseOne/pick');
    applyInPlace(s, g, { player: 0, step: 'loseOne/pick', choice: [p0.options[0]] });
    // from the second place (inside a forEach whose own name is $card, as the procedure's prompt's): seats 2, 3
    for (const seat of [1, 2]) {
      const p = promptOf(s, seat)!;
      expect(p.options).toHaveLength(2);
      applyInPlace(s, g, { player: seat, step: 'loseOne/pick', choice: [p.options[1]] });
    }
    expect(s.ended?.ending).toBe('done');
    expect(varOf(s, g, 'lost')).toEqual([1, 1, 1]);
    const log = renderLog(s.log!, s, g, 0);
    expect(log.filter((l) => / draws 1\.$/.test(l))).toEqual(['Player 1 draws 1.', 'Player 2 draws 1.', 'Player 3 draws 1.']);
    expect(log.filter((l) => / draws 2\.$/.test(l))).toHaveLength(3);
  });

  it('an unknown procedure, a missing or misspelt parameter: located errors with did-you-mean', () => {
    const text = ruleset({ steps: `      - { id: a, call: drawCard, with: { p: "player(1)", n: 1 } }
      - { id: b, call: drawCards, with: { p: "player(1)", m: 1 } }
      - { id: c, call: loseOne, with: { p: 3 } }` });
    const r = loadText(text);
    expect(r.errors).toEqual([
      `words.yaml:${lineOf(text, 'id: a, call')}:24: error: unknown procedure 'drawCard' (did you mean 'drawCards'?)`,
      `words.yaml:${lineOf(text, 'id: b, call')}:41: error: call drawCards needs a value for its parameter 'n' (a number)`,
      `words.yaml:${lineOf(text, 'id: b, call')}:62: error: procedure 'drawCards' has no parameter 'm' (did you mean 'p'?) (it takes p, n)`,
      `words.yaml:${lineOf(text, 'id: c, call')}:44: error: expected a player, got 3`,
    ]);
  });

  it('a procedure that calls itself (through another) is an error; one never called is a warning', () => {
    const text = ruleset({
      procedures: `  - id: ping
    steps: [ { id: toPong, call: pong } ]
  - id: pong
    steps: [ { id: toPing, call: ping } ]
  - id: idle
    steps: [ { id: nothing, do: [] } ]`,
      steps: '      - { id: go, call: ping }',
    });
    const r = loadText(text);
    expect(r.errors).toEqual([`words.yaml:${lineOf(text, 'toPing')}:34: error: procedure 'ping' calls itself (ping → pong → ping); a procedure may call others, never itself`]);
    const idle = loadText(text.replace('{ id: toPing, call: ping }', '{ id: toPing, do: [] }'));
    expect(idle.errors).toEqual([]);
    expect(idle.warnings).toEqual([`words.yaml:${lineOf(text, 'id: idle')}:9: warning: procedure 'idle' is never called`]);
  });

  it('a procedure sees only its parameters and the global names, not the bindings of its callers', () => {
    const text = ruleset({
      procedures: `  - id: peek
    steps: [ { id: look, do: [ { set: { seen: "[$p]" } } ] } ]`,
      steps: `      - id: each
        forEach: players
        as: p
        steps: [ { id: go, call: peek } ]`,
    });
    const r = loadText(text);
    expect(r.errors).toEqual([`words.yaml:${lineOf(text, 'seen: "[$p]"')}:49: error: '$p' is not bound here`]);
  });
});
