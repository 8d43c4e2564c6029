// Dominion's first game (test/fixtures/games/dominion.yaml), played step by step: the Militia attacks, a player
// holding a Moat may reveal it to be unaffected (a reaction window: one takes it, one declines, one without a
// Moat is not asked), every other player discards down to 3 in turn order; drawing is one procedure called
// from the Action cards and from the clean-up, shuffling the discard pile into a new deck when the deck runs out.

import { describe, expect, it } from 'vitest';
import { activePlayers } from '../../engine/flow.js';
import { scoreTable } from '../../engine/scores.js';
import { instances, moveEntities } from '../../engine/state.js';
import { act, count, entitiesOf, getVar, restartPhase, start, stepOf, view, zoneInst } from '../helpers/game.js';
import { fixture } from './support.js';

const g = () => fixture('dominion');
type S = ReturnType<typeof start>;

/** Cards put into a player's zone, each taken from the box or the supply (never from another player). */
function give(s: S, zone: string, p: number, ids: string[]): void {
  const free = new Set([zoneInst(g(), 'box'), ...s.zones.map((_, i) => i).filter((i) => instances(g()).zone[i] === g().zones.findIndex((z) => z.id === 'supply'))]);
  for (const id of ids) {
    const e = entitiesOf(g(), id).find((x) => free.has(s.loc[x]!));
    if (e === undefined) throw new Error(`no ${id} left in the box or the supply`);
    moveEntities(s, g(), [e], zoneInst(g(), zone, p));
  }
}

/** The player's hand becomes exactly these cards (the old hand, and any Treasure already played, go back to the box). */
function holds(s: S, p: number, ids: string[]): void {
  moveEntities(s, g(), [...s.zones[zoneInst(g(), 'hand', p)]!, ...s.zones[zoneInst(g(), 'inPlay', p)]!], zoneInst(g(), 'box'));
  give(s, 'hand', p, ids);
}

