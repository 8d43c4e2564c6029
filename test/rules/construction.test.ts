// Rules 2–11: Architect selection and the Construction phase (rulebook §5.1–§5.2), played step by step.

import { describe, expect, it } from 'vitest';
import { IllegalAction } from '../../engine/flow.js';
import {
  act, activePlayers, babelBuilders, cardsIn, count, getVar, legalActions, options, promptOf, start, stepOf, view,
} from '../helpers/game.js';
import { A, M, arrange, logSince, mark, select, sorted, towerOf } from './bb.js';

// A 5-player table: seat 1 is the Master (an Architect), seat 3 the Messenger.
const R5 = [A, A, M, A, A];
const baseHands5 = (): Record<number, string[]> => ({
  0: ['i3-A1', 'seal', 'i1-row3'],
  1: ['i1-colA', 'i1-colB', 'i1-colC'],
  2: ['i1-row1', 'i1-row2', 'seal'],
  3: ['i2-A1A2', 'i2-A2A3', 'storm'],
  4: ['i2-B1B2', 'i2-B2B3', 'deliberation'],
});

describe('Rule 2 — the Master appoints architects', () => {
  it('5 players: exactly 3 architects among the other players, never the Master', () => {
    const { g, s } = arrange({ players: 5, roles: R5, master: 0, hands: baseHands5() });
    expect(activePlayers(s)).toEqual([0]);
    expect(stepOf(s, g, 0)).toBe('round/appoint');
    const p = promptOf(s, 0)!;
    expect([p.min, p.max]).toEqual([3, 3]);
    expect(options(s, g, 0)).toEqual([1, 2, 3, 4]);
    expect(() => act(s, g, 0, 0, 1, 2)).toThrow(IllegalAction); // the Master is not an option
    expect(() => act(s, g, 0, 1, 2)).toThrow(IllegalAction); // too few
    expect(() => act(s, g, 0, 1, 2, 3, 4)).toThrow(IllegalAction); // too many
    act(s, g, 0, 1, 2, 4);
    expect(getVar(s, g, 'appointed')).toEqual([1, 2, 4]);
    expect(activePlayers(s).sort()).toEqual([1, 2, 4]);
    expect(stepOf(s, g, 0)).toBeNull();
    expect(stepOf(s, g, 3)).toBeNull();
    expect(view(s, g, 3).log).toContain('Player 1 appoints Player 2, Player 3, Player 5.');
  });

  for (const [n, k] of [[5, 3], [6, 3], [7, 4], [8, 4], [9, 4], [10, 4]] as const) {
    it(`${n} players: the Master appoints ${k} (options: everyone but the Master)`, () => {
      const g = babelBuilders();
      for (const seed of [1, 2, 3]) {
        const s = start(g, n, seed);
        const m = getVar(s, g, 'master') as number;
        const p = promptOf(s, m)!;
        expect([p.min, p.max]).toEqual([k, k]);
        expect(options(s, g, m)).toEqual(Array.from({ length: n }, (_, i) => i).filter((i) => i !== m));
      }
    });
  }
});

