// What the fuzz campaign found, kept as reproducers (the greedy bot's broken heuristic is in test/cli/runs.test.ts).

import { describe, expect, it } from 'vitest';
import { loadRulesetText } from '../../engine/load/index.js';
import { checkReplay, Match } from '../../engine/match.js';
import { makeReplay, stateHash } from '../../engine/replay.js';
import { playout } from '../../engine/sim/playout.js';
import { smallRuleset } from '../helpers/small-ruleset.js';

const RULESET = smallRuleset({
  extra: 'options:\n  - { id: toString, type: number, default: 5 }',
  steps: '      - { id: s, do: [ { set: { n: "toString + 1" } } ] }',
});

describe('found by fuzzing', () => {
  it('an option named toString takes its default whether the options are left out or given empty, and its replay replays', () => {
    const r = loadRulesetText('t.yaml', RULESET);
    expect(r.diagnostics).toEqual([]);
    const g = r.game!;
    const n = g.vars.findIndex((v) => v.id === 'n');
    const left = Match.start(g, { players: 2, seed: 1 });
    const empty = Match.start(g, { players: 2, seed: 1, options: {} });
    expect(left.state.vars[n]).toBe(6);
    expect(empty.state.vars[n]).toBe(6); // not Object.prototype.toString + 1
    const p = playout(g, { players: 2, seed: 1, bot: 'random', record: true });
    const back = checkReplay(g, JSON.parse(JSON.stringify(makeReplay(g, p.state, { seed: 1, players: 2, actions: p.recorded! }))));
    expect(back.problems).toEqual([]);
    expect(stateHash(back.state!)).toBe(stateHash(p.state));
  });
});
