// Property: card conservation after every action of random legal play. Every entity lies in exactly one
// zone instance (none duplicated, none lost), `loc` agrees with the zone holding it, and the 25 material
// blocks are always split between the supply and the tower.

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Game, State } from '../../engine/model.js';
import { babelBuilders } from '../helpers/game.js';
import { conservationProblem, picksArb, playRandom, playersArb, seedArb, zoneIdOf } from './support.js';

function blockProblem(s: State, g: Game, blocks: number[]): string | null {
  if (blocks.length !== 25) return `${blocks.length} block entities, expected 25`;
  let inSupply = 0;
  let inTower = 0;
  for (const e of blocks) {
    const z = zoneIdOf(g, s.loc[e]!);
    if (z === 'supply') inSupply++;
    else if (z === 'tower') inTower++;
    else return `block ${e} is in ${z}`;
  }
  return inSupply + inTower === 25 ? null : `supply ${inSupply} + tower ${inTower} ≠ 25`;
}

describe('card conservation (Babel Builders)', () => {
  const g = babelBuilders();
  const blocks = Array.from(g.entityDef, (d, e) => (g.cards[d]!.type === 'block' ? e : -1)).filter((e) => e >= 0);

  it('every entity is in exactly one zone after every action; blocks stay 25 in supply + tower', () => {
    fc.assert(
      fc.property(playersArb, seedArb, picksArb, fc.boolean(), (players, seed, picks, log) => {
        const check = (s: State, when: string) => {
          const p = conservationProblem(s, g) ?? blockProblem(s, g, blocks);
          if (p) throw new Error(`${when}: ${p}`);
          // tower cells hold only blocks; supply holds only blocks
          for (let z = 0; z < s.zones.length; z++) {
            const id = zoneIdOf(g, z);
            if (id === 'tower' || id === 'supply') {
              for (const e of s.zones[z]!) if (g.cards[g.entityDef[e]!]!.type !== 'block') throw new Error(`${when}: ${g.cards[g.entityDef[e]!]!.id} in ${id}`);
            }
          }
        };
        const r = playRandom(g, players, seed, picks, {
          log,
          atStart: (s) => check(s, 'after setup'),
          after: (s, a) => check(s, `after ${JSON.stringify(a.action)}`),
        });
        expect(r.s.ended).not.toBeNull();
      }),
      { numRuns: 250 },
    );
  });
});