describe('Rule 3 — card selection: each appointed architect plays one card and discards one, secretly', () => {
  it('all appointed architects choose at once; played cards stay hidden until they reach the Master; discards stay apart', () => {
    const { g, s } = arrange({ players: 5, roles: R5, master: 0, hands: baseHands5() });
    act(s, g, 0, 1, 2, 3);
    // simultaneous: the three architects are asked together, each first to play
    expect(activePlayers(s).sort()).toEqual([1, 2, 3]);
    for (const p of [1, 2, 3]) expect(stepOf(s, g, p)).toBe('round/select/play');
    expect(options(s, g, 1)).toEqual(['i1-colA', 'i1-colB', 'i1-colC']);

    act(s, g, 1, 'i1-colB');
    expect(stepOf(s, g, 1)).toBe('round/select/discard');
    expect(options(s, g, 1)).toEqual(['i1-colA', 'i1-colC']); // the played card is gone from the hand
    act(s, g, 1, 'i1-colA');
    expect(stepOf(s, g, 1)).toBeNull();

    // the Master and the others see neither the hand nor the staged or discarded card of seat 2
    for (const viewer of [0, 2, 3, 4]) {
      const v = view(s, g, viewer).zones as any;
      expect(v.staged[1]).toEqual({ count: 1 });
      expect(v.discarded[1]).toEqual({ count: 1 });
      expect(v.hand[1]).toEqual({ count: 1 });
    }
    // … while the architect sees their own
    const own = view(s, g, 1).zones as any;
    expect(own.staged[1].cards.map((c: any) => c.id)).toEqual(['i1-colB']);
    expect(own.discarded[1].cards.map((c: any) => c.id)).toEqual(['i1-colA']);
    // the Master waits: no decision until every architect has chosen
    expect(stepOf(s, g, 0)).toBeNull();

    select(s, g, 2, 'i1-row1', 'seal');
    expect(stepOf(s, g, 0)).toBeNull();
    select(s, g, 3, 'i2-A2A3', 'storm');

    // everything has reached the Master
    expect(sorted(s, g, 'received')).toEqual(['i1-colB', 'i1-row1', 'i2-A2A3']);
    for (const p of [1, 2, 3]) expect(count(s, g, 'staged', p)).toBe(0);
    expect(stepOf(s, g, 0)).toBe('round/swap-take');
    // the Master's view shows the received cards, nobody else's does
    expect(((view(s, g, 0).zones as any).received.cards as any[]).map((c) => c.id).sort()).toEqual(['i1-colB', 'i1-row1', 'i2-A2A3']);
    for (const viewer of [1, 2, 3, 4]) expect((view(s, g, viewer).zones as any).received).toEqual({ count: 3 });
    // the Master still sees no one's hand or discard
    const mv = view(s, g, 0).zones as any;
    for (const p of [1, 2, 3]) {
      expect(mv.hand[p].cards).toBeUndefined();
      expect(mv.discarded[p].cards).toBeUndefined();
    }
    // discards stay in each architect's own zone (not shuffled together)
    expect(cardsIn(s, g, 'discarded', 1)).toEqual(['i1-colA']);
    expect(cardsIn(s, g, 'discarded', 2)).toEqual(['seal']);
    expect(cardsIn(s, g, 'discarded', 3)).toEqual(['storm']);
    expect(cardsIn(s, g, 'hand', 1)).toEqual(['i1-colC']);
    expect(cardsIn(s, g, 'hand', 2)).toEqual(['i1-row2']);
    expect(cardsIn(s, g, 'hand', 3)).toEqual(['i2-A1A2']);
    // a non-appointed player keeps their hand untouched
    expect(cardsIn(s, g, 'hand', 4)).toEqual(['i2-B1B2', 'i2-B2B3', 'deliberation']);
  });

  it('the choices are logged as secret: other players read that a card was handed in and one discarded, never which', () => {
    const { g, s } = arrange({ players: 5, roles: R5, master: 0, hands: baseHands5() });
    act(s, g, 0, 1, 2, 3);
    const from = mark(s);
    select(s, g, 1, 'i1-colB', 'i1-colA');
    for (const viewer of [0, 2, 4]) {
      const lines = logSince(s, g, viewer, from);
      expect(lines).toContain('Player 2 hands a card to the Master face down.');
      expect(lines).toContain('Player 2 discards a card face down.');
      expect(lines.join('\n')).not.toMatch(/1 block/);
    }
    expect(logSince(s, g, 1, from)).toEqual(['Player 2 hands 1 block: B1/B2/B3 to the Master face down.', 'Player 2 discards 1 block: A1/A2/A3 face down.']);
  });
});

