// Bable, advanced game: a command the target does not understand makes them draw the top Confusion card
// and resolve it. One scenario per Confusion effect, plus the Confusion deck's reshuffle.

import { describe, expect, it } from 'vitest';
import { act, cardsIn, count, getVar, options, setVar, stepOf, view } from '../helpers/game.js';
import { arrange, deck, entityIn, isShown, known, layer, logSince, mark, sorted } from './bable-setup.js';

const START = (seat: number) => [`start${seat}-build`, `start${seat}-draw`, `start${seat}-give`, `start${seat}-reveal`];

/** Seat 1 (current) says a word seat 2 does not hold: seat 2 draws the Confusion card on top. */
function misunderstood(s: any, g: any): void {
  act(s, g, 0, 'command');
  if (stepOf(s, g, 0) === 'turn/actions/target') act(s, g, 0, 1);
  act(s, g, 0, 'Zeno');
}

describe('Confusion cards (advanced game)', () => {
  it('the variant turns the advanced game on; the basic game keeps the Confusion cards in the box', () => {
    const basic = arrange({ players: 3, current: 0 });
    expect(count(basic.s, basic.g, 'confusionDeck')).toBe(0);
    const adv = arrange({ players: 3, current: 0, advanced: true });
    expect(count(adv.s, adv.g, 'confusionDeck')).toBe(9);
  });

  it('tumble: a statue or relief building leaves the current layer and is shuffled into the current idea deck', () => {
    const { g, s } = arrange({
      players: 3, current: 0, advanced: true, hands: { 0: START(1), 1: START(2) },
      tower: { L1: ['b01', 'b05', 'b09'] }, // relief, statue, doors
      ideas: { L1: ['w-ossa-draw', 'b10'] },
      confusionDeck: ['confusion-a'],
    });
    misunderstood(s, g);
    expect(stepOf(s, g, 1)).toBe('turn/actions/tumble');
    expect(options(s, g, 1).slice().sort()).toEqual(['b01', 'b05']); // not the doors
    act(s, g, 1, 'b05');
    expect(layer(s, g, 'L1').slice().sort()).toEqual(['b01', 'b09']);
    expect(deck(s, g, 'L1').slice().sort()).toEqual(['b05', 'b10', 'w-ossa-draw']);
    expect(cardsIn(s, g, 'confusionDiscard')).toEqual(['confusion-a']);
  });

  it('tumble, option tumbleBeside: the building goes into the deck beside the current layer, not the deck drawn from', () => {
    const table = (tumbleBeside: boolean) => arrange({
      players: 3, current: 0, advanced: true, options: { tumbleBeside }, hands: { 0: START(1), 1: START(2) },
      tower: { L1: ['b09', 'b10', 'b11', 'b12'], L2: ['b05'] }, // layer 1 done (doors); a statue in layer 2
      ideas: { L1: ['w-ossa-draw'], L2: ['b06', 'w-mira-give'] }, // deck 1 still has a card: it is drawn from
      confusionDeck: ['confusion-a'],
    });
    const drawn = table(false);
    misunderstood(drawn.s, drawn.g); // the only statue or relief there: taken at once
    expect(layer(drawn.s, drawn.g, 'L2')).toEqual([]);
    expect(deck(drawn.s, drawn.g, 'L1').slice().sort()).toEqual(['b05', 'w-ossa-draw']);
    const beside = table(true);
    misunderstood(beside.s, beside.g);
    expect(deck(beside.s, beside.g, 'L2').slice().sort()).toEqual(['b05', 'b06', 'w-mira-give']);
    expect(deck(beside.s, beside.g, 'L1')).toEqual(['w-ossa-draw']);
  });

  it('tumble with no statue or relief in the current layer: nothing happens', () => {
    const { g, s } = arrange({
      players: 3, current: 0, advanced: true, hands: { 0: START(1), 1: START(2) },
      tower: { L1: ['b09', 'b13'] }, ideas: { L1: ['w-ossa-draw', 'b10'] }, confusionDeck: ['confusion-a'],
    });
    misunderstood(s, g);
    expect(stepOf(s, g, 0)).toBe('turn/actions/choose'); // the overseer's second action
    expect(layer(s, g, 'L1')).toEqual(['b09', 'b13']);
    expect(cardsIn(s, g, 'confusionDiscard')).toEqual(['confusion-a']);
  });

  it('crumble: discard as many resources as there are doors and stairs in the tower', () => {
    const { g, s } = arrange({
      players: 3, current: 0, advanced: true, hands: { 0: START(1), 1: START(2) },
      tower: { L1: ['b09', 'b13', 'b01'] }, // doors, stairs, relief
      resources: { 1: ['stone', 'wood', 'cement'] },
      confusionDeck: ['confusion-b'],
    });
    misunderstood(s, g);
    expect(stepOf(s, g, 1)).toBe('turn/actions/crumble');
    expect(() => act(s, g, 1, 'stone')).toThrow(); // two, not one
    act(s, g, 1, 'stone', 'wood');
    expect(cardsIn(s, g, 'resources', 1)).toEqual(['cement']);
    expect(sorted(s, g, 'resourceDiscard')).toEqual(['stone', 'wood']);
  });

  it('drift: the top word card of the shuffled discard replaces the word with the same symbol', () => {
    const { g, s } = arrange({
      players: 3, current: 0, advanced: true, hands: { 0: START(1), 1: START(2) },
      wordDiscard: ['w-ossa-draw'], confusionDeck: ['confusion-c'],
    });
    misunderstood(s, g);
    expect(sorted(s, g, 'hand', 1)).toEqual(['start2-build', 'start2-give', 'start2-reveal', 'w-ossa-draw']);
    expect(cardsIn(s, g, 'wordDiscard')).toEqual(['start2-draw']);
  });

  it('drift and forget take a remembered word card away face down: the others are not told which card left', () => {
    // seat 2 has been seen to reveal Kuri (draw) earlier: it is in their public memory
    const drift = arrange({
      players: 3, current: 0, advanced: true, hands: { 0: START(1), 1: START(2) },
      wordDiscard: ['w-ossa-draw'], confusionDeck: ['confusion-c'],
    });
    setVar(drift.s, drift.g, 'knownWords', [[], [entityIn(drift.s, drift.g, 'hand', 1, 'start2-draw')], []]);
    let from = mark(drift.s);
    misunderstood(drift.s, drift.g);
    expect(cardsIn(drift.s, drift.g, 'wordDiscard')).toEqual(['start2-draw']);
    for (const other of [0, 2]) {
      expect(logSince(drift.s, drift.g, other, from)).toContain('Player 2 draws a word card from the discard pile and discards the one it replaces face down.');
      expect(logSince(drift.s, drift.g, other, from).join('\n')).not.toMatch(/Kuri|Ossa/);
    }
    // the drifting player reads both cards, in one line
    expect(logSince(drift.s, drift.g, 1, from)).toContain('Player 2 replaces Kuri (draw) with Ossa (draw), drawn from the word discard.');
    expect(known(drift.s, drift.g, 1)).toEqual(['start2-draw']); // stale: nobody saw it go

    const forget = arrange({
      players: 3, current: 0, advanced: true, hands: { 0: START(1), 1: START(2) }, confusionDeck: ['confusion-f'],
    });
    setVar(forget.s, forget.g, 'knownWords', [[], [entityIn(forget.s, forget.g, 'hand', 1, 'start2-give')], []]);
    from = mark(forget.s);
    misunderstood(forget.s, forget.g);
    act(forget.s, forget.g, 1, 'start2-give');
    expect(cardsIn(forget.s, forget.g, 'wordDiscard').at(-1)).toBe('start2-give');
    for (const other of [0, 2]) {
      const lines = logSince(forget.s, forget.g, other, from);
      expect(lines).toContain('Player 2 forgets a card: discarded face down.');
      expect(lines.join('\n')).not.toMatch(/Tosa/);
    }
    expect(logSince(forget.s, forget.g, 1, from)).toContain('Player 2 forgets Tosa (give): discarded face down.');
    expect(known(forget.s, forget.g, 1)).toEqual(['start2-give']);
  });

  it('a remembered card that drifted into another hand and is revealed there is no longer remembered in the first', () => {
    const { g, s } = arrange({
      players: 3, current: 0, advanced: true, hands: { 0: START(1), 1: START(2) },
      wordDiscard: ['w-ossa-draw'], confusionDeck: ['confusion-c'],
    });
    // seat 3 was seen to reveal Ossa (draw), which has since left their hand face down (stale memory)
    setVar(s, g, 'knownWords', [[], [], [entityIn(s, g, 'wordDiscard', undefined, 'w-ossa-draw')]]);
    misunderstood(s, g); // drift: seat 2 draws Ossa (draw)
    expect(sorted(s, g, 'hand', 1)).toContain('w-ossa-draw');
    act(s, g, 0, 'command');
    act(s, g, 0, 1);
    act(s, g, 0, 'Ossa');
    act(s, g, 1, 'w-ossa-draw');
    expect(known(s, g, 1)).toEqual(['w-ossa-draw']);
    expect(known(s, g, 2)).toEqual([]);
    expect(isShown(s, entityIn(s, g, 'hand', 1, 'w-ossa-draw'))).toBe(false);
    expect((view(s, g, 2).zones.hand as any[])[1]).toEqual({ count: 4 });
  });

  it('leftward: all buildings, face up or down, go to the player on the left, keeping their orientation', () => {
    const { g, s } = arrange({
      players: 3, current: 0, advanced: true, hands: { 0: START(1), 1: START(2) },
      up: { 1: ['b03'], 2: [] }, down: { 1: ['b02', 'b04'], 2: [] }, confusionDeck: ['confusion-d'],
    });
    misunderstood(s, g);
    expect(cardsIn(s, g, 'buildingsUp', 2)).toEqual(['b03']);
    expect(sorted(s, g, 'buildingsDown', 2)).toEqual(['b02', 'b04']);
    expect(count(s, g, 'buildingsUp', 1) + count(s, g, 'buildingsDown', 1)).toBe(0);
  });

  it('rightward: all resources go to the player on the right, who discards down to the limit', () => {
    const { g, s } = arrange({
      players: 3, current: 0, advanced: true, hands: { 0: START(1), 1: START(2) },
      resources: { 1: ['stone', 'wood'], 0: ['cement', 'cement', 'cement', 'tools', 'tools', 'tools'] },
      confusionDeck: ['confusion-e'],
    });
    misunderstood(s, g);
    expect(count(s, g, 'resources', 1)).toBe(0);
    expect(count(s, g, 'resources', 0)).toBe(8);
    expect(stepOf(s, g, 0)).toBe('turn/actions/limit/discard-down');
    act(s, g, 0, 'tools');
    expect(count(s, g, 'resources', 0)).toBe(7);
  });

  it('forget: a word card of the player\'s choice is discarded; they hold 3 until they draw that symbol again', () => {
    const { g, s } = arrange({
      players: 2, current: 0, advanced: true, hands: { 0: START(1), 1: START(2) },
      ideas: { L1: ['b05', 'b06', 'w-mira-give', 'w-ossa-draw'] },
      confusionDeck: ['confusion-f'],
    });
    misunderstood(s, g);
    expect(stepOf(s, g, 1)).toBe('turn/actions/forget');
    act(s, g, 1, 'start2-give');
    expect(sorted(s, g, 'hand', 1)).toEqual(['start2-build', 'start2-draw', 'start2-reveal']);
    // the Tosa (give) command now means nothing to seat 2
    act(s, g, 0, 'reveal'); act(s, g, 0, 'start1-give');
    expect(getVar(s, g, 'current')).toBe(1); // seat 1 drew Ossa (draw)
    // seat 2 draws Mira (give): the empty symbol is filled again
    act(s, g, 1, 'reveal'); act(s, g, 1, 'start2-build');
    act(s, g, 1, 'reveal'); act(s, g, 1, 'start2-draw');
    expect(sorted(s, g, 'hand', 1)).toEqual(['start2-build', 'start2-draw', 'start2-reveal', 'w-mira-give']);
  });

  it('silence: nobody may give the player commands until the start of their next turn', () => {
    const { g, s } = arrange({
      players: 3, current: 0, advanced: true, hands: { 0: START(1), 1: START(2), 2: START(3) },
      ideas: { L1: ['b05', 'b06', 'b07', 'w-ossa-draw'] },
      confusionDeck: ['confusion-g'],
    });
    misunderstood(s, g);
    expect(getVar(s, g, 'silenced')[1]).toBe(true);
    act(s, g, 0, 'command');
    // the only player left to command is seat 3: chosen at once
    expect(stepOf(s, g, 0)).toBe('turn/actions/word');
    act(s, g, 0, 'Kuri');
    act(s, g, 2, 'start3-draw');
    expect(getVar(s, g, 'current')).toBe(1);
    expect(getVar(s, g, 'silenced')[1]).toBe(false); // their turn has started
  });

  it('the Confusion deck is reshuffled from its discard pile when it runs out', () => {
    const { g, s } = arrange({
      players: 3, current: 0, advanced: true, hands: { 0: START(1), 1: START(2) },
      confusionDeck: [], confusionDiscard: ['confusion-g'],
    });
    misunderstood(s, g);
    expect(getVar(s, g, 'silenced')[1]).toBe(true);
    expect(cardsIn(s, g, 'confusionDiscard')).toEqual(['confusion-g']);
    expect(count(s, g, 'confusionDeck')).toBe(0);
  });
});
