// Rules 4, 12 and 13: handling of Divine Punishment cards in the Construction phase, conversion to
// Zealot, and Divine Punishment confirmation (rulebook §5.2 "Important Rules", §5.3).

import { describe, expect, it } from 'vitest';
import { act, activePlayers, cardsIn, count, getVar, options, promptOf, roleOf, stepOf, view, zoneInst } from '../helpers/game.js';
import { A, M, Z, arrange, logSince, mark, select, sorted } from './bb.js';

const hands = (over: Record<number, string[]>): Record<number, string[]> => ({
  0: ['i3-A1', 'seal', 'i1-row3'],
  1: ['i1-colA', 'i1-colB', 'i1-colC'],
  2: ['i1-row1', 'i1-row2', 'seal'],
  3: ['i2-A1A2', 'i2-A2A3', 'storm'],
  4: ['i2-B1B2', 'i2-B2B3', 'deliberation'],
  ...over,
});

const noDpDiscarded = (s: any, g: any, n: number) => {
  for (let p = 0; p < n; p++) expect(cardsIn(s, g, 'discarded', p)).not.toContain('punishment');
};

/** Seats 1–3 appointed with the default hands; the round is played through to the refill. */
function playRoundToRefill(s: Parameters<typeof act>[0], g: Parameters<typeof act>[1]): void {
  act(s, g, 0, 1, 2, 3);
  select(s, g, 1, 'i1-colA', 'i1-colB');
  select(s, g, 2, 'i1-row1', 'i1-row2');
  select(s, g, 3, 'i2-A1A2', 'i2-A2A3');
  act(s, g, 0, 'i1-colA');
  act(s, g, 0, 'seal');
  act(s, g, 0, 'i2-A1A2');
  act(s, g, 0, 'A1'); // build
  act(s, g, 0, 'B1'); // the last card (1 block: A1/B1/C1) is revealed by itself
}