describe('Rule 5 — Storm', () => {
  it('is revealed as soon as the Master receives it; instruction cards then place no block, Lightning still strikes', () => {
    const { g, s } = arrange({
      players: 7, roles: [A, A, M, A, A, A, A], master: 0,
      hands: {
        0: ['i3-A1', 'i3-A2', 'seal'],
        1: ['storm', 'i1-colA', 'i1-colB'],
        2: ['i3-B2', 'i1-colC', 'seal'],
        3: ['i3-C1', 'i1-row1', 'i1-row2'],
        4: ['lightning', 'i1-row3', 'i2-A1A2'],
        5: ['i2-B1B2', 'i2-B2B3', 'i2-C1C2'],
        6: ['i2-C2C3', 'i2-A1B1', 'i2-B1C1'],
      },
      tower: { B2: 3, A1: 1 },
    });
    act(s, g, 0, 1, 2, 3, 4);
    select(s, g, 1, 'storm', 'i1-colA');
    select(s, g, 2, 'i3-B2', 'seal');
    select(s, g, 3, 'i3-C1', 'i1-row1');
    const from = mark(s);
    select(s, g, 4, 'lightning', 'i1-row3');

    // revealed at once, before the Master's swap
    expect(getVar(s, g, 'stormed')).toBe(true);
    expect(cardsIn(s, g, 'removed')).toEqual(['storm']);
    expect(((view(s, g, 6).zones as any).removed.cards as any[]).map((c) => c.name)).toEqual(['Storm']);
    expect(logSince(s, g, 6, from)).toContain('Storm is revealed! Instruction cards have no effect this round.');
    expect(sorted(s, g, 'received')).toEqual(['i3-B2', 'i3-C1', 'lightning']);

    expect(stepOf(s, g, 0)).toBe('round/swap-take');
    act(s, g, 0, 'i3-C1');
    act(s, g, 0, 'i3-A1');
    expect(stepOf(s, g, 0)).toBe('round/reveal/next');
    expect(options(s, g, 0).sort()).toEqual(['i3-B2', 'lightning']);
    act(s, g, 0, 'i3-B2');
    // the instruction card is spent without effect (no cell asked), then Lightning resolves on its own
    // (one tallest stack: no choice) and the round goes on
    expect(cardsIn(s, g, 'removed')).toEqual(['storm', 'i3-B2', 'lightning']);
    expect(towerOf(s, g)).toEqual({ A1: 1, B2: 1 });
    expect(count(s, g, 'supply')).toBe(23);
    expect(stepOf(s, g, 0)).toBe('round/new-master');
  });

  it('Deliberation still resolves in a Storm round', () => {
    const h = baseHands5();
    h[1] = ['storm', 'i1-colA', 'i1-colB'];
    h[2] = ['deliberation', 'i1-row2', 'seal'];
    h[3] = ['i3-B2', 'i2-A2A3', 'i2-A1A2'];
    const { g, s } = arrange({ players: 5, roles: R5, master: 0, hands: h, tower: { C3: 2 } });
    act(s, g, 0, 1, 2, 3);
    select(s, g, 1, 'storm', 'i1-colA');
    select(s, g, 2, 'deliberation', 'seal');
    select(s, g, 3, 'i3-B2', 'i2-A2A3');
    expect(sorted(s, g, 'received')).toEqual(['deliberation', 'i3-B2']);
    act(s, g, 0, 'i3-B2'); // the Master takes the instruction card
    act(s, g, 0, 'seal');
    // the Deliberation card is the last one: revealed without a choice, then the Master picks a suspect
    expect(stepOf(s, g, 0)).toBe('round/reveal/deliberate');
    expect(options(s, g, 0)).toEqual([1, 2, 3]);
    act(s, g, 0, 3);
    expect(((view(s, g, 4).zones as any).discarded[3].cards as any[]).map((c) => c.id)).toEqual(['i2-A2A3']);
    expect(towerOf(s, g)).toEqual({ C3: 2 });
  });
  // Rulebook §5.2.2: "If a Storm Card is included, it is immediately revealed and its effect is applied."
  // With swapCardJoinsReveal, the card the Master gives up joins the cards to reveal: a Storm given up
  // that way is included too, so it stops this round's building like one handed in.
  it('option swapCardJoinsReveal: a Storm the Master gives up is revealed at once and stops the building', () => {
    const h = baseHands5();
    h[0] = ['storm', 'seal', 'i1-row3'];
    h[1] = ['i3-B2', 'i1-colA', 'i1-colB'];
    h[2] = ['i3-C1', 'i1-row2', 'seal'];
    h[3] = ['lightning', 'i2-A2A3', 'i2-A1A2'];
    const { g, s } = arrange({ players: 5, roles: R5, master: 0, hands: h, options: { swapCardJoinsReveal: true }, tower: { A1: 3 } });
    act(s, g, 0, 1, 2, 3);
    select(s, g, 1, 'i3-B2', 'i1-colA');
    select(s, g, 2, 'i3-C1', 'seal');
    select(s, g, 3, 'lightning', 'i2-A2A3');
    expect(getVar(s, g, 'stormed')).toBe(false);
    act(s, g, 0, 'lightning');
    const from = mark(s);
    act(s, g, 0, 'storm');
    // revealed before any other card, for everyone
    expect(getVar(s, g, 'stormed')).toBe(true);
    expect(cardsIn(s, g, 'removed')).toEqual(['storm']);
    expect(logSince(s, g, 4, from)).toContain('Storm is revealed! Instruction cards have no effect this round.');
    expect(sorted(s, g, 'received')).toEqual(['i3-B2', 'i3-C1']);
    act(s, g, 0, 'i3-B2');
    // neither instruction card places a block
    expect(towerOf(s, g)).toEqual({ A1: 3 });
    expect(cardsIn(s, g, 'removed')).toEqual(['storm', 'i3-B2', 'i3-C1']);
    expect(stepOf(s, g, 0)).toBe('round/new-master');
  });
});

