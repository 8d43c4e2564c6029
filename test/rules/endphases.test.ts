// Rules 17–18: the Seal phase and the Divine Punishment phase (rulebook §6), and a whole game from the
// last construction to the verdict.

import { describe, expect, it } from 'vitest';
import { IllegalAction } from '../../engine/flow.js';
import { act, activePlayers, cardsIn, count, getVar, promptOf, options, stepOf, view } from '../helpers/game.js';
import { A, M, Z, arrange, logSince, mark, select, towerOf } from './bb.js';

// 5 players: seat 2 and seat 4 are Zealots, seat 3 the Messenger.
const ROLES = [A, Z, M, Z, A];

describe('Rule 17 — Seal phase', () => {
  it('only Seal holders point, all at once, at another player; one Seal per person; pointing is optional', () => {
    const { g, s } = arrange({
      players: 5, roles: ROLES, master: 0, phase: 'seal',
      hands: {
        0: ['seal', 'seal', 'i3-A1'],
        1: ['punishment', 'seal', 'i1-colA'],
        2: ['i1-row1', 'i1-row2', 'i1-row3'],
        3: ['punishment', 'i2-A1A2', 'storm'],
        4: ['seal', 'i2-B1B2', 'deliberation'],
      },
    });
    // the Messenger and Zealots may use Seals too (seat 2); seats without a Seal are not asked
    expect(activePlayers(s).sort()).toEqual([0, 1, 4]);
    for (const p of [0, 1, 4]) expect(stepOf(s, g, p)).toBe('seal/point/aim');
    expect(stepOf(s, g, 2)).toBeNull();
    expect(stepOf(s, g, 3)).toBeNull();
    expect(options(s, g, 0)).toEqual([1, 2, 3, 4]);
    expect(options(s, g, 4)).toEqual([0, 1, 2, 3]);
    const p = promptOf(s, 0)!;
    expect([p.min, p.max]).toEqual([0, 1]); // optional, and one target at most
    expect(() => act(s, g, 0, 2, 3)).toThrow(IllegalAction);
    expect(() => act(s, g, 0, 0)).toThrow(IllegalAction);

    const from = mark(s);
    act(s, g, 0, 2); // seat 1 holds two Seals: only one is used
    // the target is recorded (seen by its owner only); the Seal moves once every holder has pointed
    expect(getVar(s, g, 'sealTarget')[0]).toBe(2);
    expect((view(s, g, 0).vars as any).sealTarget[0]).toBe(2);
    expect(count(s, g, 'sealsReceived', 2)).toBe(0);
    expect(stepOf(s, g, 0)).toBeNull();
    // the phase waits for every holder
    expect(activePlayers(s).sort()).toEqual([1, 4]);
    act(s, g, 1, 3); // a Zealot seals an Architect
    expect(count(s, g, 'sealsReceived', 3)).toBe(0);
    act(s, g, 4); // seat 5 keeps their Seal
    expect(cardsIn(s, g, 'sealsReceived', 2)).toEqual(['seal']);
    expect(cardsIn(s, g, 'hand', 0)).toEqual(['seal', 'i3-A1']);
    expect(cardsIn(s, g, 'hand', 4)).toEqual(['seal', 'i2-B1B2', 'deliberation']);
    expect(cardsIn(s, g, 'sealsReceived', 3)).toEqual(['seal']);
    expect(cardsIn(s, g, 'hand', 1)).toEqual(['punishment', 'i1-colA']);
    for (const q of [0, 1, 4]) expect(count(s, g, 'sealsReceived', q)).toBe(0);
    // the hand-over is announced to all, seat by seat; seat 5 (kept their Seal) is not named
    const handOver = logSince(s, g, 2, from).filter((l) => /^Player \d+ seals Player \d+\.$/.test(l));
    expect(handOver).toEqual(['Player 1 seals Player 3.', 'Player 2 seals Player 4.']);
    // on to the Divine Punishment phase
    expect(activePlayers(s).sort()).toEqual([1, 3]);
    expect(stepOf(s, g, 1)).toBe('punishment/point/aim');
  });

  it('if nobody holds a Seal the phase is skipped (straight to the Divine Punishment phase)', () => {
    const { g, s } = arrange({
      players: 5, roles: ROLES, master: 0, phase: 'seal',
      hands: {
        0: ['i3-A1', 'i3-A2', 'i3-A3'],
        1: ['punishment', 'i1-colA', 'i1-colB'],
        2: ['i1-row1', 'i1-row2', 'i1-row3'],
        3: ['punishment', 'i2-A1A2', 'storm'],
        4: ['lightning', 'i2-B1B2', 'deliberation'],
      },
    });
    expect(activePlayers(s).sort()).toEqual([1, 3]);
    expect(stepOf(s, g, 1)).toBe('punishment/point/aim');
    expect(view(s, g, 0).log.some((l) => l.includes('seal/point/aim'))).toBe(false);
  });

  // Rulebook §7: "If No Architect Has a Seal Card — The Seal Phase is skipped, and the game proceeds to
  // the Divine Punishment Phase." The Messenger and the Zealots may use Seals (§6.1), but only when an
  // Architect holding one opens the phase.
  it('a Messenger and a Zealot with Seals but no Architect with one: the Seal phase is skipped', () => {
    const { g, s } = arrange({
      players: 5, roles: ROLES, master: 0, phase: 'seal',
      hands: {
        0: ['i3-A1', 'i3-A2', 'i3-A3'],
        1: ['punishment', 'seal', 'i1-colB'],
        2: ['seal', 'i1-row2', 'i1-row3'],
        3: ['punishment', 'i2-A1A2', 'storm'],
        4: ['lightning', 'i2-B1B2', 'deliberation'],
      },
    });
    // nobody is asked to seal: the Zealots point straight away
    expect(activePlayers(s).sort()).toEqual([1, 3]);
    expect(stepOf(s, g, 1)).toBe('punishment/point/aim');
    expect(stepOf(s, g, 2)).toBeNull();
    expect(view(s, g, 0).log).toContain('No Architect holds a Seal: the Seal phase is skipped.');
    act(s, g, 1, 2);
    act(s, g, 3, 2);
    // the Messenger's Seal was never used; 2 punishments ≥ 0 seals
    expect(cardsIn(s, g, 'hand', 2)).toContain('seal');
    expect(count(s, g, 'sealsReceived', 0) + count(s, g, 'sealsReceived', 1) + count(s, g, 'sealsReceived', 3) + count(s, g, 'sealsReceived', 4)).toBe(0);
    expect(s.ended).toEqual({ ending: 'punishment-executed', winner: 'messenger', truncated: false });
  });

  it('the Messenger alone holding a Seal is not asked to point', () => {
    const { g, s } = arrange({
      players: 5, roles: [A, A, M, A, A], master: 0, phase: 'seal',
      hands: { 0: ['i3-A1'], 1: ['i1-colA'], 2: ['seal', 'i1-row1'], 3: ['storm'], 4: ['lightning'] },
    });
    expect(stepOf(s, g, 2)).toBeNull();
    expect(count(s, g, 'sealsReceived', 0)).toBe(0);
    expect(s.ended).toEqual({ ending: 'punishment-executed', winner: 'messenger', truncated: false });
    expect(view(s, g, 0).log).toContain("Punishments 0 ≥ seals 0: the Messenger's comeback.");
  });

  it('one Architect holding a Seal opens the phase, and then the Messenger and Zealots may seal too', () => {
    const { g, s } = arrange({
      players: 5, roles: ROLES, master: 0, phase: 'seal',
      hands: {
        0: ['i3-A1', 'i3-A2', 'i3-A3'],
        1: ['punishment', 'seal', 'i1-colB'],
        2: ['seal', 'i1-row2', 'i1-row3'],
        3: ['punishment', 'i2-A1A2', 'storm'],
        4: ['seal', 'i2-B1B2', 'deliberation'],
      },
    });
    expect(activePlayers(s).sort()).toEqual([1, 2, 4]);
    for (const p of [1, 2, 4]) expect(stepOf(s, g, p)).toBe('seal/point/aim');
    expect(view(s, g, 0).log).not.toContain('No Architect holds a Seal: the Seal phase is skipped.');
  });

  // Formerly a bug: the aim step moved the Seal into the public `sealsReceived` zone inside the
  // simultaneous step. Now each holder only records `sealTarget[$s]` (visible to its owner) and the
  // `hand-over` step moves the Seals after all have pointed. Rulebook §6.1: holders "simultaneously
  // point to the player they wish to seal"; "they cannot discuss their intended targets directly but
  // must decide individually".
  it('the targets stay hidden from the other holders until every holder has pointed', () => {
    const { g, s } = arrange({
      players: 5, roles: ROLES, master: 0, phase: 'seal',
      hands: {
        0: ['seal', 'i3-A1', 'i3-A2'],
        1: ['punishment', 'i1-colA', 'i1-colB'],
        2: ['i1-row1', 'i1-row2', 'i1-row3'],
        3: ['punishment', 'i2-A1A2', 'storm'],
        4: ['seal', 'i2-B1B2', 'deliberation'],
      },
    });
    const from = mark(s);
    act(s, g, 0, 2);
    expect(stepOf(s, g, 4)).toBe('seal/point/aim'); // seat 5 is still deciding
    const v = view(s, g, 4);
    expect((v.zones as any).sealsReceived.map((z: any) => z.count)).toEqual([0, 0, 0, 0, 0]);
    expect(logSince(s, g, 4, from).join('\n')).not.toMatch(/Player 3/);
    // the recorded target is seat 1's own secret: seat 5 (and any other seat) reads no value for it
    for (const viewer of [1, 2, 3, 4]) expect((view(s, g, viewer).vars as any).sealTarget[0]).toBeNull();
    expect((view(s, g, 0).vars as any).sealTarget[0]).toBe(2);
    // once seat 5 has pointed too, both Seals are handed over and announced
    act(s, g, 4, 2);
    expect(count(s, g, 'sealsReceived', 2)).toBe(2);
    expect(logSince(s, g, 1, from)).toEqual(expect.arrayContaining(['Player 1 seals Player 3.', 'Player 5 seals Player 3.']));
  });
});

