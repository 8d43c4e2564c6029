// The 7 Wonders bot heuristics (not rules): greedy counts what a science symbol will be worth, not only the
// point it scores today. Offered a science card and a civilian card worth more points now, a greedy player
// in Age I starts a science set; in Age III, with no Age to come, it takes the points.

import { describe, expect, it } from 'vitest';
import { seedRng } from '../../engine/rng.js';
import { greedyChoice } from '../../engine/bots/greedy.js';
import { botPrompt } from '../../engine/bots/options.js';
import { entity, ev, table, sevenWonders } from './sw.js';

/** Seat 1's greedy choice with a hand of Apothecary (a compass, 1 point now), Altar (2 points) and Theater
 *  (2 points), a Loom in its city to pay the Apothecary with, in the given Age. */
function choiceIn(age: 1 | 3, seed: number): { card: number; act: string } {
  const g = sevenWonders();
  const m = table({ players: 3, age, hands: { 0: ['apothecary-3', 'altar-3', 'theater-3'] }, cities: { 0: ['loom-3'] } });
  const s = m.state;
  const p = s.simultaneous!.threads.find((t) => t.player === 0)!.prompt!;
  return greedyChoice(s, g, botPrompt(s, g, p), seedRng(seed, 'heuristics'))[0] as { card: number; act: string };
}

describe('7 Wonders heuristics: science is worth more than its points today', () => {
  it('the heuristic counts 2 points a symbol for every Age to come', () => {
    const m = table({ players: 3, age: 1, hands: { 0: ['apothecary-3', 'altar-3', 'theater-3'] }, cities: { 0: ['loom-3'] } });
    expect(ev(m, 'sciencePotential(player(1))')).toBe(0);
    const m2 = table({ players: 3, age: 2, hands: { 0: ['altar-3', 'theater-3'] }, cities: { 0: ['apothecary-3', 'scriptorium-3'] } });
    expect(ev(m2, 'sciencePotential(player(1))')).toBe(4); // 2 symbols × 2 points × 1 Age to come
  });

  for (const seed of [1, 2, 3]) {
    it(`greedy starts a science set in Age I and takes the points in Age III (bot stream ${seed})`, () => {
      const g = sevenWonders();
      const first = choiceIn(1, seed);
      expect(first.act).toBe('build');
      expect(first.card).toBe(entity(g, 'apothecary-3'));
      const last = choiceIn(3, seed);
      expect(last.act).toBe('build');
      expect([entity(g, 'altar-3'), entity(g, 'theater-3')]).toContain(last.card);
    });
  }
});