describe('Rule 4 — Divine Punishment cards in card selection', () => {
  it('an Architect holding a Divine Punishment card (turned Zealot) can neither play nor discard it', () => {
    // seat 2 is arranged as an Architect holding the card; the state-based rule turns them at the next step
    const { g, s } = arrange({
      players: 5, roles: [A, A, M, A, A], master: 0,
      hands: hands({ 1: ['punishment', 'i3-B2', 'seal'] }),
    });
    act(s, g, 0, 1, 3, 4);
    expect(roleOf(s, g, 1)).toBe(Z);
    expect(stepOf(s, g, 1)).toBe('round/select/play');
    expect(options(s, g, 1)).toEqual(['i3-B2', 'seal']);
    expect(() => act(s, g, 1, 'punishment')).toThrow(/not among the options/);
    act(s, g, 1, 'i3-B2');
    // the only card left to discard is the Seal: still asked (inside the simultaneous step every decision
    // is asked, so nobody's instant answer gives them away), with the Seal as the only option
    expect(stepOf(s, g, 1)).toBe('round/select/discard');
    expect(options(s, g, 1)).toEqual(['seal']);
    expect(() => act(s, g, 1, 'punishment')).toThrow(/not among the options/);
    act(s, g, 1, 'seal');
    expect(stepOf(s, g, 1)).toBeNull();
    expect(cardsIn(s, g, 'discarded', 1)).toEqual(['seal']);
    expect(cardsIn(s, g, 'hand', 1)).toEqual(['punishment']);
    expect(cardsIn(s, g, 'staged', 1)).toEqual(['i3-B2']);
  });

  it('a Zealot with one Divine Punishment card keeps it: plays and discards other cards', () => {
    const { g, s } = arrange({
      players: 5, roles: [A, Z, M, A, A], master: 0,
      hands: hands({ 1: ['i3-B2', 'punishment', 'i1-colA'] }),
    });
    act(s, g, 0, 1, 3, 4);
    expect(options(s, g, 1)).toEqual(['i3-B2', 'i1-colA']);
    act(s, g, 1, 'i1-colA');
    // the only card left to discard (besides the kept one) is the only option offered
    expect(stepOf(s, g, 1)).toBe('round/select/discard');
    expect(options(s, g, 1)).toEqual(['i3-B2']);
    act(s, g, 1, 'i3-B2');
    expect(stepOf(s, g, 1)).toBeNull();
    expect(cardsIn(s, g, 'discarded', 1)).toEqual(['i3-B2']);
    expect(cardsIn(s, g, 'hand', 1)).toEqual(['punishment']);
    noDpDiscarded(s, g, 5);
  });

  it('the Messenger passes every Divine Punishment card, without a choice, and discards another card', () => {
    const { g, s } = arrange({
      players: 5, roles: [A, A, M, A, A], master: 0,
      hands: hands({ 2: ['lightning', 'punishment', 'storm'] }),
    });
    act(s, g, 0, 1, 2, 3);
    // forced: the play prompt offers the Divine Punishment card as its only option (asked like any play)
    expect(stepOf(s, g, 2)).toBe('round/select/play');
    expect(options(s, g, 2)).toEqual(['punishment']);
    expect(cardsIn(s, g, 'staged', 2)).toEqual([]);
    expect(() => act(s, g, 2, 'lightning')).toThrow(/not among the options/);
    act(s, g, 2, 'punishment');
    expect(cardsIn(s, g, 'staged', 2)).toEqual(['punishment']);
    expect(stepOf(s, g, 2)).toBe('round/select/discard');
    expect(options(s, g, 2)).toEqual(['lightning', 'storm']);
    act(s, g, 2, 'storm');
    expect(cardsIn(s, g, 'hand', 2)).toEqual(['lightning']);
    expect(cardsIn(s, g, 'discarded', 2)).toEqual(['storm']);
    select(s, g, 1, 'i1-colA', 'i1-colB');
    select(s, g, 3, 'i2-A1A2', 'i2-A2A3');
    expect(sorted(s, g, 'received')).toEqual(['i1-colA', 'i2-A1A2', 'punishment']);
    noDpDiscarded(s, g, 5);
  });

  it('a Messenger without a Divine Punishment card plays and discards normally', () => {
    const { g, s } = arrange({ players: 5, roles: [A, A, M, A, A], master: 0, hands: hands({}) });
    act(s, g, 0, 1, 2, 3);
    expect(stepOf(s, g, 2)).toBe('round/select/play');
    expect(options(s, g, 2)).toEqual(['i1-row1', 'i1-row2', 'seal']);
  });

  it('a Zealot with two Divine Punishment cards passes one and keeps one', () => {
    const { g, s } = arrange({
      players: 5, roles: [A, Z, M, A, A], master: 0,
      hands: hands({ 1: ['punishment', 'i3-B2', 'punishment'] }),
    });
    act(s, g, 0, 1, 3, 4);
    // the play offers exactly one Divine Punishment card (the other is kept); the discard, the other card
    expect(stepOf(s, g, 1)).toBe('round/select/play');
    expect(options(s, g, 1)).toEqual(['punishment']);
    expect(activePlayers(s).sort()).toEqual([1, 3, 4]); // waited for like everyone
    act(s, g, 1, 'punishment');
    expect(cardsIn(s, g, 'staged', 1)).toEqual(['punishment']);
    expect(stepOf(s, g, 1)).toBe('round/select/discard');
    expect(options(s, g, 1)).toEqual(['i3-B2']);
    act(s, g, 1, 'i3-B2');
    expect(stepOf(s, g, 1)).toBeNull();
    expect(cardsIn(s, g, 'hand', 1)).toEqual(['punishment']);
    expect(cardsIn(s, g, 'discarded', 1)).toEqual(['i3-B2']);
    expect(roleOf(s, g, 1)).toBe(Z);
  });

  it('nobody discards a Divine Punishment card, even with nothing else left to discard', () => {
    // the Messenger holds three: passes all three (and Divine Punishment is then confirmed, rule 13)
    const { g, s } = arrange({
      players: 5, roles: [A, A, M, A, A], master: 0,
      hands: hands({ 2: ['punishment', 'punishment', 'punishment'] }),
    });
    act(s, g, 0, 1, 2, 3);
    // the play must hand all three at once; no discard is asked afterwards (nothing may be discarded)
    expect(stepOf(s, g, 2)).toBe('round/select/play');
    expect(options(s, g, 2)).toEqual(['punishment', 'punishment', 'punishment']);
    expect(() => act(s, g, 2, 'punishment')).toThrow(/choose 3/);
    act(s, g, 2, 'punishment', 'punishment', 'punishment');
    expect(cardsIn(s, g, 'staged', 2)).toEqual(['punishment', 'punishment', 'punishment']);
    expect(count(s, g, 'discarded', 2)).toBe(0);
    expect(stepOf(s, g, 2)).toBeNull();
  });
});

