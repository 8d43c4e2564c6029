// Hanabi (test/fixtures/games/hanabi.yaml), played step by step: everyone sees every hand but their own; a hint
// marks every card of a colour or number in another's hand and costs a clock token; a card that does not fit
// burns a fuse and the third ends the game at 0 points; the score is the fireworks' height.

import { describe, expect, it } from 'vitest';
import { scoreTable } from '../../engine/scores.js';
import { act, cardsIn, getVar, options, place, setVar, start, stepOf, view, zoneInst } from '../helpers/game.js';
import { fixture } from './support.js';

const g = () => fixture('hanabi');
type Pile = { cards?: ({ name: string } | null)[]; count?: number };
const handOf = (v: ReturnType<typeof view>, seat: number) => (v.zones.hand as Pile[])[seat]!;
const perCard = (s: ReturnType<typeof start>, name: string, e: number) => (s.vars[g().vars.findIndex((v) => v.id === name)] as unknown[])[e];

describe('Hanabi', () => {
  it('each player sees every hand but their own', () => {
    const s = start(g(), 3, 1);
    for (let viewer = 0; viewer < 3; viewer++) {
      const v = view(s, g(), viewer);
      for (let seat = 0; seat < 3; seat++) {
        const names = handOf(v, seat).cards?.filter((c) => c !== null).map((c) => c!.name) ?? [];
        expect(names.length, `seat ${seat + 1} seen by seat ${viewer + 1}`).toBe(seat === viewer ? 0 : 5);
      }
    }
  });

  it('a hint points at every card of one colour in another hand, marks them, and costs a clock token', () => {
    const s = start(g(), 2, 1);
    place(s, g(), 'hand', 1, ['red1', 'blue2', 'red4', 'green1', 'white3']);
    expect(stepOf(s, g(), 0)).toBe('turns/act');
    act(s, g(), 0, 'hint'); // to whom is not asked: Player 2 is the only other player
    expect(options(s, g(), 0)).toEqual(expect.arrayContaining(['red', 'blue', 'green', 'white', '1', '2', '3', '4']));
    expect(options(s, g(), 0)).not.toContain('yellow'); // no hint about what the hand does not hold
    act(s, g(), 0, 'red');
    const hand = s.zones[zoneInst(g(), 'hand', 1)]!;
    const marked = hand.filter((e) => perCard(s, 'knownColour', e) === 'red').map((e) => g().cards[g().entityDef[e]!]!.id);
    expect(marked.sort()).toEqual(['red1', 'red4']);
    expect(hand.filter((e) => perCard(s, 'knownNumber', e) !== 0)).toEqual([]);
    expect(getVar(s, g(), 'clocks')).toBe(7);
    // the hinted player reads which of their cards were pointed at, though not which cards they are
    expect(view(s, g(), 1).log).toContain('Player 1 tells Player 2: these are red: 2 cards.');
    expect(view(s, g(), 0).log).toContain('Player 1 tells Player 2: these are red: Red 1, Red 4.');
    expect(stepOf(s, g(), 1)).toBe('turns/act');
  });

  it('with no clock token left no hint can be given; with all 8 no card can be discarded', () => {
    const s = start(g(), 2, 1);
    expect(options(s, g(), 0)).toEqual(['hint', 'play']);
    setVar(s, g(), 'clocks', 0);
    act(s, g(), 0, 'play');
    act(s, g(), 0, options(s, g(), 0)[0] as string);
    expect(options(s, g(), 1)).toEqual(['discard', 'play']);
  });

  it('a card that fits rises its firework; one that does not burns a fuse; the third fuse loses the game at 0 points', () => {
    const s = start(g(), 2, 1);
    place(s, g(), 'hand', 0, ['white1', 'white3', 'blue1', 'blue2', 'yellow5']);
    act(s, g(), 0, 'play');
    act(s, g(), 0, 'white1');
    expect(cardsIn(s, g(), 'fireworks')).toEqual(['white1']);
    expect(getVar(s, g(), 'fuses')).toBe(0);
    expect(s.zones[zoneInst(g(), 'hand', 0)]!.length).toBe(5); // drew back up
    expect(scoreTable(s, g()).map((row) => row[0])).toEqual([1, 1]);
    // Player 2 plays a card that does not fit
    place(s, g(), 'hand', 1, ['green3', 'red2', 'red3', 'blue4', 'green4']);
    act(s, g(), 1, 'play');
    act(s, g(), 1, 'green3');
    expect(getVar(s, g(), 'fuses')).toBe(1);
    expect(cardsIn(s, g(), 'discard')).toEqual(['green3']);
    expect(view(s, g(), 0).log.some((l) => l === 'Player 2 plays Green 3, which does not fit: a fuse burns (1 of 3).')).toBe(true);
    setVar(s, g(), 'fuses', 2);
    place(s, g(), 'hand', 0, ['white3', 'blue2', 'yellow5', 'red4', 'green5']);
    act(s, g(), 0, 'play');
    act(s, g(), 0, 'white3');
    expect(s.ended?.ending).toBe('storm');
    expect(scoreTable(s, g()).map((row) => row[0])).toEqual([0, 0]);
  });

  it('a 5 completes its firework and brings a clock token back; the score is the fireworks\' height', () => {
    const s = start(g(), 2, 1);
    place(s, g(), 'fireworks', undefined, ['red1', 'red2', 'red3', 'red4', 'blue1', 'blue2']);
    setVar(s, g(), 'clocks', 5);
    place(s, g(), 'hand', 0, ['red5', 'white3', 'blue4', 'green4', 'yellow2']);
    act(s, g(), 0, 'play');
    act(s, g(), 0, 'red5');
    expect(getVar(s, g(), 'clocks')).toBe(6);
    expect(scoreTable(s, g()).map((row) => row[0])).toEqual([7, 7]);
  });
});
