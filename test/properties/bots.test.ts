// Both bots finish games at every table size, without truncation, with a declared ending whose winner
// matches the result; mixed tables too. Seeds are a handful per table size, drawn by fast-check.

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { playout, BOTS, type BotKind } from '../../engine/sim/playout.js';
import { babelBuilders } from '../helpers/game.js';
import { conservationProblem, seedArb } from './support.js';

const g = babelBuilders();

describe('bots finish games (Babel Builders)', () => {
  for (const bot of BOTS) {
    for (let players = g.minPlayers; players <= g.maxPlayers; players++) {
      it(`${bot} bots, ${players} players`, () => {
        fc.assert(
          fc.property(seedArb, (seed) => {
            const r = playout(g, { players, seed, bot });
            expect(r.truncated, r.message).toBe(false);
            expect(r.state.ended).not.toBeNull();
            expect(r.ending).not.toBeNull();
            const ending = g.endingIds.get(r.ending!);
            expect(ending).toBeDefined();
            expect(r.outcome).toBe(ending!.winner);
            expect(r.actions).toBe(r.state.actions);
            expect(r.actions).toBeGreaterThan(0);
            expect(conservationProblem(r.state, g)).toBeNull();
          }),
          { numRuns: 6 },
        );
      });
    }
  }

  it('mixed tables (random and greedy seats) finish too', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: g.minPlayers, max: g.maxPlayers }).chain((n) => fc.tuple(fc.constant(n), fc.array(fc.constantFrom<BotKind>(...BOTS), { minLength: n, maxLength: n }))),
        seedArb,
        ([players, seats], seed) => {
          const r = playout(g, { players, seed, bot: 'random', seats });
          expect(r.truncated, r.message).toBe(false);
          expect(r.outcome).toBe(g.endingIds.get(r.ending!)!.winner);
        },
      ),
      { numRuns: 20 },
    );
  });
});