describe('Rule 12 — conversion to Zealot', () => {
  it('an Architect Master who takes a Divine Punishment card becomes a Zealot (and stays Master)', () => {
    const { g, s } = arrange({
      players: 5, roles: [A, A, M, A, A], master: 0,
      hands: hands({ 2: ['punishment', 'i1-row2', 'seal'] }),
    });
    act(s, g, 0, 1, 2, 3);
    select(s, g, 1, 'i1-colA', 'i1-colB');
    select(s, g, 2, 'punishment', 'seal');
    select(s, g, 3, 'i2-A1A2', 'i2-A2A3');
    const from = mark(s);
    // the take is forced but still asked (whether a Divine Punishment card arrived is the Master's secret)
    expect(stepOf(s, g, 0)).toBe('round/swap-take');
    expect(options(s, g, 0)).toEqual(['punishment']);
    act(s, g, 0, 'punishment');
    expect(stepOf(s, g, 0)).toBe('round/swap-give');
    expect(roleOf(s, g, 0)).toBe(A); // the card is not in hand yet
    act(s, g, 0, 'i1-row3');
    expect(roleOf(s, g, 0)).toBe(Z);
    expect(cardsIn(s, g, 'hand', 0)).toContain('punishment');
    expect(getVar(s, g, 'master')).toBe(0);
    // the Master learns it; the others are not told
    expect(logSince(s, g, 0, from)).toEqual(expect.arrayContaining(['You are now: Zealot', 'An architect has turned.']));
    for (const viewer of [1, 2, 3, 4]) {
      expect(logSince(s, g, viewer, from).join('\n')).not.toMatch(/Zealot|turned/);
      expect(view(s, g, viewer).seats[0]!.role).toBeNull();
    }
    expect(view(s, g, 0).seats[0]!.role).toBe(Z);
  });

  it('a Messenger Master who takes a Divine Punishment card stays the Messenger', () => {
    const { g, s } = arrange({
      players: 5, roles: [M, Z, A, A, A], master: 0,
      hands: hands({ 1: ['punishment', 'punishment', 'i1-colA'] }),
    });
    act(s, g, 0, 1, 2, 3);
    select(s, g, 1, 'punishment', 'i1-colA'); // the Zealot passes one of their two
    select(s, g, 2, 'i1-row1', 'i1-row2');
    select(s, g, 3, 'i2-A1A2', 'i2-A2A3');
    expect(stepOf(s, g, 0)).toBe('round/swap-take');
    expect(options(s, g, 0)).toEqual(['punishment']);
    act(s, g, 0, 'punishment');
    expect(stepOf(s, g, 0)).toBe('round/swap-give');
    act(s, g, 0, 'seal');
    expect(roleOf(s, g, 0)).toBe(M);
    expect(sorted(s, g, 'hand', 0)).toEqual(['i1-row3', 'i3-A1', 'punishment']);
  });

  it('a Zealot Master takes another Divine Punishment card, stays a Zealot, and cannot give up the one already held', () => {
    const { g, s } = arrange({
      players: 5, roles: [Z, A, M, A, A], master: 0,
      hands: hands({ 0: ['punishment', 'i3-A1', 'seal'], 2: ['punishment', 'i1-row2', 'i1-row1'] }),
    });
    act(s, g, 0, 1, 2, 3);
    select(s, g, 1, 'i1-colA', 'i1-colB');
    select(s, g, 2, 'punishment', 'i1-row1');
    select(s, g, 3, 'i2-A1A2', 'i2-A2A3');
    // only the received Divine Punishment card may be taken (not the one already in hand)
    expect(stepOf(s, g, 0)).toBe('round/swap-take');
    expect(options(s, g, 0)).toEqual(['punishment']);
    expect((promptOf(s, 0)!.options as number[]).map((e) => s.loc[e])).toEqual([zoneInst(g, 'received')]);
    act(s, g, 0, 'punishment');
    expect(stepOf(s, g, 0)).toBe('round/swap-give');
    expect(options(s, g, 0)).toEqual(['i3-A1', 'seal']);
    expect(() => act(s, g, 0, 'punishment')).toThrow(/not among the options/);
    act(s, g, 0, 'seal');
    expect(roleOf(s, g, 0)).toBe(Z);
    expect(sorted(s, g, 'hand', 0)).toEqual(['i3-A1', 'punishment', 'punishment']);
    expect(s.ended).toBeNull();
  });

  it('an Architect who draws a Divine Punishment card in the refill becomes a Zealot at once', () => {
    // deck bottom → top: the top two cards go to seat 2 (first appointed)
    const { g, s } = arrange({
      players: 5, roles: [A, A, M, A, A], master: 0,
      hands: hands({}),
      deck: ['i1-row3', 'i3-C3', 'i3-C2', 'i3-B3', 'punishment', 'i3-B1'],
    });
    playRoundToRefill(s, g);
    expect(stepOf(s, g, 0)).toBe('round/new-master');
    expect(sorted(s, g, 'hand', 1)).toEqual(['i1-colC', 'i3-B1', 'punishment']);
    expect(roleOf(s, g, 1)).toBe(Z);
    // the Messenger and other Architects are unchanged
    expect(roleOf(s, g, 2)).toBe(M);
    expect(roleOf(s, g, 3)).toBe(A);
  });

  it('a Messenger who draws a Divine Punishment card stays the Messenger', () => {
    const { g, s } = arrange({
      players: 5, roles: [A, M, A, A, A], master: 0,
      hands: hands({}),
      deck: ['i1-row3', 'i3-C3', 'i3-C2', 'i3-B3', 'punishment', 'i3-B1'],
    });
    playRoundToRefill(s, g);
    expect(cardsIn(s, g, 'hand', 1)).toContain('punishment');
    expect(roleOf(s, g, 1)).toBe(M);
  });
});