describe("Rule 6 — the Master's swap", () => {
  it('default: the Master takes one received card into hand and discards one hand card face down, so one fewer card is revealed', () => {
    const h = baseHands5();
    h[1] = ['i3-B2', 'i1-colA', 'i1-colB'];
    h[2] = ['i3-C1', 'i1-row2', 'seal'];
    h[3] = ['lightning', 'i2-A2A3', 'i2-A1A2'];
    const { g, s } = arrange({ players: 5, roles: R5, master: 0, hands: h });
    act(s, g, 0, 1, 2, 3);
    select(s, g, 1, 'i3-B2', 'i1-colA');
    select(s, g, 2, 'i3-C1', 'seal');
    select(s, g, 3, 'lightning', 'i2-A2A3');
    expect(stepOf(s, g, 0)).toBe('round/swap-take');
    expect(options(s, g, 0).sort()).toEqual(['i3-B2', 'i3-C1', 'lightning']);
    act(s, g, 0, 'lightning');
    expect(stepOf(s, g, 0)).toBe('round/swap-give');
    // the taken card is not offered back: the choice is among the Master's own hand
    expect(options(s, g, 0)).toEqual(['i3-A1', 'seal', 'i1-row3']);
    act(s, g, 0, 'seal');
    expect(sorted(s, g, 'hand', 0)).toEqual(['i1-row3', 'i3-A1', 'lightning']);
    expect(cardsIn(s, g, 'removedHidden')).toEqual(['seal']);
    for (const viewer of [0, 1, 4]) expect((view(s, g, viewer).zones as any).removedHidden).toEqual({ count: 1 });
    // two cards left to reveal
    expect(count(s, g, 'received')).toBe(2);
    expect(options(s, g, 0).sort()).toEqual(['i3-B2', 'i3-C1']);
    act(s, g, 0, 'i3-C1');
    expect(cardsIn(s, g, 'removed')).toEqual(['i3-C1', 'i3-B2']);
    expect(towerOf(s, g)).toEqual({ C1: 3, B2: 3 });
  });

  // The take is forced, but it is still asked (`alwaysAsk`): answering at once would tell everyone that a
  // Divine Punishment card reached the Master (see the anonymity tests).
  it('a received Divine Punishment card must be the one taken (it is the only option offered)', () => {
    const h = baseHands5();
    h[2] = ['punishment', 'i1-row2', 'i3-C1'];
    const { g, s } = arrange({ players: 5, roles: R5, master: 0, hands: h });
    act(s, g, 0, 1, 2, 3);
    select(s, g, 1, 'i1-colB', 'i1-colA');
    select(s, g, 3, 'i2-A2A3', 'storm');
    const from = mark(s);
    // the Messenger must pass it (the only option of their play): see the punishment tests
    expect(options(s, g, 2)).toEqual(['punishment']);
    select(s, g, 2, 'punishment', 'i1-row2');
    expect(getVar(s, g, 'punishmentsIn')).toBe(1);
    // the Master is asked to take, with the Divine Punishment card as the only option
    expect(stepOf(s, g, 0)).toBe('round/swap-take');
    expect(options(s, g, 0)).toEqual(['punishment']);
    expect(sorted(s, g, 'received')).toEqual(['i1-colB', 'i2-A2A3', 'punishment']);
    for (const other of ['i1-colB', 'i2-A2A3']) expect(() => act(s, g, 0, other)).toThrow(/not among the options/);
    expect(legalActions(s, g, 0)).toHaveLength(1);
    expect(logSince(s, g, 0, from).join('\n')).not.toContain('(swap take)');
    const actions = s.actions;
    act(s, g, 0, 'punishment');
    expect(s.actions).toBe(actions); // a forced decision is not counted as an action
    // the take is said with the give, in one line
    act(s, g, 0, 'i1-row3');
    expect(logSince(s, g, 0, from)).toContain('Player 1 takes Divine Punishment into their hand and gives up 1 block: A3/B3/C3.');
    expect(logSince(s, g, 4, from)).toContain('Player 1 takes a card into their hand and gives up a card.');
    expect(sorted(s, g, 'hand', 0)).toEqual(['i3-A1', 'punishment', 'seal']);
    expect(sorted(s, g, 'received')).toEqual(['i1-colB', 'i2-A2A3']);
    expect(cardsIn(s, g, 'removed')).not.toContain('punishment');
  });

  it('option swapCardJoinsReveal: the card the Master gives up joins the cards to reveal', () => {
    const h = baseHands5();
    h[1] = ['i3-B2', 'i1-colA', 'i1-colB'];
    h[2] = ['i3-C1', 'i1-row2', 'seal'];
    h[3] = ['lightning', 'i2-A2A3', 'i2-A1A2'];
    const { g, s } = arrange({ players: 5, roles: R5, master: 0, hands: h, options: { swapCardJoinsReveal: true } });
    act(s, g, 0, 1, 2, 3);
    select(s, g, 1, 'i3-B2', 'i1-colA');
    select(s, g, 2, 'i3-C1', 'seal');
    select(s, g, 3, 'lightning', 'i2-A2A3');
    act(s, g, 0, 'lightning');
    act(s, g, 0, 'i3-A1');
    expect(count(s, g, 'removedHidden')).toBe(0);
    expect(sorted(s, g, 'received')).toEqual(['i3-A1', 'i3-B2', 'i3-C1']);
    expect(sorted(s, g, 'hand', 0)).toEqual(['i1-row3', 'lightning', 'seal']);
    act(s, g, 0, 'i3-A1');
    act(s, g, 0, 'i3-B2');
    expect(towerOf(s, g)).toEqual({ A1: 3, B2: 3, C1: 3 });
  });
});

describe('Rule 7 — the Master orders the reveals', () => {
  it('one card at a time, chosen among the cards still face down', () => {
    const { g, s } = arrange({
      players: 7, roles: [A, A, M, A, A, A, A], master: 0,
      hands: {
        0: ['seal', 'i1-colA', 'i1-colB'],
        1: ['i3-B2', 'i1-colC', 'i1-row1'],
        2: ['i3-C3', 'i1-row2', 'i1-row3'],
        3: ['i3-A3', 'i2-A1A2', 'i2-A2A3'],
        4: ['i3-C1', 'i2-B1B2', 'i2-B2B3'],
        5: ['i2-C1C2', 'i2-C2C3', 'storm'],
        6: ['i2-A1B1', 'i2-B1C1', 'lightning'],
      },
    });
    act(s, g, 0, 1, 2, 3, 4);
    select(s, g, 1, 'i3-B2', 'i1-colC');
    select(s, g, 2, 'i3-C3', 'i1-row2');
    select(s, g, 3, 'i3-A3', 'i2-A1A2');
    select(s, g, 4, 'i3-C1', 'i2-B1B2');
    act(s, g, 0, 'i3-C1');
    act(s, g, 0, 'seal');
    const from = mark(s);
    expect(stepOf(s, g, 0)).toBe('round/reveal/next');
    expect(options(s, g, 0).sort()).toEqual(['i3-A3', 'i3-B2', 'i3-C3']);
    act(s, g, 0, 'i3-C3');
    expect(towerOf(s, g)).toEqual({ C3: 3 });
    expect(options(s, g, 0).sort()).toEqual(['i3-A3', 'i3-B2']);
    act(s, g, 0, 'i3-A3');
    // the last card needs no choice
    expect(cardsIn(s, g, 'removed')).toEqual(['i3-C3', 'i3-A3', 'i3-B2']);
    // one line per reveal: the card, then the blocks it placed
    expect(logSince(s, g, 5, from).filter((l) => l.startsWith('Player 1 reveals'))).toEqual([
      'Player 1 reveals 3 blocks: C3. 3 blocks on C3.',
      'Player 1 reveals 3 blocks: A3. 3 blocks on A3.',
      'Player 1 reveals 3 blocks: B2. 3 blocks on B2.',
    ]);
  });
});