describe('Rule 18 — Divine Punishment phase', () => {
  const endHands = (): Record<number, string[]> => ({
    0: ['seal', 'i3-A1', 'i3-A2'],
    1: ['punishment', 'i1-colA', 'i1-colB'],
    2: ['i1-row1', 'i1-row2', 'i1-row3'],
    3: ['punishment', 'punishment', 'storm'],
    4: ['seal', 'i2-B1B2', 'deliberation'],
  });

  it('Zealots are revealed to everyone once the Seal phase is over, and point simultaneously; their cards go to the target', () => {
    const { g, s } = arrange({ players: 5, roles: ROLES, master: 0, phase: 'seal', hands: endHands() });
    act(s, g, 0, 2);
    // still the Seal phase: roles hidden
    expect(view(s, g, 0).seats.map((x) => x.role)).toEqual([A, null, null, null, null]);
    const from = mark(s);
    act(s, g, 4, 2);
    // the Zealots' roles are now known to all; the Messenger's is not
    for (const viewer of [0, 2, 4]) {
      const seats = view(s, g, viewer).seats;
      expect(seats[1]!.role).toBe(Z);
      expect(seats[3]!.role).toBe(Z);
      if (viewer !== 2) expect(seats[2]!.role).toBeNull();
    }
    expect(logSince(s, g, 0, from)).toEqual(expect.arrayContaining(['Player 2 is revealed: Zealot', 'Player 4 is revealed: Zealot']));
    // both Zealots are asked at once; Zealots only, each at another player, no passing
    expect(activePlayers(s).sort()).toEqual([1, 3]);
    expect(options(s, g, 3)).toEqual([0, 1, 2, 4]);
    expect(promptOf(s, 3)!.min).toBe(1);
    const aimed = mark(s);
    act(s, g, 3, 2); // holds two: both go to the target, once every Zealot has pointed
    expect(getVar(s, g, 'punishTarget')[3]).toBe(2);
    expect(count(s, g, 'punishmentsReceived', 2)).toBe(0);
    expect(cardsIn(s, g, 'hand', 3)).toEqual(['punishment', 'punishment', 'storm']);
    expect(s.ended).toBeNull();
    expect(activePlayers(s)).toEqual([1]);
    act(s, g, 1, 0);
    expect(cardsIn(s, g, 'punishmentsReceived', 2)).toEqual(['punishment', 'punishment']);
    expect(cardsIn(s, g, 'hand', 3)).toEqual(['storm']);
    expect(cardsIn(s, g, 'punishmentsReceived', 0)).toEqual(['punishment']);
    expect(cardsIn(s, g, 'hand', 1)).toEqual(['i1-colA', 'i1-colB']);
    expect(logSince(s, g, 0, aimed)).toEqual(expect.arrayContaining(['Player 2 points at Player 1.', 'Player 4 points at Player 3.']));
    // verdict: 2 punishments ≥ 2 seals on the Messenger
    expect(s.ended).toEqual({ ending: 'punishment-executed', winner: 'messenger', truncated: false });
  });

  it('punishments on the Messenger ≥ seals (equal) → punishment-executed, the Messenger team wins', () => {
    const h = endHands();
    h[3] = ['punishment', 'i2-A1A2', 'storm'];
    const { g, s } = arrange({ players: 5, roles: ROLES, master: 0, phase: 'seal', hands: h });
    act(s, g, 0, 2);
    act(s, g, 4, 2);
    act(s, g, 1, 2);
    const from = mark(s);
    act(s, g, 3, 2);
    expect(count(s, g, 'sealsReceived', 2)).toBe(2);
    expect(count(s, g, 'punishmentsReceived', 2)).toBe(2);
    expect(s.ended).toEqual({ ending: 'punishment-executed', winner: 'messenger', truncated: false });
    expect(logSince(s, g, 0, from)).toEqual(expect.arrayContaining([
      'Player 3 is revealed: Messenger of God',
      "Punishments 2 ≥ seals 2: the Messenger's comeback.",
    ]));
  });

  it('fewer punishments than seals on the Messenger → seal-success, the Architect team wins', () => {
    const h = endHands();
    h[3] = ['punishment', 'i2-A1A2', 'storm'];
    const { g, s } = arrange({ players: 5, roles: ROLES, master: 0, phase: 'seal', hands: h });
    act(s, g, 0, 2);
    act(s, g, 4, 2);
    act(s, g, 1, 2);
    act(s, g, 3, 4); // one Zealot points at an Architect
    expect(count(s, g, 'sealsReceived', 2)).toBe(2);
    expect(count(s, g, 'punishmentsReceived', 2)).toBe(1);
    expect(count(s, g, 'punishmentsReceived', 4)).toBe(1);
    expect(s.ended).toEqual({ ending: 'seal-success', winner: 'architects', truncated: false });
    expect(view(s, g, 0).log).toContain('Punishments 1 < seals 2: the seal holds.');
  });

  it('seals on another player do not count: only those on the Messenger', () => {
    const h = endHands();
    h[3] = ['punishment', 'i2-A1A2', 'storm'];
    const { g, s } = arrange({ players: 5, roles: ROLES, master: 0, phase: 'seal', hands: h });
    act(s, g, 0, 2);
    act(s, g, 4, 1); // wrong target
    act(s, g, 1, 4);
    act(s, g, 3, 4); // no punishment at all on the Messenger, against one seal
    expect(s.ended).toEqual({ ending: 'seal-success', winner: 'architects', truncated: false });
    expect(view(s, g, 0).log).toContain('Punishments 0 < seals 1: the seal holds.');
  });

  it('no seals at all → 0 ≥ 0: the Messenger team wins even without a punishment on the Messenger', () => {
    const { g, s } = arrange({
      players: 5, roles: ROLES, master: 0, phase: 'seal',
      hands: { ...endHands(), 0: ['i3-A1', 'i3-A2', 'i3-A3'], 4: ['lightning', 'i2-B1B2', 'deliberation'] },
    });
    act(s, g, 1, 0);
    act(s, g, 3, 4);
    expect(count(s, g, 'punishmentsReceived', 2)).toBe(0);
    expect(s.ended).toEqual({ ending: 'punishment-executed', winner: 'messenger', truncated: false });
    expect(view(s, g, 0).log).toContain("Punishments 0 ≥ seals 0: the Messenger's comeback.");
  });

  it('no Zealots and no seals: the verdict follows at once (0 ≥ 0)', () => {
    const { s } = arrange({
      players: 5, roles: [A, A, M, A, A], master: 0, phase: 'seal',
      hands: { 0: ['i3-A1'], 1: ['i1-colA'], 2: ['i1-row1'], 3: ['storm'], 4: ['lightning'] },
    });
    expect(s.ended).toEqual({ ending: 'punishment-executed', winner: 'messenger', truncated: false });
  });

  // Formerly a bug: as in the Seal phase, the aim step moved the Divine Punishment cards into the public
  // `punishmentsReceived` zone inside the simultaneous step. Now each Zealot records `punishTarget[$z]`
  // (visible to its owner) and the `hand-over` step moves the cards after all have pointed. Rulebook
  // §6.2: "Zealots simultaneously point to the player they believe is the Messenger of God".
  it('the Zealots’ targets stay hidden from the other Zealots until all have pointed', () => {
    const { g, s } = arrange({ players: 5, roles: ROLES, master: 0, phase: 'seal', hands: endHands() });
    act(s, g, 0, 2);
    act(s, g, 4, 2);
    const from = mark(s);
    act(s, g, 3, 2);
    expect(stepOf(s, g, 1)).toBe('punishment/point/aim'); // seat 2 is still deciding
    expect((view(s, g, 1).zones as any).punishmentsReceived.map((z: any) => z.count)).toEqual([0, 0, 0, 0, 0]);
    expect(logSince(s, g, 1, from).join('\n')).not.toMatch(/Player 3/);
    for (const viewer of [0, 1, 2, 4]) expect((view(s, g, viewer).vars as any).punishTarget[3]).toBeNull();
    expect((view(s, g, 3).vars as any).punishTarget[3]).toBe(2);
  });
});

