// Majority awards (need 7): placing(x, list, n, awards, ties) — "most gets 6, second 3" with a declared rule
// for ties — and rank(x, list, n), in a score category as a designer writes them.

import { describe, expect, it } from 'vitest';
import { newGame } from '../../engine/flow.js';
import { scoreOf } from '../../engine/scores.js';
import { awardOf } from '../../engine/expr/functions/placings.js';
import { lineOf, loadClean, loadText, varOf } from '../helpers/words.js';

const ruleset = (o: { strength: string; rule: string }) => `id: majority
name: Majority
players: { min: 4, max: 4 }
zones:
  - { id: box }
vars:
  - { id: strength, type: number, per: player }
  - { id: places, type: number, per: player }
scores:
  categories:
    - { id: majority, name: Majority, value: "placing($p, filter(players, strength[it] > 0), strength[it], [6, 3], ${o.rule})" }
endings:
  - { id: done, winner: scores }
setup:
  - set: { ${o.strength} }
  - forEach: players
    as: p
    do: [ { set: { "places[$p]": "rank($p, players, strength[it])" } } ]
phases:
  - id: main
    steps:
      - { id: stop, do: [ { end: done } ] }
`;

const scores = (strength: string, rule: string) => {
  const g = loadClean(ruleset({ strength, rule }));
  const s = newGame(g, { players: 4, seed: 1 });
  const c = { s, g, bindings: s.bindings, it: undefined };
  return { awards: [0, 1, 2, 3].map((p) => scoreOf(c, p)), places: varOf(s, g, 'places') as number[] };
};

describe('placing and rank', () => {
  const TIE_FIRST = '"strength[player(1)]": 5, "strength[player(2)]": 5, "strength[player(3)]": 2';
  const TIE_SECOND = '"strength[player(1)]": 5, "strength[player(2)]": 2, "strength[player(3)]": 2, "strength[player(4)]": 1';
  it('two tied for most, by each tie rule (the fourth, with nothing, never places)', () => {
    expect(scores(TIE_FIRST, "'share'").awards).toEqual([6, 6, 0, 0]); // no second after a tie for first
    expect(scores(TIE_FIRST, "'split'").awards).toEqual([4, 4, 0, 0]); // (6 + 3) / 2, rounded down
    expect(scores(TIE_FIRST, "'divide'").awards).toEqual([3, 3, 0, 0]); // 6 / 2, no second
    expect(scores(TIE_FIRST, "'none'").awards).toEqual([0, 0, 0, 0]);
    expect(scores(TIE_FIRST, "'share'").places).toEqual([1, 1, 3, 4]);
  });

  it('one most, two tied for second', () => {
    expect(scores(TIE_SECOND, "'share'").awards).toEqual([6, 3, 3, 0]);
    expect(scores(TIE_SECOND, "'split'").awards).toEqual([6, 1, 1, 0]); // (3 + 0) / 2
    expect(scores(TIE_SECOND, "'divide'").awards).toEqual([6, 1, 1, 0]);
    expect(scores(TIE_SECOND, "'none'").awards).toEqual([6, 0, 0, 0]);
    expect(scores(TIE_SECOND, "'none'").places).toEqual([1, 2, 2, 4]);
  });

  it('awardOf: three tied for first over three awards split them all', () => {
    expect(awardOf(4, [4, 4, 4, 1], [9, 6, 3], 'split')).toBe(6);
    expect(awardOf(1, [4, 4, 4, 1], [9, 6, 3], 'share')).toBe(0); // the fourth place has no award
  });

  it('a misspelt tie rule and an x of another type are located errors', () => {
    const text = ruleset({ strength: '"strength[player(1)]": 5', rule: "'shared'" });
    expect(loadText(text).errors).toEqual([`words.yaml:${lineOf(text, "'shared'")}:116: error: 'shared' is not a tie rule (did you mean 'share'?): 'share', 'split', 'divide', 'none'`]);
    const text2 = ruleset({ strength: '"strength[player(1)]": 5', rule: 'ties' });
    expect(loadText(text2).errors).toEqual([`words.yaml:${lineOf(text2, ', ties)')}:116: error: placing()'s tie rule is one of 'share', 'split', 'divide', 'none', written in quotes`]);
    const text3 = ruleset({ strength: '"strength[player(1)]": 5', rule: "'share'" }).replace('placing($p,', 'placing(3,');
    expect(loadText(text3).errors).toEqual([`words.yaml:${lineOf(text3, 'placing(3,')}:55: error: placing() ranks a list of players, and x is a number`]);
  });
});