describe('Rule 8 — instruction cards', () => {
  it('the Master picks the cell of a multi-cell card, and the card’s number of blocks is stacked there', () => {
    const h = baseHands5();
    h[1] = ['i1-colA', 'i1-colB', 'i1-colC'];
    h[2] = ['i2-B2C2', 'i1-row2', 'seal'];
    h[3] = ['i3-B2', 'i2-A2A3', 'i2-A1A2'];
    const { g, s } = arrange({ players: 5, roles: R5, master: 0, hands: h, tower: { C2: 1 } });
    act(s, g, 0, 1, 2, 3);
    select(s, g, 1, 'i1-colA', 'i1-colB');
    select(s, g, 2, 'i2-B2C2', 'i1-row2');
    select(s, g, 3, 'i3-B2', 'i2-A2A3');
    act(s, g, 0, 'i3-B2');
    act(s, g, 0, 'i1-row3');
    act(s, g, 0, 'i1-colA');
    expect(stepOf(s, g, 0)).toBe('round/reveal/build');
    expect(options(s, g, 0)).toEqual(['A1', 'A2', 'A3']);
    expect(() => act(s, g, 0, 'B1')).toThrow(IllegalAction);
    act(s, g, 0, 'A2');
    expect(towerOf(s, g)).toEqual({ A2: 1, C2: 1 });
    // the 2-block card is revealed last (no choice), then its cell is chosen
    expect(stepOf(s, g, 0)).toBe('round/reveal/build');
    expect(options(s, g, 0)).toEqual(['B2', 'C2']);
    act(s, g, 0, 'C2');
    expect(towerOf(s, g)).toEqual({ A2: 1, C2: 3 });
    expect(count(s, g, 'supply')).toBe(21);
  });

  it('a single-cell card places its blocks without a decision', () => {
    const h = baseHands5();
    h[1] = ['i3-B3', 'i1-colB', 'i1-colC'];
    h[2] = ['seal', 'i1-row2', 'i1-row1'];
    h[3] = ['seal', 'i2-A2A3', 'i2-A1A2'];
    const { g, s } = arrange({ players: 5, roles: R5, master: 0, hands: h });
    act(s, g, 0, 1, 2, 3);
    select(s, g, 1, 'i3-B3', 'i1-colB');
    select(s, g, 2, 'seal', 'i1-row2');
    select(s, g, 3, 'seal', 'i2-A2A3');
    act(s, g, 0, 'seal');
    act(s, g, 0, 'i1-row3');
    act(s, g, 0, 'seal');
    expect(towerOf(s, g)).toEqual({ B3: 3 });
    expect(count(s, g, 'supply')).toBe(22);
    expect(stepOf(s, g, 0)).toBe('round/new-master');
  });

  it('supply limits: with fewer blocks left than the card asks, what remains is placed; with none, nothing', () => {
    const h = baseHands5();
    h[1] = ['i3-C3', 'i1-colB', 'i1-colC'];
    h[2] = ['i2-A3B3', 'i1-row2', 'i1-row1'];
    h[3] = ['seal', 'i2-A2A3', 'i2-A1A2'];
    // 24 of the 25 blocks already stand on the base card
    const { g, s } = arrange({ players: 5, roles: R5, master: 0, hands: h, tower: { A1: 8, B1: 8, A2: 8 } });
    expect(count(s, g, 'supply')).toBe(1);
    act(s, g, 0, 1, 2, 3);
    select(s, g, 1, 'i3-C3', 'i1-colB');
    select(s, g, 2, 'i2-A3B3', 'i1-row2');
    select(s, g, 3, 'seal', 'i2-A2A3');
    act(s, g, 0, 'seal');
    act(s, g, 0, 'i1-row3');
    act(s, g, 0, 'i3-C3');
    expect(towerOf(s, g)).toEqual({ A1: 8, B1: 8, A2: 8, C3: 1 });
    expect(count(s, g, 'supply')).toBe(0);
    act(s, g, 0, 'B3');
    expect(towerOf(s, g)).toEqual({ A1: 8, B1: 8, A2: 8, C3: 1 });
    expect(count(s, g, 'supply')).toBe(0);
    expect(s.ended).toBeNull();
    expect(stepOf(s, g, 0)).toBe('round/new-master');
  });

  it('the log of a full-supply build names the cell and the blocks placed', () => {
    const h = baseHands5();
    h[1] = ['i3-C3', 'i1-colB', 'i1-colC'];
    h[2] = ['seal', 'i1-row2', 'i1-row1'];
    h[3] = ['seal', 'i2-A2A3', 'i2-A1A2'];
    const { g, s } = arrange({ players: 5, roles: R5, master: 0, hands: h });
    act(s, g, 0, 1, 2, 3);
    select(s, g, 1, 'i3-C3', 'i1-colB');
    select(s, g, 2, 'seal', 'i1-row2');
    select(s, g, 3, 'seal', 'i2-A2A3');
    act(s, g, 0, 'seal');
    act(s, g, 0, 'i1-row3');
    const from = mark(s);
    act(s, g, 0, 'i3-C3');
    expect(logSince(s, g, 4, from)).toContain('Player 1 reveals 3 blocks: C3. 3 blocks on C3.');
  });

  // Formerly a bug (cosmetic): the build step logged "{$card.blocks} block(s) on {$cell}" — the card's
  // number, not the number actually moved. It now logs min(blocks, supply), computed before the move.
  it('with a short supply the log reports the blocks actually placed', () => {
    const h = baseHands5();
    h[1] = ['i3-C3', 'i1-colB', 'i1-colC'];
    h[2] = ['i2-A3B3', 'i1-row2', 'i1-row1'];
    h[3] = ['seal', 'i2-A2A3', 'i2-A1A2'];
    const { g, s } = arrange({ players: 5, roles: R5, master: 0, hands: h, tower: { A1: 8, B1: 8, A2: 8 } });
    act(s, g, 0, 1, 2, 3);
    select(s, g, 1, 'i3-C3', 'i1-colB');
    select(s, g, 2, 'i2-A3B3', 'i1-row2');
    select(s, g, 3, 'seal', 'i2-A2A3');
    act(s, g, 0, 'seal');
    act(s, g, 0, 'i1-row3');
    const from = mark(s);
    act(s, g, 0, 'i3-C3');
    expect(towerOf(s, g)).toEqual({ A1: 8, B1: 8, A2: 8, C3: 1 });
    expect(logSince(s, g, 4, from)).toContain('Player 1 reveals 3 blocks: C3. 1 block on C3.');
    // the supply is now empty: the next instruction card places nothing, and the log says so
    const empty = mark(s);
    act(s, g, 0, 'B3');
    expect(towerOf(s, g)).toEqual({ A1: 8, B1: 8, A2: 8, C3: 1 });
    expect(logSince(s, g, 4, empty)).toContain('0 blocks on B3.');
  });
});

