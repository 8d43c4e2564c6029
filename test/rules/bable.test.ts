// Bable rules, played step by step: speaking words (per-player meanings), the four commands performed by
// the player spoken to, the supply limit, the resource reshuffle, idea draws, the loss and win conditions.

import { describe, expect, it } from 'vitest';
import { act, activePlayers, cardsIn, count, getVar, options, stepOf, view } from '../helpers/game.js';
import { arrange, deck, entityIn, isShown, known, layer, logSince, mark, sorted } from './bable-setup.js';

const START = (seat: number) => [`start${seat}-build`, `start${seat}-draw`, `start${seat}-give`, `start${seat}-reveal`];

/** Seat `p` (the current player) speaks `word` to `target`. */
function speak(s: any, g: any, p: number, target: number, word: string): void {
  act(s, g, p, 'command');
  if (stepOf(s, g, p) === 'turn/actions/target') act(s, g, p, target); // with one other player, chosen at once
  act(s, g, p, word);
}

describe('giving a command: a word means a command only through the card that holds it', () => {
  it('the target holding the word reveals the card and performs its command (draw 2 resources), then takes it back face down', () => {
    const { g, s } = arrange({
      players: 3, current: 0,
      hands: { 0: START(1), 1: START(2), 2: START(3) },
      resources: { 1: ['stone'] },
      resourceDeck: ['wood', 'cement', 'tools'],
    });
    expect(stepOf(s, g, 0)).toBe('turn/actions/choose');
    expect(options(s, g, 0)).toEqual(['command', 'reveal']);
    act(s, g, 0, 'command');
    expect(options(s, g, 0)).toEqual([1, 2]);
    act(s, g, 0, 1);
    // the vocabulary: every word on a word card, starting words included
    expect(options(s, g, 0)).toEqual(expect.arrayContaining(['Bamo', 'Kuri', 'Tosa', 'Lumi', 'Zeno', 'Pala', 'Hada']));
    act(s, g, 0, 'Kuri');
    // the target answers (asked even with one matching card: how many match is their secret)
    expect(activePlayers(s)).toEqual([1]);
    expect(stepOf(s, g, 1)).toBe('turn/actions/respond');
    expect(options(s, g, 1)).toEqual(['start2-draw']);
    const from = mark(s);
    act(s, g, 1, 'start2-draw');
    expect(sorted(s, g, 'resources', 1)).toEqual(['cement', 'stone', 'tools']);
    expect(cardsIn(s, g, 'resourceDeck')).toEqual(['wood']);
    expect(logSince(s, g, 2, from)).toContain('Player 2 reveals Kuri (draw) and performs it.');
    // back in the hand, face down: seat 3 sees only how many cards seat 2 holds...
    const e = entityIn(s, g, 'hand', 1, 'start2-draw');
    expect(isShown(s, e)).toBe(false);
    expect((view(s, g, 2).zones.hand as any[])[1]).toEqual({ count: 4 });
    // ...and remembers what was shown (a public memory everyone reads)
    expect(known(s, g, 1)).toEqual(['start2-draw']);
    expect((view(s, g, 2).vars.knownWords as number[][])[1]).toEqual([e]);
    expect(stepOf(s, g, 0)).toBe('turn/actions/choose'); // the overseer's second action
  });

  it('the same word means different commands in different hands', () => {
    const { g, s } = arrange({
      players: 3, current: 0,
      hands: { 0: START(1), 1: START(2), 2: ['w-ossa-draw', 'start3-give', 'start3-reveal', 'w-kuri-build'] },
      resources: { 1: [], 2: ['cement'] },
      resourceDeck: ['wood', 'stone'],
    });
    speak(s, g, 0, 2, 'Kuri');
    expect(options(s, g, 2)).toEqual(['w-kuri-build']); // Kuri means build to seat 3
    act(s, g, 2, 'w-kuri-build');
    expect(count(s, g, 'resources', 2)).toBe(1); // not a draw
    speak(s, g, 0, 1, 'Kuri');
    expect(options(s, g, 1)).toEqual(['start2-draw']); // and draw to seat 2
    act(s, g, 1, 'start2-draw');
    expect(count(s, g, 'resources', 1)).toBe(2);
  });

  it('with two cards bearing the word, the target chooses which command to perform', () => {
    const { g, s } = arrange({
      players: 3, current: 0,
      hands: { 0: START(1), 1: ['start2-build', 'w-bamo-draw', 'start2-give', 'start2-reveal'] },
      resources: { 1: [] },
      resourceDeck: ['wood', 'stone'],
    });
    speak(s, g, 0, 1, 'Bamo');
    expect(options(s, g, 1).slice().sort()).toEqual(['start2-build', 'w-bamo-draw']);
    act(s, g, 1, 'w-bamo-draw');
    expect(sorted(s, g, 'resources', 1)).toEqual(['stone', 'wood']);
    expect(known(s, g, 1)).toEqual(['w-bamo-draw']); // the card revealed, not the other Bamo
    expect(isShown(s, entityIn(s, g, 'hand', 1, 'w-bamo-draw'))).toBe(false);
  });

  it('a word the target does not hold: they shake their head and nothing happens (basic game: no Confusion)', () => {
    const { g, s } = arrange({ players: 3, current: 0, hands: { 0: START(1), 1: START(2) }, resources: { 1: ['stone'] } });
    const before = JSON.stringify(s.zones);
    const from = mark(s);
    speak(s, g, 0, 1, 'Zeno');
    expect(logSince(s, g, 2, from)).toContain('Player 2 shakes their head.');
    expect(JSON.stringify(s.zones)).toBe(before);
    expect(stepOf(s, g, 0)).toBe('turn/actions/choose');
    expect(count(s, g, 'confusionShown')).toBe(0);
  });
});

