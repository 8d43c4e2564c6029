// The shape of a replay file, checked field by field before anything is replayed: every wrong field is
// named, a flood of wrong actions is named five at a time and counted, and names are read as own properties.

import { describe, expect, it } from 'vitest';
import { makeReplay, replayShapeProblem, type Replay } from '../../engine/index.js';
import { replayShapeProblems } from '../../engine/replay.js';
import { playout } from '../../engine/sim/playout.js';
import { babelBuilders } from '../helpers/game.js';

const g = babelBuilders();
const recorded = (): Replay => {
  const r = playout(g, { players: 5, seed: 'shape', bot: 'random', record: true, log: false });
  return JSON.parse(JSON.stringify(makeReplay(g, r.state, { seed: 'shape', players: 5, actions: r.recorded!, file: 'x.yaml' })));
};

describe('replayShapeProblems', () => {
  it('finds nothing wrong with a recorded game', () => {
    expect(replayShapeProblems(recorded())).toEqual([]);
    expect(replayShapeProblem(recorded())).toBeNull();
  });

  it('names each wrong field of the ruleset, options and result', () => {
    const r = recorded() as unknown as Record<string, unknown>;
    r.ruleset = { id: 'x', hash: ['h'], file: 42 };
    r.options = { handSize: null, swap: true };
    r.result = { ending: 'done', winner: 5, truncated: false };
    r.players = 2.5;
    expect(replayShapeProblems(r)).toEqual([
      `'ruleset.hash' must be a text, not ["h"]`,
      `'ruleset.file' must be a text (a path), not 42`,
      `'players' must be a whole number of at least 1, not 2.5`,
      `'options.handSize' must be a number, true or false, or a text, not null`,
      `'result.winner' must be a text or null, not 5`,
    ]);
    expect(replayShapeProblems({ ...r, ruleset: 'bb', result: undefined, finalHash: undefined })).toEqual([
      `'ruleset' must be a mapping with the ruleset's id and hash, not "bb"`,
      `'players' must be a whole number of at least 1, not 2.5`,
      `'options.handSize' must be a number, true or false, or a text, not null`,
      `'result' must be a mapping { ending, winner, truncated }, not missing`,
      `'finalHash' must be a text, not missing`,
    ]);
  });

  it('names the first five wrong actions and counts the rest', () => {
    const r = recorded();
    const bad = r.actions.map((a, i) => (i % 2 ? { ...a, choice: 'all' } : a));
    const problems = replayShapeProblems({ ...r, actions: bad });
    expect(problems.slice(0, 5)).toEqual([2, 4, 6, 8, 10].map((n) => `'actions[${n}].choice' must be a list, not "all"`));
    expect(problems[5]).toBe(`${Math.floor(r.actions.length / 2) - 5} more problems in 'actions'`);
    expect(problems).toHaveLength(6);
  });

  it('reads only own properties: a field inherited through a prototype is missing', () => {
    const r = recorded();
    const inherited = Object.create({ finalHash: r.finalHash });
    Object.assign(inherited, { ...r, finalHash: undefined });
    delete inherited.finalHash;
    expect(replayShapeProblems(inherited)).toEqual([`'finalHash' must be a text, not missing`]);
  });
});