describe('Rule 9 — Lightning', () => {
  // Seats 2–4 hand Lightning and two Seals; the Master takes a Seal, so Seal then Lightning are revealed.
  function lightningRound(tower: Record<string, number>, options?: Record<string, number>) {
    const h = baseHands5();
    h[1] = ['lightning', 'i1-colB', 'i1-colC'];
    h[2] = ['seal', 'i1-row2', 'i1-row1'];
    h[3] = ['seal', 'i2-A2A3', 'i2-A1A2'];
    const r = arrange({ players: 5, roles: R5, master: 0, hands: h, tower, options });
    const { g, s } = r;
    act(s, g, 0, 1, 2, 3);
    select(s, g, 1, 'lightning', 'i1-colB');
    select(s, g, 2, 'seal', 'i1-row2');
    select(s, g, 3, 'seal', 'i2-A2A3');
    act(s, g, 0, 'seal');
    act(s, g, 0, 'i1-row3');
    act(s, g, 0, 'seal'); // Lightning comes last
    return r;
  }

  it('removes 2 blocks from the single tallest stack (no choice); they go back to the supply', () => {
    const { g, s } = lightningRound({ B2: 5, A1: 2 });
    expect(towerOf(s, g)).toEqual({ B2: 3, A1: 2 });
    expect(count(s, g, 'supply')).toBe(25 - 5);
    expect(stepOf(s, g, 0)).toBe('round/new-master');
  });

  it('the Master chooses among tied tallest stacks (and only among them)', () => {
    const { g, s } = lightningRound({ A1: 4, C3: 4, B2: 2 });
    expect(stepOf(s, g, 0)).toBe('round/reveal/strike/stack');
    expect(options(s, g, 0)).toEqual(['A1', 'C3']);
    expect(() => act(s, g, 0, 'B2')).toThrow(IllegalAction);
    act(s, g, 0, 'C3');
    expect(towerOf(s, g)).toEqual({ A1: 4, C3: 2, B2: 2 });
    expect(count(s, g, 'supply')).toBe(25 - 8);
  });

  it('with one block in the tallest stack, removes that one block', () => {
    const { g, s } = lightningRound({ C2: 1 });
    expect(towerOf(s, g)).toEqual({});
    expect(count(s, g, 'supply')).toBe(25);
  });

  // Ruling (rulebook §5.2.3 "Remove two blocks from the highest tower", card "Remove 2 blocks, starting
  // from the tallest tower"): two blocks go, from one tallest stack while it has them, then from the
  // next tallest.
  it('with one-block stacks, two blocks still go: the Master picks the first stack, then the next', () => {
    const { g, s } = lightningRound({ A1: 1, B1: 1, C3: 1 });
    expect(stepOf(s, g, 0)).toBe('round/reveal/strike/stack');
    expect(options(s, g, 0)).toEqual(['A1', 'B1', 'C3']);
    act(s, g, 0, 'B1');
    // one block to go: the next tallest stacks are the two left
    expect(options(s, g, 0)).toEqual(['A1', 'C3']);
    act(s, g, 0, 'C3');
    expect(towerOf(s, g)).toEqual({ A1: 1 });
    expect(count(s, g, 'supply')).toBe(24);
    expect(stepOf(s, g, 0)).toBe('round/new-master');
  });

  it('with a single block on the base card, that block is all that goes', () => {
    const { g, s } = lightningRound({ B2: 1 });
    expect(towerOf(s, g)).toEqual({});
    expect(stepOf(s, g, 0)).toBe('round/new-master');
  });

  it('the card text says what the rule does', () => {
    const g = babelBuilders();
    const text = g.cards.find((c) => c.id === 'lightning')!.fields.text as string;
    expect(text).toMatch(/Remove 2 blocks/);
    expect(text).toMatch(/next tallest/);
  });

  it('option lightningBlocks 3: three blocks, the third from the next tallest stack when the first runs out', () => {
    const { g, s } = lightningRound({ A1: 2, C3: 2, B2: 1 }, { lightningBlocks: 3 });
    expect(options(s, g, 0)).toEqual(['A1', 'C3']);
    act(s, g, 0, 'A1');
    // A1 is empty after two; the third block comes from the tallest stack left (C3, no choice)
    expect(towerOf(s, g)).toEqual({ C3: 1, B2: 1 });
    expect(count(s, g, 'supply')).toBe(25 - 2);
  });

  it('option lightningBlocks 1: one block from the tallest stack', () => {
    const { g, s } = lightningRound({ B2: 5, A1: 2 }, { lightningBlocks: 1 });
    expect(towerOf(s, g)).toEqual({ B2: 4, A1: 2 });
  });

  it('with an empty tower nothing happens and no decision is asked', () => {
    const { g, s } = lightningRound({});
    expect(cardsIn(s, g, 'removed')).toContain('lightning');
    expect(towerOf(s, g)).toEqual({});
    expect(count(s, g, 'supply')).toBe(25);
    expect(stepOf(s, g, 0)).toBe('round/new-master');
  });
});