describe('Dominion (first game)', () => {
  it('the Militia: one player reveals a Moat and keeps 5 cards; one with a Moat declines and discards down to 3; one without is not asked', () => {
    const s = start(g(), 4, 1);
    holds(s, 0, ['militia', 'copper', 'copper', 'copper', 'estate']);
    holds(s, 1, ['moat', 'copper', 'copper', 'estate', 'estate']);
    holds(s, 2, ['moat', 'silver', 'copper', 'copper', 'estate']);
    holds(s, 3, ['gold', 'copper', 'copper', 'estate', 'estate']);
    restartPhase(s, g(), 'turns');
    expect(stepOf(s, g(), 0)).toBe('turns/actionPhase/play');
    act(s, g(), 0, 'militia');
    expect(activePlayers(s).sort()).toEqual([1, 2]); // asked at once, in secret; Player 4 holds no Moat
    act(s, g(), 2); // Player 3 declines
    act(s, g(), 1, 'moat'); // Player 2 reveals the Moat
    expect(getVar(s, g(), 'unaffected')).toEqual([false, true, false, false]);
    expect(getVar(s, g(), 'coins')).toBe(2);
    // in turn order from the attacker: Player 3, then Player 4 discard down to 3
    expect(activePlayers(s)).toEqual([2]);
    act(s, g(), 2, 'estate', 'copper');
    expect(activePlayers(s)).toEqual([3]);
    act(s, g(), 3, 'estate', 'estate');
    expect([1, 2, 3].map((p) => count(s, g(), 'hand', p))).toEqual([5, 3, 3]);
    const log = view(s, g(), 3).log;
    expect(log).toContain('Player 1 plays Militia.');
    expect(log).toContain('Player 2 reveals Moat and is unaffected.');
    expect(log).toContain('Player 3 discards Estate, Copper.');
    expect(log).toContain('Player 4 discards 2 × Estate.');
    expect(log.some((l) => l.startsWith('Player 3 reveals'))).toBe(false); // the decline writes no line
    // the Moat went back into its owner's hand, unseen again by the others
    const moat = s.zones[zoneInst(g(), 'hand', 1)]!.find((e) => g().cards[g().entityDef[e]!]!.id === 'moat')!;
    expect(moat).toBeDefined();
    expect(((view(s, g(), 0).zones.hand as { cards?: unknown[] }[])[1]!.cards ?? []).filter(Boolean)).toEqual([]);
    // the Militia was the only action: the Treasures are played and the buy is open with 2 + 3 coins
    expect(stepOf(s, g(), 0)).toBe('turns/buyPhase/buy');
    expect(getVar(s, g(), 'coins')).toBe(5);
  });

  it('drawing, one procedure, called from the Smithy and from the clean-up; the discard pile is shuffled in when the deck runs out', () => {
    const s = start(g(), 2, 1);
    holds(s, 0, ['smithy', 'copper', 'copper', 'estate', 'estate']);
    // 4 cards left in the deck, 6 in the discard pile
    give(s, 'discard', 0, ['copper', 'copper', 'copper', 'copper', 'copper']);
    moveEntities(s, g(), s.zones[zoneInst(g(), 'deck', 0)]!.slice(0, 1), zoneInst(g(), 'discard', 0));
    expect([count(s, g(), 'deck', 0), count(s, g(), 'discard', 0)]).toEqual([4, 6]);
    restartPhase(s, g(), 'turns');
    act(s, g(), 0, 'smithy');
    // +3 cards: 4 + 3 in hand and play (the Treasures played for the buy), with the Smithy itself
    expect(count(s, g(), 'hand', 0) + count(s, g(), 'inPlay', 0)).toBe(8);
    expect(count(s, g(), 'deck', 0)).toBe(1);
    expect(view(s, g(), 1).log).toContain('Player 1 draws 3 cards.');
    act(s, g(), 0); // buy nothing
    // clean-up: 7 + the Smithy go to the discard pile (now 14); the new hand of 5 takes the 1 left in the deck,
    // then the discard pile is shuffled into a new deck and 4 more come from it
    expect(count(s, g(), 'hand', 0)).toBe(5);
    expect(count(s, g(), 'deck', 0)).toBe(15 - 5);
    expect(count(s, g(), 'discard', 0)).toBe(0);
    expect(view(s, g(), 1).log).toContain('Player 1 draws 5 cards.');
    expect(getVar(s, g(), 'turns')).toEqual([1, 0]);
    expect(stepOf(s, g(), 1)).not.toBeNull();
  });

  it('the game ends when the Provinces run out; a tie goes to the player who had fewer turns', () => {
    const s = start(g(), 2, 1);
    // every card each player owns goes back to the box; then both own 2 Estates, Player 2 a Province too
    for (const p of [0, 1]) for (const z of ['deck', 'hand', 'inPlay', 'discard']) moveEntities(s, g(), s.zones[zoneInst(g(), z, p)]!.slice(), zoneInst(g(), 'box'));
    give(s, 'discard', 1, ['province', 'estate', 'estate']);
    // one Province left in the supply; Player 1 buys it with 8 coins
    const pile = zoneInst(g(), 'supply', undefined, 'province-pile');
    moveEntities(s, g(), s.zones[pile]!.slice(1), zoneInst(g(), 'box'));
    give(s, 'hand', 0, ['gold', 'gold', 'silver', 'estate', 'estate']);
    restartPhase(s, g(), 'turns');
    expect(stepOf(s, g(), 0)).toBe('turns/buyPhase/buy');
    act(s, g(), 0, 'province');
    expect(s.ended?.ending).toBe('final');
    expect(view(s, g(), 0).log).toContain('The Provinces have run out: the game ends.');
    expect(scoreTable(s, g()).map((row) => row[0])).toEqual([8, 8]);
    expect(getVar(s, g(), 'turns')).toEqual([1, 0]);
    expect(s.ended?.winners).toEqual([1]); // the tie goes to Player 2, who had one turn fewer
  });
});
