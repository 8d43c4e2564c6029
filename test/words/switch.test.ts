// A switch step (need 5): the first case whose `is` matches (or whose `when` holds) runs its own steps, so
// exclusive branches reuse a choice's name (`as: target` in each case); `otherwise` when none matches.

import { describe, expect, it } from 'vitest';
import { applyInPlace, legalActions, newGame, promptOf } from '../../engine/flow.js';
import { lineOf, loadClean, loadText, varOf } from '../helpers/words.js';

const ruleset = (cases: string) => `id: sw
name: Switch
players: { min: 2, max: 3 }
teams:
  - { id: all, name: Everyone }
roles:
  - { id: member, team: all }
cardTypes:
  - { id: character, fields: { rank: number } }
cards:
  - { id: assassin, type: character, name: Assassin, rank: 1 }
  - { id: thief, type: character, name: Thief, rank: 2 }
  - { id: king, type: character, name: King, rank: 4 }
zones:
  - { id: box }
vars:
  - { id: killed, type: player }
  - { id: robbed, type: player }
  - { id: crowned, type: bool }
  - { id: nothing, type: bool }
endings:
  - { id: done, winner: all }
phases:
  - id: main
    steps:
      - id: each
        forEach: box
        as: card
        steps:
          - id: act
            switch: $card.name
            cases:
${cases}
            otherwise:
              - { id: idle, do: [ { set: { nothing: true } } ] }
      - { id: stop, do: [ { end: done } ] }
`;

const GOOD = ruleset(`              - is: Assassin
                steps:
                  - id: kill
                    prompt: { player: player(1), choose: players, from: "others(player(1))", as: target }
                    do: [ { set: { killed: $target } } ]
              - is: [Thief, Pickpocket]
                steps:
                  - id: rob
                    prompt: { player: player(1), choose: players, from: "others(player(1))", as: target }
                    do: [ { set: { robbed: $target } } ]
              - when: "$card.rank == 4"
                steps:
                  - { id: crown, do: [ { set: { crowned: true } } ] }`);

describe('switch', () => {
  it('runs the matching case only; two cases reuse the name `target`; a case by `when`', () => {
    const g = loadClean(GOOD.replace('[Thief, Pickpocket]', 'Thief'));
    const s = newGame(g, { players: 3, seed: 1, log: true });
    // the Assassin's case asks first, then the Thief's: each binds its own $target
    expect(promptOf(s, 0)!.options).toEqual([1, 2]);
    expect(legalActions(s, g, 0)[0]!.step).toBe('main/each/act/case1/kill');
    applyInPlace(s, g, { player: 0, step: 'main/each/act/case1/kill', choice: [2] });
    expect(legalActions(s, g, 0)[0]!.step).toBe('main/each/act/case2/rob');
    applyInPlace(s, g, { player: 0, step: 'main/each/act/case2/rob', choice: [1] });
    expect(s.ended?.ending).toBe('done');
    expect(varOf(s, g, 'killed')).toBe(2);
    expect(varOf(s, g, 'robbed')).toBe(1);
    expect(varOf(s, g, 'crowned')).toBe(true);
    expect(varOf(s, g, 'nothing')).toBe(false);
  });

  it('otherwise runs when no case matches', () => {
    const g = loadClean(ruleset(`              - { is: Nobody, steps: [ { id: none, do: [ { set: { crowned: true } } ] } ] }`).replace('name: King', 'name: Nobody').replace(/- \{ id: (assassin|thief).*\n/g, ''));
    const s = newGame(g, { players: 2, seed: 1 });
    expect(varOf(s, g, 'crowned')).toBe(true);
    expect(varOf(s, g, 'nothing')).toBe(false);
  });

  it('a misspelt card name in is: is an error at its place with did-you-mean; so is a misspelt case key', () => {
    const text = GOOD.replace('is: Assassin', 'is: Asassin').replace('when: "$card.rank == 4"\n                steps:', 'when: "$card.rank == 4"\n                stpes:');
    const r = loadText(text);
    expect(r.errors).toContain(`words.yaml:${lineOf(text, 'Asassin')}:21: error: 'Asassin' is not the name of any card (did you mean 'Assassin'?)`);
    expect(r.errors.some((e) => e.startsWith(`words.yaml:${lineOf(text, 'stpes')}:17: error:`) && e.includes("'steps'"))).toBe(true);
  });

  it('a name bound in one case is not seen after the switch', () => {
    const text = GOOD.replace("      - { id: stop, do: [ { end: done } ] }", "      - { id: stop, do: [ { set: { killed: $target } }, { end: done } ] }");
    const r = loadText(text);
    expect(r.errors).toEqual([`words.yaml:${lineOf(text, 'killed: $target } }, {')}:44: error: '$target' is not bound here`]);
  });
});