describe('the four commands', () => {
  it('build: the target pays the cost from the supply and places the building in the lowest unfinished layer', () => {
    const { g, s } = arrange({
      players: 3, current: 0,
      hands: { 0: START(1), 1: START(2) },
      resources: { 1: ['stone', 'wood', 'cement'] },
      down: { 1: ['b01'] }, // Relief: 1 stone, 1 wood
      tower: { L1: ['b05', 'b06', 'b07', 'b08'], L2: [] },
    });
    speak(s, g, 0, 1, 'Bamo');
    act(s, g, 1, 'start2-build');
    expect(stepOf(s, g, 1)).toBe('turn/actions/build'); // the target chooses, asked even with one choice
    expect(options(s, g, 1)).toEqual(['b01']);
    act(s, g, 1, 'b01');
    expect(layer(s, g, 'L2')).toEqual(['b01']); // layer 1 is complete: the next layer up
    expect(cardsIn(s, g, 'resources', 1)).toEqual(['cement']);
    expect(sorted(s, g, 'resourceDiscard')).toEqual(['stone', 'wood']);
    expect(count(s, g, 'buildingsDown', 1)).toBe(0);
  });

  it('build with no affordable building: nothing is built', () => {
    const { g, s } = arrange({
      players: 3, current: 0, hands: { 0: START(1), 1: START(2) },
      resources: { 1: ['cement'] }, down: { 1: ['b01'] },
    });
    const from = mark(s);
    speak(s, g, 0, 1, 'Bamo');
    act(s, g, 1, 'start2-build');
    expect(logSince(s, g, 0, from)).toContain('Player 2 cannot pay for a building.');
    expect(stepOf(s, g, 0)).toBe('turn/actions/choose');
    expect(layer(s, g, 'L1')).toEqual([]);
    expect(cardsIn(s, g, 'buildingsDown', 1)).toEqual(['b01']);
  });

  it('give: up to 3 supply cards to other players, buildings keeping their orientation', () => {
    const { g, s } = arrange({
      players: 3, current: 0, hands: { 0: START(1), 1: START(2) },
      resources: { 1: ['stone', 'wood'], 0: [], 2: [] }, down: { 1: ['b02'], 0: [], 2: [] }, up: { 1: ['b03'], 0: [], 2: [] },
    });
    speak(s, g, 0, 1, 'Tosa');
    act(s, g, 1, 'start2-give');
    expect(stepOf(s, g, 1)).toBe('turn/actions/give/card');
    expect(options(s, g, 1).slice().sort()).toEqual(['b02', 'b03', 'stone', 'wood']);
    act(s, g, 1, 'b02');
    expect(options(s, g, 1)).toEqual([0, 2]);
    act(s, g, 1, 2);
    act(s, g, 1, 'b03');
    act(s, g, 1, 0);
    act(s, g, 1, 'stone');
    act(s, g, 1, 2);
    expect(cardsIn(s, g, 'buildingsDown', 2)).toEqual(['b02']); // still face down
    expect(cardsIn(s, g, 'buildingsUp', 0)).toEqual(['b03']); // still face up
    expect(cardsIn(s, g, 'resources', 2)).toEqual(['stone']);
    expect(cardsIn(s, g, 'resources', 1)).toEqual(['wood']); // three given: no fourth
    expect(stepOf(s, g, 0)).toBe('turn/actions/choose');
  });

  it('give: the target may stop before 3', () => {
    const { g, s } = arrange({ players: 2, current: 0, hands: { 0: START(1), 1: START(2) }, resources: { 1: ['stone', 'wood'], 0: [] } });
    speak(s, g, 0, 1, 'Tosa');
    act(s, g, 1, 'start2-give');
    act(s, g, 1, 'wood');
    // two players: the only other player receives at once
    act(s, g, 1); // stop
    expect(cardsIn(s, g, 'resources', 0)).toEqual(['wood']);
    expect(cardsIn(s, g, 'resources', 1)).toEqual(['stone']);
    expect(stepOf(s, g, 0)).toBe('turn/actions/choose');
  });

  it('reveal: up to 2 cards from hand or supply; buildings turn face up for good, words go back to hand face down', () => {
    const { g, s } = arrange({ players: 3, current: 0, hands: { 0: START(1), 1: START(2) }, down: { 1: ['b02', 'b04'] }, up: { 1: [] } });
    speak(s, g, 0, 1, 'Lumi');
    act(s, g, 1, 'start2-reveal');
    expect(stepOf(s, g, 1)).toBe('turn/actions/reveal-cards');
    // the card just revealed is back in the hand: it may be shown again (it proves it is still there)
    expect(options(s, g, 1).slice().sort()).toEqual(['b02', 'b04', 'start2-build', 'start2-draw', 'start2-give', 'start2-reveal']);
    const from = mark(s);
    act(s, g, 1, 'start2-build', 'b04');
    expect(logSince(s, g, 2, from)).toContain('Player 2 reveals Bamo (build), Relief (1 tools, 1 wood).');
    expect(cardsIn(s, g, 'buildingsUp', 1)).toEqual(['b04']);
    expect(cardsIn(s, g, 'buildingsDown', 1)).toEqual(['b02']);
    expect(isShown(s, entityIn(s, g, 'hand', 1, 'start2-build'))).toBe(false);
    expect(known(s, g, 1)).toEqual(['start2-build', 'start2-reveal']);
    const v = view(s, g, 2).zones as any;
    expect(v.buildingsUp[1].cards.map((c: any) => c.id)).toEqual(['b04']);
    expect(v.buildingsDown[1]).toEqual({ count: 1 });
    expect(v.hand[1]).toEqual({ count: 4 });
  });
});

