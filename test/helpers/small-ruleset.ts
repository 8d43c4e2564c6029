// A small complete ruleset for tests of the engine's edges: one phase whose steps the test gives, then an
// ending; a few cards, zones and a variable to play with.

import { EVERYONE_A_MEMBER, oneTeam } from '../../bench/ruleset-parts.js';

/** A small ruleset: one phase of one step, its effects (and extra sections) given. */
export function smallRuleset(o: { cardFields?: string; cards?: string; defs?: string; vars?: string; steps: string; extra?: string; zones?: string }): string {
  return `id: t
name: T
players: { min: 2, max: 3 }
${oneTeam('count(pile) + zero')}cardTypes:
  - id: c
    fields: { v: number${o.cardFields ? `, ${o.cardFields}` : ''} }
cards:
  - { id: c1, type: c, v: 1, count: 4 }
${o.cards ?? ''}
zones:
  - { id: box }
  - { id: pile }
  - { id: shown }
  - { id: hand, per: player, visibility: owner }
${o.zones ?? ''}
vars:
  - { id: n, type: number }
${o.vars ?? ''}
definitions:
  - { id: zero, value: "0" }
${o.defs ?? ''}
endings:
  - { id: done, winner: all }
${o.extra ?? ''}
setup:
${EVERYONE_A_MEMBER}phases:
  - id: main
    steps:
${o.steps}
      - id: fin
        do:
          - end: done
`;
}
