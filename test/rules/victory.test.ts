// Rules 14–16: victory check, hand refill and the new Master (rulebook §5.3–§5.5).

import { describe, expect, it } from 'vitest';
import { IllegalAction } from '../../engine/flow.js';
import { act, activePlayers, cardsIn, count, getVar, options, stepOf, view } from '../helpers/game.js';
import { A, M, arrange, logSince, mark, select, sorted, towerOf } from './bb.js';

/**
 * One 5-player round (Master seat 1, Messenger seat 3): seat 2 hands `card`, seats 3 and 4 hand Seals;
 * the Master takes a Seal, reveals the other Seal, then `card` (whose cell is `cell` if it has a choice).
 * Seats 1 and 5 hold Seals for the Seal phase.
 */
function round(o: { tower: Record<string, number>; blueprint?: string; card?: string; cell?: string; deck?: string[]; options?: Record<string, number | boolean | string> }) {
  const card = o.card ?? 'i3-B2';
  const r = arrange({
    players: 5, roles: [A, A, M, A, A], master: 0, blueprint: o.blueprint, tower: o.tower, deck: o.deck, options: o.options,
    hands: {
      0: ['i3-A1', 'seal', 'i1-row3'],
      1: [card, 'i1-colA', 'i1-colB'],
      2: ['seal', 'i1-row1', 'i1-row2'],
      3: ['seal', 'i2-A1A2', 'storm'],
      4: ['i2-C2C3', 'seal', 'deliberation'],
    },
  });
  const { g, s } = r;
  act(s, g, 0, 1, 2, 3);
  select(s, g, 1, card, 'i1-colA');
  select(s, g, 2, 'seal', 'i1-row1');
  select(s, g, 3, 'seal', 'storm');
  act(s, g, 0, 'seal');
  act(s, g, 0, 'i1-row3');
  act(s, g, 0, 'seal');
  if (o.cell) act(s, g, 0, o.cell);
  return r;
}

describe('Rule 14 — victory check', () => {
  it('blueprint met exactly (C1 3, B2 8, A3 3) → the Seal phase, without a refill', () => {
    const { g, s } = round({ tower: { C1: 3, A3: 3, B2: 5 } });
    expect(towerOf(s, g)).toEqual({ C1: 3, A3: 3, B2: 8 });
    expect(s.ended).toBeNull();
    // the Seal holders (the Master, who took one, and seat 5) are asked at once
    expect(activePlayers(s).sort()).toEqual([0, 4]);
    expect(stepOf(s, g, 0)).toBe('seal/point/aim');
    expect(stepOf(s, g, 4)).toBe('seal/point/aim');
    // no refill: the appointed architects still hold one card each
    for (const p of [1, 2, 3]) expect(count(s, g, 'hand', p)).toBe(1);
    expect(view(s, g, 3).log).toContain('The tower meets the blueprint.');
  });

  it('more than required on the marked cells is fine, and unmarked cells do not matter', () => {
    const { g, s } = round({ tower: { C1: 5, A3: 4, B2: 6, A1: 2, C3: 2 }, card: 'i2-B1B2', cell: 'B2' });
    expect(towerOf(s, g)).toEqual({ C1: 5, A3: 4, B2: 8, A1: 2, C3: 2 });
    expect(stepOf(s, g, 0)).toBe('seal/point/aim');
  });

  it('one marked cell short → not met: the round goes on to the refill and the new Master', () => {
    // lots of blocks elsewhere do not make up for C1
    const { g, s } = round({ tower: { C1: 2, A3: 3, B2: 5, A1: 6, B1: 6 } });
    expect(towerOf(s, g)).toEqual({ C1: 2, A3: 3, B2: 8, A1: 6, B1: 6 });
    expect(s.ended).toBeNull();
    expect(stepOf(s, g, 0)).toBe('round/new-master');
    expect(stepOf(s, g, 4)).toBeNull();
    for (const p of [1, 2, 3]) expect(count(s, g, 'hand', p)).toBe(3);
    expect(view(s, g, 2).log).not.toContain('The tower meets the blueprint.');
  });

  it('another blueprint (Blueprint 7: A2 4, C2 4, B3 6) is checked on its own cells', () => {
    const met = round({ blueprint: 'bp-07', tower: { A2: 4, C2: 4, B3: 3 }, card: 'i3-B3' });
    expect(stepOf(met.s, met.g, 0)).toBe('seal/point/aim');
    // the same tower against Blueprint 1 is far from done
    const notMet = round({ blueprint: 'bp-01', tower: { A2: 4, C2: 4, B3: 3 }, card: 'i3-B3' });
    expect(stepOf(notMet.s, notMet.g, 0)).toBe('round/new-master');
  });
});

