// Bable, advanced game: a command the target does not understand makes them draw the top Confusion card
// and resolve it. One scenario per Confusion effect, plus the Confusion deck's reshuffle.

import { describe, expect, it } from 'vitest';
import { act, cardsIn, count, getVar, options, stepOf } from '../helpers/game.js';
import { arrange, deck, layer, sorted } from './bable-setup.js';

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