describe('Rule 13 — Divine Punishment confirmation', () => {
  it('two Divine Punishment cards from the Messenger in one phase: the Messenger team wins at once, cards revealed', () => {
    const { g, s } = arrange({
      players: 5, roles: [A, A, M, A, A], master: 0,
      hands: hands({ 2: ['punishment', 'punishment', 'seal'] }),
    });
    act(s, g, 0, 1, 2, 3);
    act(s, g, 2, 'punishment', 'punishment'); // the Messenger hands both
    act(s, g, 2, 'seal');
    select(s, g, 1, 'i1-colA', 'i1-colB');
    const from = mark(s);
    select(s, g, 3, 'i2-A1A2', 'i2-A2A3');
    expect(s.ended).toEqual({ ending: 'punishment-confirmed', winner: 'messenger', truncated: false });
    expect(activePlayers(s)).toEqual([]);
    // both cards are face up for everyone
    const recv = (view(s, g, 4).zones as any).received.cards as any[];
    expect(recv.filter((c) => c?.id === 'punishment')).toHaveLength(2);
    expect(logSince(s, g, 4, from)).toContain('2 Divine Punishment cards reach the Master: Divine Punishment is confirmed.');
  });

  it('one from the Messenger and one from a Zealot holding two: confirmed', () => {
    const { g, s } = arrange({
      players: 5, roles: [A, Z, M, A, A], master: 0,
      hands: hands({ 1: ['punishment', 'punishment', 'i1-colA'], 2: ['punishment', 'i1-row2', 'seal'] }),
    });
    act(s, g, 0, 1, 2, 3);
    select(s, g, 1, 'punishment', 'i1-colA');
    select(s, g, 2, 'punishment', 'seal');
    select(s, g, 3, 'i2-A1A2', 'i2-A2A3');
    expect(getVar(s, g, 'punishmentsIn')).toBe(2);
    expect(s.ended).toEqual({ ending: 'punishment-confirmed', winner: 'messenger', truncated: false });
    // the Zealot still holds the card they keep
    expect(cardsIn(s, g, 'hand', 1)).toEqual(['punishment']);
  });

  it('a single Divine Punishment card is not a confirmation', () => {
    const { g, s } = arrange({
      players: 5, roles: [A, A, M, A, A], master: 0,
      hands: hands({ 2: ['punishment', 'i1-row2', 'seal'] }),
    });
    act(s, g, 0, 1, 2, 3);
    select(s, g, 1, 'i1-colA', 'i1-colB');
    select(s, g, 2, 'punishment', 'seal');
    select(s, g, 3, 'i2-A1A2', 'i2-A2A3');
    expect(getVar(s, g, 'punishmentsIn')).toBe(1);
    expect(s.ended).toBeNull();
    // the Master is asked to take it (the only option), then what to give up; the game goes on
    expect(stepOf(s, g, 0)).toBe('round/swap-take');
    expect(options(s, g, 0)).toEqual(['punishment']);
    act(s, g, 0, 'punishment');
    expect(s.ended).toBeNull();
    expect(stepOf(s, g, 0)).toBe('round/swap-give');
  });

  it('a Master whose hand holds only Divine Punishment cards when a swap is due: confirmed, the hand revealed', () => {
    const { g, s } = arrange({
      players: 5, roles: [Z, A, M, A, A], master: 0,
      hands: hands({ 0: ['punishment', 'punishment', 'punishment'] }),
    });
    act(s, g, 0, 1, 2, 3);
    select(s, g, 1, 'i1-colA', 'i1-colB');
    select(s, g, 2, 'i1-row1', 'i1-row2');
    const from = mark(s);
    expect(s.ended).toBeNull();
    select(s, g, 3, 'i2-A1A2', 'i2-A2A3');
    expect(s.ended).toEqual({ ending: 'punishment-confirmed', winner: 'messenger', truncated: false });
    expect(((view(s, g, 4).zones as any).hand[0].cards as any[]).map((c) => c?.id)).toEqual(['punishment', 'punishment', 'punishment']);
    expect(logSince(s, g, 4, from)).toContain('Player 1 holds only Divine Punishment cards: Divine Punishment is confirmed.');
  });

  it('a Master holding only Divine Punishment cards who receives one more: confirmed (nothing to exchange)', () => {
    const { g, s } = arrange({
      players: 5, roles: [M, Z, A, A, A], master: 0,
      hands: hands({ 0: ['punishment', 'punishment'], 1: ['punishment', 'punishment', 'i1-colA'] }),
    });
    act(s, g, 0, 1, 2, 3);
    select(s, g, 1, 'punishment', 'i1-colA');
    select(s, g, 2, 'i1-row1', 'i1-row2');
    select(s, g, 3, 'i2-A1A2', 'i2-A2A3');
    expect(s.ended).toEqual({ ending: 'punishment-confirmed', winner: 'messenger', truncated: false });
  });

  it('the confirmation cannot be dodged: after it nobody has a decision', () => {
    const { g, s } = arrange({
      players: 5, roles: [A, A, M, A, A], master: 0,
      hands: hands({ 2: ['punishment', 'punishment', 'seal'] }),
    });
    act(s, g, 0, 1, 2, 3);
    select(s, g, 1, 'i1-colA', 'i1-colB');
    expect(stepOf(s, g, 2)).toBe('round/select/play');
    expect(() => act(s, g, 2, 'punishment')).toThrow(/choose 2/); // the Messenger cannot hold one back
    act(s, g, 2, 'punishment', 'punishment');
    act(s, g, 2, 'seal');
    select(s, g, 3, 'i2-A1A2', 'i2-A2A3');
    for (let p = 0; p < 5; p++) expect(stepOf(s, g, p)).toBeNull();
    expect(() => act(s, g, 0, 'i3-A1')).toThrow(/no decision open/);
  });
});
