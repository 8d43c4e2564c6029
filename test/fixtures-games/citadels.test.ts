// Citadels (test/fixtures/games/citadels.yaml), played step by step: the draft from the crown, where each player
// looks at the characters left in secret (a private look: seen by that player only, in every other seat's view and
// log it stays hidden) and one character lies aside face down; then the Assassin murders the King (who still
// takes the crown at the end of the round), the Thief robs the Magician when he is revealed, and the Magician
// swaps his whole hand with another player's.

import { describe, expect, it } from 'vitest';
import { act, cardsIn, getVar, options, start, stepOf, view, zoneInst } from '../helpers/game.js';
import { fixture } from './support.js';

const g = () => fixture('citadels');
type S = ReturnType<typeof start>;
type Pile = { cards?: ({ name: string } | null)[]; count?: number };
const namesIn = (p: Pile | undefined) => (p?.cards ?? []).filter((c) => c !== null).map((c) => c!.name);
const CHARACTERS = ['Assassin', 'Thief', 'Magician', 'King', 'Bishop', 'Merchant', 'Architect', 'Warlord'];

/** Seed 34 at 4 players: the Merchant and the Architect lie face up, the Bishop face down; the other five are passed. */
const SEED = 34;

/** Plays a character's turn: take 2 gold, then end the turn. */
function goldAndEnd(s: S, p: number): void {
  act(s, g(), p, 'gold');
  act(s, g(), p, 'end');
}

describe('Citadels', () => {
  it('the draft: the player choosing sees the characters left; every other seat sees neither them nor their names in the log', () => {
    const s = start(g(), 4, SEED);
    expect(cardsIn(s, g(), 'setAsideUp').sort()).toEqual(['architect', 'merchant']);
    expect(cardsIn(s, g(), 'passed').sort()).toEqual(['assassin', 'king', 'magician', 'thief', 'warlord']);
    expect(stepOf(s, g(), 0)).toBe('round/draft/pick');
    const v0 = view(s, g(), 0);
    expect(namesIn(v0.zones.passed as Pile).sort()).toEqual(['Assassin', 'King', 'Magician', 'Thief', 'Warlord']);
    const look0 = v0.log.find((l) => l.startsWith('Player 1 looks at the characters left'))!;
    expect(CHARACTERS.filter((c) => look0.includes(c)).sort()).toEqual(['Assassin', 'King', 'Magician', 'Thief', 'Warlord']);
    for (const seat of [1, 2, 3]) {
      const v = view(s, g(), seat);
      expect(namesIn(v.zones.passed as Pile), `seat ${seat + 1}'s view`).toEqual([]);
      const look = v.log.find((l) => l.startsWith('Player 1 looks at the characters left'));
      expect(look, `seat ${seat + 1}'s log`).toBeDefined();
      expect(CHARACTERS.filter((c) => look!.includes(c)), `seat ${seat + 1}'s log`).toEqual([]);
      expect(namesIn(v.zones.setAsideDown as Pile)).toEqual([]); // the face-down character, to everyone
    }
    act(s, g(), 0, 'assassin');
    // the look ends when the characters are passed on: Player 1 no longer sees them, Player 2 now does
    expect(namesIn(view(s, g(), 0).zones.passed as Pile)).toEqual([]);
    expect(namesIn(view(s, g(), 1).zones.passed as Pile).sort()).toEqual(['King', 'Magician', 'Thief', 'Warlord']);
    expect(view(s, g(), 2).log.some((l) => l.includes('Assassin'))).toBe(false); // what Player 1 took stays secret
    expect(namesIn((view(s, g(), 1).zones.chosen as Pile[])[0])).toEqual([]);
  });

  it('the Assassin murders the King, the Thief robs the Magician, the Magician swaps hands; the murdered King still takes the crown', () => {
    const s = start(g(), 4, SEED);
    act(s, g(), 0, 'assassin');
    act(s, g(), 1, 'thief');
    act(s, g(), 2, 'magician');
    act(s, g(), 3, 'king');
    expect(getVar(s, g(), 'crown')).toBe(0);
    // 1: the Assassin is revealed and names the King
    expect(stepOf(s, g(), 0)).toBe('assassinate/name'); // a step of the procedure
    expect(options(s, g(), 0)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    act(s, g(), 0, 4);
    goldAndEnd(s, 0);
    // 2: the Thief may not rob the Assassin nor the murdered King
    expect(options(s, g(), 1)).toEqual([3, 5, 6, 7, 8]);
    act(s, g(), 1, 3);
    goldAndEnd(s, 1);
    // 3: the Magician is revealed and the Thief takes his 2 gold at once (4 + 2), before the Magician acts
    expect(getVar(s, g(), 'gold')).toEqual([4, 6, 0, 2]);
    act(s, g(), 2, 'gold');
    expect(getVar(s, g(), 'gold')).toEqual([4, 6, 2, 2]);
    const hand0 = s.zones[zoneInst(g(), 'hand', 0)]!.slice(), hand2 = s.zones[zoneInst(g(), 'hand', 2)]!.slice();
    act(s, g(), 2, 'magic');
    act(s, g(), 2, 'swap');
    act(s, g(), 2, 0);
    expect(s.zones[zoneInst(g(), 'hand', 2)]).toEqual(hand0);
    expect(s.zones[zoneInst(g(), 'hand', 0)]).toEqual(hand2);
    act(s, g(), 2, 'end');
    // 4: the King keeps silent; nobody else answers; the round ends and the murdered King's player takes the crown
    const log = view(s, g(), 1).log;
    expect(log).toContain('The Assassin murders the King.');
    expect(log).toContain('The Thief will rob the Magician.');
    expect(log).toContain('The Thief, Player 2, takes 2 gold from Player 3.');
    expect(log).toContain('The Magician, Player 3 (4 cards), swaps hands with Player 1 (4 cards).');
    expect(log).toContain('The King is called: the Assassin\'s victim keeps silent and loses the turn.');
    expect(log).toContain('The murdered King\'s player, Player 4, takes the crown.');
    expect(getVar(s, g(), 'crown')).toBe(3);
    // the next round's draft starts from the crown
    expect(stepOf(s, g(), 3)).toBe('round/draft/pick');
  });
});
