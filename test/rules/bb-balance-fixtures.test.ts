// The Babel Builders variants the balance figures of docs/balance.md are measured on (test fixtures, not bundled
// games), checked to be what they say:
//  - public Messenger: at the first decision (the Master appointing) every seat sees who the Messenger is, and
//    only the Messenger's role is shown; the base shows nobody's;
//  - two more Seals: 7 Seal cards in play at 6 players where the base has 5.

import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { cardsIn, entitiesOf, loadGame, ROOT, rulesetPath, start } from '../helpers/game.js';
import type { Game, State } from '../../engine/model.js';

const base = loadGame(rulesetPath('babel-builders.yaml'));
const fixture = (name: string) => loadGame(resolve(ROOT, 'test/fixtures/variants', name));

/** Seal cards dealt into play (not left in the box). */
function sealsInPlay(g: Game, s: State): number {
  return entitiesOf(g, 'seal').length - cardsIn(s, g, 'box').filter((id) => id === 'seal').length;
}

describe('Babel Builders balance fixtures', () => {
  it('public Messenger: everyone sees who the Messenger is from the first appointment', () => {
    const g = fixture('babel-builders-public-messenger.yaml');
    for (const seed of [1, 2, 3]) {
      const s = start(g, 6, seed);
      const messenger = g.roles.findIndex((r) => r.id === 'messenger');
      for (let p = 0; p < 6; p++) expect(s.roleShown[p], `seed ${seed}, seat ${p + 1}`).toBe(s.roles[p] === messenger ? 1 : 0);
      const b = start(base, 6, seed);
      expect([...b.roleShown]).toEqual([0, 0, 0, 0, 0, 0]);
    }
  });

  it('two more Seals: 7 in play at 6 players, where the base has 5', () => {
    const g = fixture('babel-builders-two-more-seals.yaml');
    expect(sealsInPlay(g, start(g, 6, 1))).toBe(7);
    expect(sealsInPlay(base, start(base, 6, 1))).toBe(5);
    expect(sealsInPlay(g, start(g, 10, 1))).toBe(11);
  });
});
