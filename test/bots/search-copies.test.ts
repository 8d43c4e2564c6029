// What a searching bot plans on, in a game where every seat always moves at once (7 Wonders):
//  - a determinized copy deals a face-down card only among places showing the same back, and a card type's
//    `backShows` field is part of the back: the Age printed on a 7 Wonders card keeps Age III cards out of the
//    Age I hands of the copy (before, all three Ages shared one back, so the others' hands of a copy held cards
//    of any Age, most of them from the box);
//  - a `backShows` naming no field, or a field of several values, is an error with its place;
//  - an ISMCTS rollout stops once it has taken its decisions, even where every decision lies in a simultaneous
//    step (it stops at the start of the next step, where every seat's choice is applied; before, such a rollout
//    was never cut and played to the game's end).

import { describe, expect, it } from 'vitest';
import type { Game, State } from '../../engine/model.js';
import * as flow from '../../engine/flow.js';
import { seedRng } from '../../engine/rng.js';
import { determinize } from '../../engine/bots/determinize.js';
import { ismctsChoice, ROLLOUT_DECISIONS } from '../../engine/bots/ismcts.js';
import { botChoice, botStreams } from '../../engine/bots/index.js';
import { nextPrompt } from '../../engine/sim/playout.js';
import { instances } from '../../engine/instances.js';
import { loadRulesetText } from '../../engine/load/index.js';
import { loadGame, rulesetPath } from '../helpers/game.js';
import { smallRuleset } from '../helpers/small-ruleset.js';

const sevenWonders = loadGame(rulesetPath('7-wonders.yaml'));

/** A 3-player 7 Wonders game played at random up to the `turn`-th decision of Age `age` (every seat to move). */
function inAge(g: Game, age: number, turn: number, seed: string): State {
  const s = flow.newGame(g, { players: 3, seed, log: false });
  const rngs = botStreams(seed, 3);
  const ageVar = g.vars.findIndex((v) => v.id === 'age');
  let seen = 0;
  for (let k = 0; k < 5000 && !s.ended; k++) {
    if (s.vars[ageVar] === age && s.simultaneous && s.simultaneous.threads.every((t) => t.prompt) && seen++ === turn) return s;
    const p = nextPrompt(s)!;
    flow.resolve(s, g, p, botChoice('random', s, g, p, rngs[p.player]!));
  }
  throw new Error(`no turn ${turn} of Age ${age}`);
}

describe('per-Age backs (a card type\'s backShows)', () => {
  it("the other seats' hands of every copy hold cards of the Age being played only (7 Wonders, Ages I, II, III)", () => {
    const g = sevenWonders;
    const ins = instances(g);
    const hand = g.zones.find((z) => z.id === 'hand')!.index;
    const age = (e: number) => g.cards[g.entityDef[e]!]!.fields.age;
    let checked = 0;
    for (const [a, turn] of [[1, 1], [2, 3], [3, 2]] as const) {
      const s = inAge(g, a, turn, `backs:${a}`);
      for (let k = 0; k < 5; k++) {
        const d = determinize(s, g, 0, seedRng(k, 'backs'));
        for (let z = 0; z < d.zones.length; z++) {
          if (ins.zone[z] !== hand || ins.owner[z] === 0) continue;
          expect(d.zones[z]!.length, 'the hand keeps its size').toBe(s.zones[z]!.length);
          for (const e of d.zones[z]!) { expect(age(e)).toBe(a); checked++; }
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('a backShows that names no field of the type, or a field of several values, is an error at its place', () => {
    const bad = (backShows: string) => loadRulesetText('t.yaml', smallRuleset({
      steps: '      - id: s\n        do: []',
      cardFields: 'tags: strings',
    }).replace('  - id: c\n', `  - id: c\n    backShows: ${backShows}\n`));
    const missing = bad('age');
    expect(missing.game).toBeFalsy();
    expect(missing.diagnostics.map((x) => x.message)).toContain("card type 'c' has no field 'age'");
    const line = missing.diagnostics.find((x) => x.message.includes("no field 'age'"))!;
    expect(line.line).toBeGreaterThan(1);
    const list = bad('tags');
    expect(list.diagnostics.map((x) => x.message).join('\n')).toMatch(/a back shows one value: field 'tags' is strings/);
    expect(bad('v').game).not.toBeNull();
  });
});

describe('ISMCTS rollouts in a game where every seat moves at once', () => {
  it('stop after their decisions, at the start of the next simultaneous step (7 Wonders, Age I)', () => {
    const g = sevenWonders;
    const s = inAge(g, 1, 0, 'rollout');
    const p = s.simultaneous!.threads.find((t) => t.player === 0)!.prompt!;
    const iterations = 12;
    expect(g.rollout, "the ruleset's own rollout: judged at the end of the turn").toBe(0);
    // a 3-player game takes about 60 decisions: a rollout to the end would take about 60 each; cut, one takes
    // its rollout's decisions and at most the rest of a turn (3 seats, a card and a payment each) past the tree
    for (const rollout of [ROLLOUT_DECISIONS, 0]) {
      const stats = { decisions: 0 };
      ismctsChoice(s, g, p, seedRng(1, 'rollout'), iterations, false, rollout, stats);
      const perIteration = stats.decisions / iterations;
      expect(perIteration).toBeGreaterThan(1);
      expect(perIteration).toBeLessThanOrEqual(rollout + 2 * 6);
    }
  });

  it("a ruleset's rollout is a whole number of decisions from 0 to 1000, or an error at its place", () => {
    const text = (v: string) => smallRuleset({ steps: '      - id: s\n        do: []' }) + `rollout: ${v}\n`;
    expect(loadRulesetText('t.yaml', text('0')).game?.rollout).toBe(0);
    expect(loadRulesetText('t.yaml', text('12')).game?.rollout).toBe(12);
    expect(loadRulesetText('t.yaml', smallRuleset({ steps: '      - id: s\n        do: []' })).game?.rollout).toBeUndefined();
    const bad = loadRulesetText('t.yaml', text('2.5'));
    expect(bad.game).toBeFalsy();
    expect(bad.diagnostics.some((x) => /rollout/.test(x.message) && x.line > 1)).toBe(true);
  });
});