describe('revealing a card as an action; drawing idea cards', () => {
  it('the overseer reveals a word card and flips a building; a drawn word replaces the same symbol, a building goes face down', () => {
    const { g, s } = arrange({
      players: 2, current: 0, hands: { 0: START(1), 1: START(2) }, down: { 0: ['b04'] }, up: { 0: [] },
      ideas: { L1: ['b05', 'b06', 'w-zeno-draw'] },
    });
    act(s, g, 0, 'reveal');
    act(s, g, 0, 'start1-give');
    act(s, g, 0, 'reveal');
    act(s, g, 0, 'b04');
    // end of the turn: the idea card on top of deck 1 (Zeno, draw) replaces Kuri (draw)
    expect(getVar(s, g, 'current')).toBe(1);
    expect(sorted(s, g, 'hand', 0)).toEqual(['start1-build', 'start1-give', 'start1-reveal', 'w-zeno-draw']);
    expect(cardsIn(s, g, 'wordDiscard')).toContain('start1-draw');
    expect(cardsIn(s, g, 'buildingsUp', 0)).toEqual(['b04']);
    expect(known(s, g, 0)).toEqual(['start1-give']); // still remembered a turn later
    expect(isShown(s, entityIn(s, g, 'hand', 0, 'start1-give'))).toBe(false); // though face down in the hand
    // seat 2's turn: the next idea card is a building, face down in their supply
    act(s, g, 1, 'reveal');
    act(s, g, 1, 'start2-give');
    act(s, g, 1, 'reveal');
    act(s, g, 1, 'start2-draw');
    expect(cardsIn(s, g, 'buildingsDown', 1)).toContain('b06');
    expect(deck(s, g, 'L1')).toEqual(['b05']);
    expect(s.ended).toBeNull();
  });
});

