// Every bot finishes games at every table size, without truncation, with a declared ending whose winner
// matches the result; mixed tables too. Seeds are two or three per table size (seedsFor), drawn by fast-check.
// The searching bots play at a small budget: what is checked here is that their games are whole, not how well
// they play (at their default budgets these games took about 5 of the suite's 14 minutes).

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { playout, botNames, type BotKind } from '../../engine/sim/playout.js';
import { babelBuilders } from '../helpers/game.js';
import { conservationProblem, seedArb } from './support.js';

const BOTS = botNames();
const g = babelBuilders();
/** A bot as played here: the searching ones at 20 iterations a decision, `ahead` on one copy. */
const small = (b: BotKind): BotKind => (b === 'ismcts' ? 'ismcts:20' : b === 'guided' ? 'guided:20' : b === 'ahead' ? 'ahead:1' : b);
/** Seeds per table size: three for the quick bots, two for those that search, one for deduce (its belief over
 *  role combinations costs about 2 CPU-s a seven-player game; its own tests are in test/bots/). */
const seedsFor = (b: BotKind): number => (b === 'random' || b === 'greedy' ? 3 : b === 'deduce' ? 1 : 2);

describe('bots finish games (Babel Builders)', () => {
  for (const bot of BOTS) {
    for (let players = g.minPlayers; players <= g.maxPlayers; players++) {
      it(`${bot} bots, ${players} players`, () => {
        fc.assert(
          fc.property(seedArb, (seed) => {
            const r = playout(g, { players, seed, bot: small(bot) });
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
          { numRuns: seedsFor(bot) },
        );
      });
    }
  }

  it('mixed tables (every bot, seat by seat) finish too', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: g.minPlayers, max: g.maxPlayers }).chain((n) => fc.tuple(fc.constant(n), fc.array(fc.constantFrom<BotKind>(...BOTS), { minLength: n, maxLength: n }))),
        seedArb,
        ([players, seats], seed) => {
          const r = playout(g, { players, seed, bot: 'random', seats: seats.map(small) });
          expect(r.truncated, r.message).toBe(false);
          expect(r.outcome).toBe(g.endingIds.get(r.ending!)!.winner);
        },
      ),
      { numRuns: 8 },
    );
  });
});
