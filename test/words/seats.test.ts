// Seats in order from a player (need 1): seatsFrom(p, direction), nextWhere(p, cond), prevWhere(p, cond) —
// "the first player clockwise who …" without writing next($p, 1) … next($p, 5) by hand.

import { describe, expect, it } from 'vitest';
import { newGame } from '../../engine/flow.js';
import { lineOf, loadClean, loadText, varOf } from '../helpers/words.js';

const ruleset = (sets: string) => `id: seats
name: Seats
players: { min: 4, max: 6 }
teams:
  - { id: all, name: Everyone }
roles:
  - { id: member, team: all }
zones:
  - { id: box }
vars:
  - { id: alive, type: bool, per: player, default: true }
  - { id: order, type: players }
  - { id: back, type: players }
  - { id: nextAlive, type: player }
  - { id: prevAlive, type: player }
  - { id: nobodyLeft, type: player }
endings:
  - { id: done, winner: all }
setup:
  - set: { "alive[player(3)]": false, "alive[player(playerCount)]": false }
  - set:
${sets}
phases:
  - id: main
    steps:
      - { id: stop, do: [ { end: done } ] }
`;

const GOOD = ruleset(`      order: "seatsFrom(player(5))"
      back: "seatsFrom(player(2), 'counterclockwise')"
      nextAlive: "nextWhere(player(2), alive[it])"
      prevAlive: "prevWhere(player(1), alive[it])"
      nobodyLeft: "nextWhere(player(1), false)"`);

describe('seat order helpers', () => {
  it('seatsFrom lists every seat from a player, clockwise or counterclockwise; nextWhere/prevWhere find the nearest seat that fits', () => {
    const g = loadClean(GOOD);
    const s = newGame(g, { players: 6, seed: 1 });
    expect(varOf(s, g, 'order')).toEqual([4, 5, 0, 1, 2, 3]); // seats 5, 6, 1, 2, 3, 4
    expect(varOf(s, g, 'back')).toEqual([1, 0, 5, 4, 3, 2]);
    expect(varOf(s, g, 'nextAlive')).toBe(3); // seat 3 is out: seat 4
    expect(varOf(s, g, 'prevAlive')).toBe(4); // seat 6 is out: seat 5
    expect(varOf(s, g, 'nobodyLeft')).toBe(-1); // none
  });

  it('follows the player count: the same words at 4 players', () => {
    const g = loadClean(GOOD);
    const s = newGame(g, { players: 4, seed: 1 });
    expect(varOf(s, g, 'order')).toEqual([]); // there is no seat 5 at 4 players: the seats from nobody are none
    expect(varOf(s, g, 'back')).toEqual([1, 0, 3, 2]);
    expect(varOf(s, g, 'nextAlive')).toBe(0); // seats 3 and 4 are out: round to seat 1
    expect(varOf(s, g, 'prevAlive')).toBe(1); // seats 4 and 3 are out: seat 2
  });

  it('a misspelt direction is an error at its place, with did-you-mean', () => {
    const text = ruleset(`      order: "seatsFrom(player(5), 'clockwize')"`);
    const r = loadText(text);
    expect(r.errors).toEqual([`words.yaml:${lineOf(text, 'clockwize')}:36: error: 'clockwize' is not a direction (did you mean 'clockwise'?): 'clockwise' or 'counterclockwise'`]);
  });

  it('a misspelt word and a condition that is not yes/no are errors at their place', () => {
    const text = ruleset(`      nextAlive: "nextWhre(player(2), alive[it])"\n      prevAlive: "prevWhere(player(1), seat(it))"`);
    const r = loadText(text);
    expect(r.errors).toEqual([
      `words.yaml:${lineOf(text, 'nextWhre')}:19: error: unknown function 'nextWhre' (did you mean 'nextWhere'?)`,
      `words.yaml:${lineOf(text, 'prevWhere(player(1), seat')}:40: error: expected a yes/no condition, but this is a number`,
    ]);
  });
});