describe('Rule 15 — refill', () => {
  it('participating architects draw from the top of the deck up to 3 (in appointment order); others keep their hand', () => {
    const deck = ['i3-C3', 'i3-C2', 'i3-C1', 'i3-B3', 'i3-B1', 'i3-A3', 'i3-A2']; // top = last
    const { g, s } = round({ tower: {}, deck });
    expect(sorted(s, g, 'hand', 1)).toEqual(['i1-colB', 'i3-A2', 'i3-A3']);
    expect(sorted(s, g, 'hand', 2)).toEqual(['i1-row2', 'i3-B1', 'i3-B3']);
    expect(sorted(s, g, 'hand', 3)).toEqual(['i2-A1A2', 'i3-C1', 'i3-C2']);
    expect(cardsIn(s, g, 'deck')).toEqual(['i3-C3']);
    // the Master (not appointed) keeps the hand after the swap; seat 5 keeps theirs untouched
    expect(sorted(s, g, 'hand', 0)).toEqual(['i3-A1', 'seal', 'seal']);
    expect(cardsIn(s, g, 'hand', 4)).toEqual(['i2-C2C3', 'seal', 'deliberation']);
    // drawn cards are seen by their new owner only
    expect((view(s, g, 4).zones as any).hand[1]).toEqual({ count: 3 });
  });

  it('option handSize 4: participating architects draw up to 4; a deck one card short ends the game', () => {
    const deck = ['i3-C3', 'i3-C2', 'i3-C1', 'i3-B3', 'i3-B1', 'i3-A3', 'i3-A2', 'i2-A2A3', 'i2-B2B3', 'i2-A3B3']; // top = last
    const { g, s } = round({ tower: {}, deck, options: { handSize: 4 } });
    expect(sorted(s, g, 'hand', 1)).toEqual(['i1-colB', 'i2-A2A3', 'i2-A3B3', 'i2-B2B3']);
    expect(sorted(s, g, 'hand', 2)).toEqual(['i1-row2', 'i3-A2', 'i3-A3', 'i3-B1']);
    expect(sorted(s, g, 'hand', 3)).toEqual(['i2-A1A2', 'i3-B3', 'i3-C1', 'i3-C2']);
    expect(cardsIn(s, g, 'deck')).toEqual(['i3-C3']);
    expect(s.ended).toBeNull();
    const short = round({ tower: {}, deck: deck.slice(2), options: { handSize: 4 } });
    expect(short.s.ended).toEqual({ ending: 'deck-exhausted', winner: 'messenger', truncated: false });
  });

  // Rulebook §7: "Discarded cards are removed from the game. The discard pile is not shuffled back into
  // the deck, even if it runs out."
  it('discards are never reshuffled: with the deck short, the game ends although discards and revealed cards lie out', () => {
    const { g, s } = round({ tower: {}, deck: ['i3-C1', 'i3-C2', 'i3-C3'] });
    // this round's face-down discards (architects' and the Master's) and the revealed cards
    const out = count(s, g, 'removed') + count(s, g, 'removedHidden') + [1, 2, 3].reduce((n, p) => n + count(s, g, 'discarded', p), 0);
    expect(out).toBe(6);
    expect(s.ended).toEqual({ ending: 'deck-exhausted', winner: 'messenger', truncated: false });
    // seat 2 drew two; seat 3 found one card where two were needed, and nothing came back from the discards
    expect(cardsIn(s, g, 'deck')).toEqual(['i3-C1']);
    expect(cardsIn(s, g, 'removed')).toEqual(['seal', 'i3-B2']);
    expect(cardsIn(s, g, 'removedHidden')).toEqual(['i1-row3']);
  });

  it('a deck that runs out during the refill ends the game: deck-exhausted, the Messenger team wins', () => {
    const { g, s } = round({ tower: {}, deck: ['i3-C1', 'i3-C2', 'i3-C3'] });
    expect(s.ended).toEqual({ ending: 'deck-exhausted', winner: 'messenger', truncated: false });
    // seat 2 could draw its two cards; seat 3 could not complete its refill
    expect(sorted(s, g, 'hand', 1)).toEqual(['i1-colB', 'i3-C2', 'i3-C3']);
    expect(view(s, g, 4).log).toContain('The deck has run out.');
    expect(activePlayers(s)).toEqual([]);
  });

  it('a deck that has exactly enough cards is emptied, and the game goes on', () => {
    const { g, s } = round({ tower: {}, deck: ['i3-C1', 'i3-C2', 'i3-C3', 'i3-B1', 'i3-B3', 'i3-A2'] });
    expect(s.ended).toBeNull();
    expect(count(s, g, 'deck')).toBe(0);
    for (const p of [1, 2, 3]) expect(count(s, g, 'hand', p)).toBe(3);
    expect(stepOf(s, g, 0)).toBe('round/new-master');
  });

  it('the victory check comes before the refill: a tower completed with an empty deck still goes to the Seal phase', () => {
    const { g, s } = round({ tower: { C1: 3, A3: 3, B2: 5 }, deck: [] });
    expect(s.ended).toBeNull();
    expect(count(s, g, 'deck')).toBe(0);
    expect(stepOf(s, g, 0)).toBe('seal/point/aim');
  });
});

describe('Rule 16 — new Master', () => {
  it('the Master hands the token to another player (not themself), who then appoints', () => {
    const { g, s } = round({ tower: {} });
    expect(stepOf(s, g, 0)).toBe('round/new-master');
    expect(options(s, g, 0)).toEqual([1, 2, 3, 4]);
    expect(() => act(s, g, 0, 0)).toThrow(IllegalAction);
    const from = mark(s);
    act(s, g, 0, 3);
    expect(getVar(s, g, 'master')).toBe(3);
    expect(getVar(s, g, 'appointed')).toEqual([]);
    expect(logSince(s, g, 1, from)).toContain('Player 4 is the new Master.');
    // a new round: the new Master appoints among the others, the old Master included
    expect(activePlayers(s)).toEqual([3]);
    expect(stepOf(s, g, 3)).toBe('round/appoint');
    expect(options(s, g, 3)).toEqual([0, 1, 2, 4]);
    act(s, g, 3, 0, 1, 2);
    expect(getVar(s, g, 'appointed')).toEqual([0, 1, 2]);
    expect(getVar(s, g, 'stormed')).toBe(false);
  });
});