describe('a revealed word card goes back into the hand hidden; what was shown is remembered', () => {
  /** Seat 1 (current) holds Zeno (build); it reveals Zeno, then its give card, then draws `idea` from deck 1. */
  function revealThenDraw(idea: string) {
    const { g, s } = arrange({
      players: 3, current: 0,
      hands: { 0: ['w-zeno-build', 'start1-draw', 'start1-give', 'start1-reveal'], 1: START(2), 2: START(3) },
      ideas: { L1: ['b05', 'b06', idea] },
    });
    const from = mark(s);
    act(s, g, 0, 'reveal');
    act(s, g, 0, 'w-zeno-build');
    const second = mark(s);
    act(s, g, 0, 'reveal');
    act(s, g, 0, 'start1-give'); // then the idea draw ends the turn
    return { g, s, from, second };
  }

  it('a word card drawn to replace a revealed one: the others see a card leave, not which', () => {
    const { g, s, from, second } = revealThenDraw('w-pala-build'); // Pala (build) replaces Zeno (build)
    expect(getVar(s, g, 'current')).toBe(1);
    expect(cardsIn(s, g, 'wordDiscard')).toContain('w-zeno-build');
    for (const other of [1, 2]) {
      expect(logSince(s, g, other, from)).toContain('Player 1 reveals Zeno (build).');
      const after = logSince(s, g, other, second);
      expect(after).toContain('Player 1 draws a word card from idea deck L1 and discards the one it replaces face down.');
      expect(after.join('\n')).not.toMatch(/Zeno|Pala/);
      expect((view(s, g, other).zones.hand as any[])[0]).toEqual({ count: 4 });
    }
    // the owner knows what they discarded
    expect(logSince(s, g, 0, second)).toContain('Player 1 replaces Zeno (build) with Pala (build), drawn from idea deck L1.');
    // the public memory still lists Zeno: nobody saw it leave (it has gone stale)
    expect(known(s, g, 0)).toEqual(['start1-give', 'w-zeno-build']);
  });

  it('the other players cannot tell whether the card replaced was the revealed one or another', () => {
    const a = revealThenDraw('w-pala-build'); // replaces the revealed Zeno (build)
    const b = revealThenDraw('w-ossa-draw'); // replaces Kuri (draw), never shown
    expect(cardsIn(a.s, a.g, 'wordDiscard')).toContain('w-zeno-build');
    expect(cardsIn(b.s, b.g, 'wordDiscard')).toContain('start1-draw');
    // what a seat sees of the turn: its log since the first action, and its view of the table (without the
    // box and the log, where the two arrangements differ: the idea card placed came from the public box)
    const seen = (t: ReturnType<typeof revealThenDraw>, v: number) => {
      const { log: _log, lines: _lines, ...rest } = view(t.s, t.g, v);
      const { box: _box, ...zones } = rest.zones;
      return JSON.stringify({ ...rest, zones, turn: logSince(t.s, t.g, v, t.from) });
    };
    for (const other of [1, 2]) expect(seen(b, other)).toBe(seen(a, other));
    expect(seen(b, 0)).not.toBe(seen(a, 0)); // the owner knows
  });

  it('a newer reveal of the same command symbol replaces the remembered card', () => {
    const { g, s } = arrange({
      players: 2, current: 1, hands: { 0: START(1), 1: START(2) },
      ideas: { L1: ['b05', 'b06', 'w-zeno-build'] },
    });
    act(s, g, 1, 'reveal'); act(s, g, 1, 'start2-build');
    act(s, g, 1, 'reveal'); act(s, g, 1, 'start2-give');
    // seat 2 drew Zeno (build), which replaced Bamo (build) face down: the memory is stale
    expect(known(s, g, 1)).toEqual(['start2-build', 'start2-give']);
    expect(getVar(s, g, 'current')).toBe(0);
    speak(s, g, 0, 1, 'Zeno');
    act(s, g, 1, 'w-zeno-build'); // build: nothing to pay with, nothing built
    expect(known(s, g, 1)).toEqual(['start2-give', 'w-zeno-build']);
  });

  it('a head shake at a remembered word: everyone knows that card has gone', () => {
    const { g, s } = arrange({
      players: 2, current: 1, hands: { 0: START(1), 1: START(2) },
      ideas: { L1: ['b05', 'b06', 'w-ossa-draw'] },
    });
    act(s, g, 1, 'reveal'); act(s, g, 1, 'start2-draw');
    act(s, g, 1, 'reveal'); act(s, g, 1, 'start2-give');
    expect(known(s, g, 1)).toEqual(['start2-draw', 'start2-give']);
    const from = mark(s);
    speak(s, g, 0, 1, 'Kuri');
    expect(logSince(s, g, 0, from)).toContain('Player 2 shakes their head.');
    expect(known(s, g, 1)).toEqual(['start2-give']);
  });
});

