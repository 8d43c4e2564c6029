// The words for who sits at a seat and who looks at the table, shared by the engine, the server and the
// editor so that each means one thing everywhere. Seats are numbered 0 … players-1; the numbers below are
// the ones that are not a seat. This file imports nothing: any engine file may use it without a cycle.

/** The kind of a seat a person plays (the others are played by a bot, named by its kind: `greedy`). Written in
 *  seat lists everywhere: the playtest's setup, the server's matches, the pages' seat selects. */
export const PERSON = 'person';

/** The viewer of the table's public view: what every player sees and no more (a game with no person at
 *  it is watched as this; the server's host page shows it). Never a seat, never a bot. */
export const TABLE_VIEW = -1;

/** A viewer who sees everything: every zone, card, variable and role (a designer looking at the whole table;
 *  never a seat, never a bot). Hidden information stays hidden from the seats. */
export const ALL_SEEING = -2;

/** A player-typed value that names nobody: a player variable not yet set, the owner of a zone no seat owns,
 *  the neighbour of nobody. */
export const NO_PLAYER = -1;
