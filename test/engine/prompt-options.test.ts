// A prompt's options are the distinct values of its list, in the order they first appear: records and lists
// compare field by field and item by item (in any order of the fields), texts and numbers by value. Options
// worked out from a list the prompt made itself lose their repeats in that list; those read from a definition
// are copied first (a bot's cache may keep the definition's value: it must not change).

import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { applyInPlace, newGame, promptOf } from '../../engine/flow.js';
import type { Value } from '../../engine/expr/types.js';
import { loadGame } from '../helpers/game.js';
import { smallRuleset } from '../helpers/small-ruleset.js';

/** The options of two prompts in a row: the first from `from`, the second from `then`. */
function optionsOf(name: string, from: string, then = "['end', 'stop']", defs = ''): [Value[], Value[]] {
  const g = loadGame(`/virtual/${name}.yaml`, smallRuleset({
    defs,
    steps: `      - id: first
        prompt: { player: "player(1)", choose: options, from: "${from}", as: x }
      - id: second
        prompt: { player: "player(1)", choose: options, from: "${then}", as: y }`,
  }));
  const s = newGame(g, { players: 2, seed: 1, log: false });
  const first = promptOf(s, 0)!.options.slice();
  // the first prompt's choice: its first option
  const step = g.promptSteps.find((d) => d.path.endsWith('/first'))!.path;
  applyInPlace(s, g, { player: 0, step, choice: [first[0]!] });
  return [first, promptOf(s, 0)!.options.slice()];
}

/** Repeats taken out the slow and obvious way: each value kept unless an equal one was kept before. */
function reference(xs: readonly Value[]): Value[] {
  const out: Value[] = [];
  for (const x of xs) if (!out.some((y) => (typeof x === 'object' && x !== null ? isDeepStrictEqual(x, y) : x === y))) out.push(x);
  return out;
}

describe('the options of a prompt', () => {
  it('are texts and numbers without repeats, first ones kept in order', () => {
    expect(optionsOf('plain', "['b', 'a', 'b', 'c', 'a']")[0]).toEqual(['b', 'a', 'c']);
    expect(optionsOf('numbers', '[3, 1, 3, 2, 1]')[0]).toEqual([3, 1, 2]);
  });

  it('are records without repeats: equal field by field in any order, told apart by any field', () => {
    const [opts] = optionsOf('records', "[{ a: 1, b: 'x', c: true }, { b: 'x', c: true, a: 1 }, { a: 1, b: 'y', c: true }, { a: 2, b: 'x', c: true }, { a: 1, b: 'xy', c: true }, { a: 1, b: 'zw', c: true }, { a: 1, b: 'zw', c: true }, { a: 1, b: 'x', c: false }]");
    expect(opts).toEqual([{ a: 1, b: 'x', c: true }, { a: 1, b: 'y', c: true }, { a: 2, b: 'x', c: true }, { a: 1, b: 'xy', c: true }, { a: 1, b: 'zw', c: true }, { a: 1, b: 'x', c: false }]);
  });

  it('are records holding lists without repeats, the lists compared item by item', () => {
    expect(optionsOf('nested', '[{ a: [1, 2] }, { a: [1, 2] }, { a: [2, 1] }, { a: [1] }]')[0]).toEqual([{ a: [1, 2] }, { a: [2, 1] }, { a: [1] }]);
  });

  it('are a long list without repeats, records alike in their numbers and in their texts\' lengths told apart', () => {
    // 60 records, each value twice or more: past the length where the options are looked up by a table
    const from = "flatten([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [{ n: it, t: 'ab' }, { n: it, t: 'cd' }, { n: 9 - it, t: 'ab' }, { t: 'cd', n: it }, { n: it, t: 'e' }, { n: it, t: 'cd' }])";
    const [opts, again] = optionsOf('long', from, from);
    const all: Value[] = [];
    for (let i = 0; i < 10; i++) all.push({ n: i, t: 'ab' }, { n: i, t: 'cd' }, { n: 9 - i, t: 'ab' }, { n: i, t: 'cd' }, { n: i, t: 'e' }, { n: i, t: 'cd' });
    expect(opts).toEqual(reference(all));
    expect(opts).toHaveLength(30);
    expect(again).toEqual(opts);
  });

  it('read from a definition leave its value as it was', () => {
    const defs = "  - { id: opts, value: \"[{ a: 1 }, { a: 1 }, { a: 2 }, { a: 2 }, { a: 3 }]\" }";
    const [opts, size] = optionsOf('definition', 'opts', '[count(opts), 0]', defs);
    expect(opts).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }]);
    expect(size).toEqual([5, 0]);
  });
});