describe('the supply limit and the resource reshuffle', () => {
  it('over 7 resources after drawing, the player discards down to 7 (their choice)', () => {
    const { g, s } = arrange({
      players: 3, current: 0, hands: { 0: START(1), 1: START(2) },
      resources: { 1: ['stone', 'stone', 'wood', 'wood', 'cement', 'cement'] },
      resourceDeck: ['tools', 'tools'],
    });
    speak(s, g, 0, 1, 'Kuri');
    act(s, g, 1, 'start2-draw');
    expect(stepOf(s, g, 1)).toBe('turn/actions/limit/discard-down');
    expect(options(s, g, 1)).toHaveLength(8);
    expect(() => act(s, g, 1, 'stone', 'wood')).toThrow(); // exactly one
    act(s, g, 1, 'cement');
    expect(count(s, g, 'resources', 1)).toBe(7);
    expect(cardsIn(s, g, 'resourceDiscard')).toEqual(['cement']);
    expect(stepOf(s, g, 0)).toBe('turn/actions/choose');
  });

  it('a gift that takes the receiver over the limit makes the receiver discard down', () => {
    const { g, s } = arrange({
      players: 2, current: 0, hands: { 0: START(1), 1: START(2) },
      resources: { 0: ['stone', 'stone', 'wood', 'wood', 'cement', 'cement', 'tools'], 1: ['tools'] },
    });
    speak(s, g, 0, 1, 'Tosa');
    act(s, g, 1, 'start2-give');
    act(s, g, 1, 'tools');
    act(s, g, 1); // stop giving
    expect(stepOf(s, g, 0)).toBe('turn/actions/limit/discard-down');
    act(s, g, 0, 'stone');
    expect(count(s, g, 'resources', 0)).toBe(7);
  });

  it('when the resource deck runs out, the discard pile is shuffled into it and the draw goes on', () => {
    const { g, s } = arrange({
      players: 3, current: 0, hands: { 0: START(1), 1: START(2) },
      resources: { 1: [] }, resourceDeck: ['stone'], resourceDiscard: ['wood', 'wood', 'wood'],
    });
    speak(s, g, 0, 1, 'Kuri');
    act(s, g, 1, 'start2-draw');
    expect(sorted(s, g, 'resources', 1)).toEqual(['stone', 'wood']);
    expect(cardsIn(s, g, 'resourceDeck')).toEqual(['wood', 'wood']);
    expect(count(s, g, 'resourceDiscard')).toBe(0);
  });
});