describe('A whole ending: last construction → Seal phase → Divine Punishment phase → verdict', () => {
  it('the tower is completed, the Messenger is sealed twice and punished once: the Architect team wins', () => {
    const { g, s } = arrange({
      players: 5, roles: [A, Z, M, A, A], master: 0, tower: { C1: 3, A3: 3, B2: 5 },
      hands: {
        0: ['i3-A1', 'seal', 'i1-row3'],
        1: ['punishment', 'i1-colA', 'seal'],
        2: ['lightning', 'i1-row1', 'i1-row2'],
        3: ['i3-B2', 'seal', 'storm'],
        4: ['i2-C2C3', 'seal', 'deliberation'],
      },
    });
    act(s, g, 0, 1, 2, 3);
    // the Zealot keeps the Divine Punishment card; the Seal, the only other card, is discarded
    select(s, g, 1, 'i1-colA', 'seal');
    select(s, g, 2, 'lightning', 'i1-row1');
    select(s, g, 3, 'i3-B2', 'storm');
    act(s, g, 0, 'lightning'); // the Master keeps the Lightning out of the reveal
    act(s, g, 0, 'i1-row3');
    act(s, g, 0, 'i3-B2');
    act(s, g, 0, 'A1'); // the 1-block card, revealed last
    expect(towerOf(s, g)).toEqual({ A1: 1, C1: 3, A3: 3, B2: 8 });
    // Seal phase: the Master, seat 4 and seat 5 hold Seals
    expect(activePlayers(s).sort()).toEqual([0, 3, 4]);
    act(s, g, 0, 2);
    act(s, g, 3, 2);
    act(s, g, 4, 1);
    // Divine Punishment phase: the Zealot is unmasked and points
    expect(view(s, g, 4).seats[1]!.role).toBe(Z);
    expect(activePlayers(s)).toEqual([1]);
    act(s, g, 1, 2);
    expect(count(s, g, 'sealsReceived', 2)).toBe(2);
    expect(count(s, g, 'punishmentsReceived', 2)).toBe(1);
    expect(s.ended).toEqual({ ending: 'seal-success', winner: 'architects', truncated: false });
    // at the end every role is known
    expect(view(s, g, 4).seats.map((x) => x.role)).toEqual([A, Z, M, A, A]);
  });
});