describe('Rule 10 — Deliberation', () => {
  it("the Master picks an appointed architect, whose discard becomes visible to everyone", () => {
    const h = baseHands5();
    h[1] = ['deliberation', 'i1-colB', 'i1-colC'];
    h[2] = ['i3-B2', 'i1-row2', 'i1-row1'];
    h[3] = ['seal', 'i2-A2A3', 'storm'];
    const { g, s } = arrange({ players: 5, roles: R5, master: 0, hands: h });
    act(s, g, 0, 1, 2, 3);
    select(s, g, 1, 'deliberation', 'i1-colB');
    select(s, g, 2, 'i3-B2', 'i1-row2');
    select(s, g, 3, 'seal', 'storm');
    act(s, g, 0, 'seal');
    act(s, g, 0, 'i1-row3');
    // before: nobody but the owner sees seat 4's discard
    expect((view(s, g, 4).zones as any).discarded[3]).toEqual({ count: 1 });
    const from = mark(s);
    act(s, g, 0, 'deliberation');
    expect(stepOf(s, g, 0)).toBe('round/reveal/deliberate');
    expect(options(s, g, 0)).toEqual([1, 2, 3]); // appointed architects only (not the Master, not seat 5)
    expect(() => act(s, g, 0, 4)).toThrow(IllegalAction);
    act(s, g, 0, 3);
    for (const viewer of [0, 1, 2, 4]) {
      expect(((view(s, g, viewer).zones as any).discarded[3].cards as any[]).map((c) => c?.id)).toEqual(['storm']);
    }
    // the other discards stay face down
    for (const viewer of [0, 2, 4]) expect((view(s, g, viewer).zones as any).discarded[1].cards).toBeUndefined();
    expect(logSince(s, g, 4, from)).toContain("Player 1 reveals Deliberation. Player 4's discard is turned face up: Storm.");
    // then the last card (the instruction) is revealed and built
    expect(towerOf(s, g)).toEqual({ B2: 3 });
  });

  // Formerly a bug: `discarded` was never emptied between rounds and the deliberate step reveals the
  // whole zone, so Deliberation also turned up the suspect's discards from earlier rounds. Now the
  // appointment moves every `discarded[*]` card to `removedHidden`. Rulebook §5.2.3: "The Master selects
  // one architect who participated in the construction phase to reveal their discarded card" — the one
  // card discarded in this construction phase (earlier discards are "removed from the game", §7).
  it('reveals only the discard of this construction phase, not those of earlier rounds', () => {
    const h = baseHands5();
    h[1] = ['i1-colA', 'seal', 'i1-colC'];
    h[2] = ['i3-B2', 'i1-row2', 'i1-row1'];
    h[3] = ['seal', 'i2-A2A3', 'storm'];
    h[4] = ['deliberation', 'i2-B1B2', 'i2-B2B3'];
    const { g, s } = arrange({ players: 5, roles: R5, master: 0, hands: h, deck: ['i1-row3', 'i1-row3', 'i3-C3', 'i3-A3', 'i2-C1C2', 'i2-C2C3'] });
    // round 1: seat 2 discards "1 block: A1/A2/A3"
    act(s, g, 0, 1, 2, 3);
    select(s, g, 1, 'seal', 'i1-colA');
    select(s, g, 2, 'i3-B2', 'i1-row2');
    select(s, g, 3, 'seal', 'storm');
    act(s, g, 0, 'seal');
    act(s, g, 0, 'i1-row3');
    act(s, g, 0, 'seal');
    expect(towerOf(s, g)).toEqual({ B2: 3 });
    expect(stepOf(s, g, 0)).toBe('round/new-master');
    act(s, g, 0, 2);
    expect(cardsIn(s, g, 'discarded', 1)).toEqual(['i1-colA']);
    // round 2: the new Master (seat 3) appoints seat 2 again, who now discards "1 block: C1/C2/C3";
    // the appointment takes last round's discards out of the game, face down
    act(s, g, 2, 0, 1, 4);
    for (let p = 0; p < 5; p++) expect(count(s, g, 'discarded', p)).toBe(0);
    expect(cardsIn(s, g, 'removedHidden')).toEqual(expect.arrayContaining(['i1-colA', 'i1-row2', 'storm']));
    expect((view(s, g, 3).zones as any).removedHidden.cards).toBeUndefined();
    expect(sorted(s, g, 'hand', 1)).toEqual(['i1-colC', 'i2-C1C2', 'i2-C2C3']);
    select(s, g, 1, 'i2-C1C2', 'i1-colC');
    select(s, g, 0, 'seal', 'i3-A1');
    select(s, g, 4, 'deliberation', 'i2-B1B2');
    act(s, g, 2, 'seal');
    act(s, g, 2, 'i1-row1');
    act(s, g, 2, 'deliberation');
    expect(stepOf(s, g, 2)).toBe('round/reveal/deliberate');
    act(s, g, 2, 1);
    expect(cardsIn(s, g, 'discarded', 1)).toEqual(['i1-colC']);
    const seen = ((view(s, g, 3).zones as any).discarded[1].cards as any[]).filter(Boolean).map((c) => c.id);
    expect(seen).toEqual(['i1-colC']);
  });
});