describe('end of the game', () => {
  /** The overseer reveals two cards (ending their actions), then draws. */
  function revealTwice(s: any, g: any, p: number, a: string, b: string): void {
    act(s, g, p, 'reveal'); act(s, g, p, a);
    act(s, g, p, 'reveal'); act(s, g, p, b);
  }

  it('loss: the last card of an idea deck is drawn while its layer is unfinished', () => {
    const { g, s } = arrange({
      players: 2, current: 0, hands: { 0: START(1), 1: START(2) },
      tower: { L1: ['b01', 'b02', 'b03'] }, ideas: { L1: ['w-zeno-draw'] },
    });
    revealTwice(s, g, 0, 'start1-give', 'start1-draw');
    expect(s.ended).toMatchObject({ ending: 'tower-fell', winner: 'none', truncated: false });
  });

  it('the last card of a deck whose layer is complete: play goes on with the deck above', () => {
    const { g, s } = arrange({
      players: 2, current: 0, hands: { 0: START(1), 1: START(2) },
      tower: { L1: ['b01', 'b02', 'b03', 'b04'] }, ideas: { L1: ['w-zeno-draw'], L2: ['b05', 'w-ossa-draw'] },
    });
    revealTwice(s, g, 0, 'start1-give', 'start1-draw');
    expect(s.ended).toBeNull();
    expect(getVar(s, g, 'drawnFrom')).toBe('L1');
    revealTwice(s, g, 1, 'start2-give', 'start2-reveal');
    expect(s.ended).toBeNull();
    expect(getVar(s, g, 'drawnFrom')).toBe('L2');
    expect(deck(s, g, 'L2')).toEqual(['b05']);
  });

  it('loss: the last card of the final deck is drawn with the tower unfinished', () => {
    const { g, s } = arrange({
      players: 2, current: 0, hands: { 0: START(1), 1: START(2) },
      tower: { L1: ['b01', 'b02', 'b03', 'b04'], L2: ['b05', 'b06', 'b07'], L3: ['b08', 'b09'] },
      ideas: { L1: [], L2: [], L3: [], L4: ['w-ossa-draw'] },
    });
    revealTwice(s, g, 0, 'start1-give', 'start1-draw');
    expect(s.ended).toMatchObject({ ending: 'tower-fell', winner: 'none' });
  });

  it('win: placing the last building card in the top layer wins for everyone', () => {
    const { g, s } = arrange({
      players: 3, current: 0, hands: { 0: START(1), 1: START(2) },
      tower: { L1: ['b01', 'b02', 'b03', 'b04'], L2: ['b05', 'b06', 'b07'], L3: ['b08', 'b09'] },
      resources: { 1: ['tools', 'wood'] }, down: { 1: ['b12'] }, // Doors: 1 tools, 1 wood
      ideas: { L1: [], L2: [], L3: [], L4: ['w-ossa-draw'] },
    });
    speak(s, g, 0, 1, 'Bamo');
    act(s, g, 1, 'start2-build');
    act(s, g, 1, 'b12');
    expect(layer(s, g, 'L4')).toEqual(['b12']);
    expect(s.ended).toMatchObject({ ending: 'tower-complete', winner: 'builders', truncated: false });
  });
});
