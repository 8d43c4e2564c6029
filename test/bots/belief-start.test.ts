// Where the setup itself may change a role (Babel Builders: an Architect dealt the Divine Punishment card is a
// Zealot from the start), a seat's belief starts with one world for each combination of roles it can have made,
// weighted by how often the setup gives it: before any play, no such combination is missing, and each seat's
// chance to be a saboteur is what the deal makes it. Where the combinations are too many to keep apart (10 players),
// the worlds are spread evenly over the deals of the roles instead.

import { describe, expect, it } from 'vitest';
import { newGame } from '../../engine/flow.js';
import { Belief } from '../../engine/bots/belief.js';
import { babelBuilders } from '../helpers/game.js';

describe('a belief where the setup converts a role', () => {
  it('starts with one world for each combination of Messenger and Zealot a five-player deal allows (nearly all 16), weighted as the deal makes them', () => {
    const g = babelBuilders();
    const role = (id: string) => g.roles.findIndex((r) => r.id === id);
    const [messenger, zealot, architect] = [role('messenger'), role('zealot'), role('architect')];
    let checked = 0;
    for (let k = 0; k < 6; k++) {
      const s = newGame(g, { players: 5, seed: `start:${k}` });
      // a seat that is an Architect sees neither the Messenger nor a Zealot
      const v = [...s.roles].findIndex((r) => r === architect);
      const b = Belief.start(g, s, [v], `start:${k}`, undefined);
      const { worlds, weights } = b.worldsOf(v)!;
      const combos = new Set(worlds.map((d) => [...d.roles].join(',')));
      // one world a combination; the Messenger is one of 4 seats, the card in one of 4 hands (the Messenger's: no
      // Zealot): 16, of which 16 setups a deal may miss one now and then
      expect(combos.size).toBe(worlds.length);
      expect(worlds.length).toBeGreaterThanOrEqual(14);
      expect(worlds.length).toBeLessThanOrEqual(16);
      expect(weights.reduce((a, x) => a + x, 0)).toBeCloseTo(1, 9);
      for (const d of worlds) {
        expect(d.roles[v]).toBe(architect);
        expect([...d.roles].filter((r) => r === messenger)).toHaveLength(1);
        expect([...d.roles].filter((r) => r === zealot).length).toBeLessThanOrEqual(1);
      }
      // each other seat: a saboteur in 7 of the 16 combinations (Messenger 4, Zealot 3), each 1/16 by the deal
      for (let p = 0; p < 5; p++) {
        if (p === v) continue;
        const x = b.chance(v, p, (r) => r === messenger || r === zealot);
        expect(x).toBeGreaterThan(7 / 16 - 0.2);
        expect(x).toBeLessThan(7 / 16 + 0.2);
        checked++;
      }
    }
    expect(checked).toBe(24);
  });

  it('where the combinations are too many to keep apart (10 players: four Divine Punishment cards), spreads its worlds evenly over the deals of the roles instead', () => {
    const g = babelBuilders();
    const role = (id: string) => g.roles.findIndex((r) => r.id === id);
    const [messenger, architect] = [role('messenger'), role('architect')];
    for (let k = 0; k < 3; k++) {
      const s = newGame(g, { players: 10, seed: `start10:${k}` });
      const v = [...s.roles].findIndex((r) => r === architect); // (not a Zealot: one knows the Messenger)
      const b = Belief.start(g, s, [v], `start10:${k}`, undefined);
      const { worlds, weights } = b.worldsOf(v)!;
      // the Messenger dealt to each of the 6 seats the viewer cannot see, in as many worlds each (at least two)
      const perSeat = new Map<number, number>();
      for (const d of worlds) {
        const m = [...d.dealtRoles].findIndex((r) => r === messenger);
        expect(m).not.toBe(v);
        perSeat.set(m, (perSeat.get(m) ?? 0) + 1);
      }
      expect(perSeat.size).toBe(9);
      const counts = [...perSeat.values()];
      expect(Math.min(...counts)).toBe(Math.max(...counts));
      expect(counts[0]).toBeGreaterThanOrEqual(2);
      for (const w of weights) expect(w).toBeCloseTo(1 / worlds.length, 12);
      for (let p = 0; p < 10; p++) if (p !== v) expect(b.chance(v, p, (r) => r === messenger)).toBeCloseTo(1 / 9, 9);
    }
  });
});
