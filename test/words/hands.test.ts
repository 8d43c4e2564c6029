// Moving whole hands (need 8): rotate (every player's copy of a zone to the next player at once, clockwise or
// counterclockwise, optionally among some players only) and swap (two zones exchange their cards).

import { describe, expect, it } from 'vitest';
import { newGame } from '../../engine/flow.js';
import { renderLog } from '../../engine/view.js';
import { cardsIn } from '../helpers/game.js';
import { lineOf, loadClean, loadText } from '../helpers/words.js';

const ruleset = (effects: string) => `id: hands
name: Hands
players: { min: 4, max: 4 }
cardTypes:
  - { id: card, fields: { v: number } }
cards:
  - { id: a, type: card, v: 1, count: 2 }
  - { id: b, type: card, v: 2, count: 2 }
  - { id: c, type: card, v: 3, count: 2 }
  - { id: d, type: card, v: 4, count: 2 }
zones:
  - { id: box }
  - { id: hand, per: player, visibility: owner }
  - { id: table }
endings:
  - { id: done, winner: none }
setup:
  - quiet:
      - move: { cards: "filter(box, .id == 'a')", to: "hand[player(1)]" }
      - move: { cards: "filter(box, .id == 'b')", to: "hand[player(2)]" }
      - move: { cards: "filter(box, .id == 'c')", to: "hand[player(3)]" }
      - move: { cards: "filter(box, .id == 'd')", to: "hand[player(4)]" }
${effects}
phases:
  - id: main
    steps:
      - { id: stop, do: [ { end: done } ] }
`;

const hands = (effects: string) => {
  const g = loadClean(ruleset(effects));
  const s = newGame(g, { players: 4, seed: 1, log: true });
  return { g, s, hands: [0, 1, 2, 3].map((p) => cardsIn(s, g, 'hand', p).join('')) };
};

describe('rotate and swap', () => {
  it('rotate passes every hand to the next player at once, clockwise by default', () => {
    expect(hands('  - rotate: hand').hands).toEqual(['dd', 'aa', 'bb', 'cc']);
    expect(hands('  - rotate: hand\n    direction: counterclockwise').hands).toEqual(['bb', 'cc', 'dd', 'aa']);
  });

  it('with players, only they pass, each to the next of them (seat 2 is skipped)', () => {
    expect(hands('  - rotate: hand\n    players: "[player(1), player(3), player(4)]"').hands).toEqual(['dd', 'bb', 'aa', 'cc']);
  });

  it('swap exchanges two zones; each owner reads the cards that reached them, the others only counts', () => {
    const { g, s, hands: h } = hands('  - swap: "hand[player(1)]"\n    with: "hand[player(3)]"');
    expect(h).toEqual(['cc', 'bb', 'aa', 'dd']);
    expect(cardsIn(s, g, 'table')).toEqual([]);
    const log = (seat: number) => renderLog(s.log!, s, g, seat);
    expect(log(0)).toEqual(["2 × a: Player 1's hand → Player 3's hand", "2 × c: Player 3's hand → Player 1's hand"]);
    expect(log(1)).toEqual(["2 cards: Player 1's hand → Player 3's hand", "2 cards: Player 3's hand → Player 1's hand"]);
  });

  it('a shared zone, a misspelt zone or direction: located errors with did-you-mean', () => {
    const text = ruleset('  - rotate: table\n  - rotate: hnd\n  - rotate: hand\n    direction: clockwize\n  - swap: "hand[player(1)]"\n    with: tabel');
    expect(loadText(text).errors).toEqual([
      `words.yaml:${lineOf(text, 'rotate: table')}:13: error: rotate needs the name of a per-player zone ('table' is not per player)`,
      `words.yaml:${lineOf(text, 'rotate: hnd')}:13: error: rotate needs the name of a per-player zone (did you mean 'hand'?)`,
      `words.yaml:${lineOf(text, 'clockwize')}:16: error: setup[3].direction: 'clockwize' is not one of clockwise, counterclockwise (did you mean 'clockwise'?)`,
      `words.yaml:${lineOf(text, 'tabel')}:11: error: unknown name 'tabel' (did you mean 'table'?); names are zones, variables, options, tables and definitions`,
    ]);
  });
});