describe('Rule 11 — Seal cards played in construction', () => {
  it('an architect’s Seal is revealed and has no effect', () => {
    const h = baseHands5();
    h[1] = ['seal', 'i1-colB', 'i1-colC'];
    h[2] = ['seal', 'i1-row2', 'i1-row1'];
    h[3] = ['i3-A3', 'i2-A2A3', 'storm'];
    const { g, s } = arrange({ players: 5, roles: R5, master: 0, hands: h, tower: { B2: 2 } });
    act(s, g, 0, 1, 2, 3);
    select(s, g, 1, 'seal', 'i1-colB');
    select(s, g, 2, 'seal', 'i1-row2');
    select(s, g, 3, 'i3-A3', 'i2-A2A3');
    act(s, g, 0, 'i3-A3');
    act(s, g, 0, 'i1-row3');
    expect(options(s, g, 0)).toEqual(['seal', 'seal']);
    act(s, g, 0, 'seal');
    // no decision, nothing moved on the base card; the last Seal is revealed the same way
    expect(cardsIn(s, g, 'removed')).toEqual(['seal', 'seal']);
    expect(towerOf(s, g)).toEqual({ B2: 2 });
    expect(count(s, g, 'supply')).toBe(23);
    expect(stepOf(s, g, 0)).toBe('round/new-master');
  });

  it('a Seal the Master gives up (swapCardJoinsReveal) is revealed with no effect', () => {
    const h = baseHands5();
    h[1] = ['i1-colA', 'i1-colB', 'i1-colC'];
    h[2] = ['i3-B2', 'i1-row2', 'i1-row1'];
    h[3] = ['i3-A3', 'i2-A2A3', 'storm'];
    const { g, s } = arrange({ players: 5, roles: R5, master: 0, hands: h, options: { swapCardJoinsReveal: true } });
    act(s, g, 0, 1, 2, 3);
    select(s, g, 1, 'i1-colA', 'i1-colB');
    select(s, g, 2, 'i3-B2', 'i1-row2');
    select(s, g, 3, 'i3-A3', 'i2-A2A3');
    act(s, g, 0, 'i1-colA');
    act(s, g, 0, 'seal');
    act(s, g, 0, 'seal');
    expect(cardsIn(s, g, 'removed')).toEqual(['seal']);
    expect(towerOf(s, g)).toEqual({});
    expect(stepOf(s, g, 0)).toBe('round/reveal/next');
  });
});
