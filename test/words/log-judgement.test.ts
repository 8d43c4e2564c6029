// The log judged at the end of the step (what a reader may know once the step's moves are done), and only the
// hidden card inside a {…} hole redacted, not the whole hole. Each was seen failing before the change.

import { describe, expect, it } from 'vitest';
import { applyInPlace, newGame, promptOf } from '../../engine/flow.js';
import { renderLog } from '../../engine/view.js';
import { loadClean } from '../helpers/words.js';

const ruleset = (o: { effects?: string; steps?: string }) => `id: judged
name: Judged
players: { min: 3, max: 3 }
cardTypes:
  - { id: card, fields: { v: number } }
cards:
  - { id: storm, type: card, name: Storm, v: 1 }
  - { id: sun, type: card, name: Sun, v: 2 }
  - { id: rain, type: card, name: Rain, v: 3 }
  - { id: wind, type: card, name: Wind, v: 4 }
  - { id: snow, type: card, name: Snow, v: 5 }
  - { id: hail, type: card, name: Hail, v: 6 }
zones:
  - { id: box, visibility: nobody }
  - { id: hand, per: player, visibility: owner }
  - { id: staged, per: player, visibility: owner }
  - { id: table }
  - { id: pool, visibility: { to: "player(3)" }, anonymous: true }
endings:
  - { id: done, winner: none }
setup:
  - quiet:
      - move: { cards: "filter(box, .id == 'storm' or .id == 'sun')", to: "hand[player(1)]" }
      - move: { cards: "filter(box, .id == 'rain' or .id == 'wind')", to: "hand[player(2)]" }
      - move: { cards: "filter(box, .id == 'snow')", to: table }
phases:
  - id: main
    steps:
${o.steps ?? `      - id: play
        do:
${o.effects}`}
      - { id: stop, do: [ { end: done } ] }
`;

const logs = (text: string, act?: (s: ReturnType<typeof newGame>, g: ReturnType<typeof loadClean>) => void) => {
  const g = loadClean(text);
  const s = newGame(g, { players: 3, seed: 1, log: true });
  act?.(s, g);
  const read = (p: number) => renderLog(s.log!, s, g, p);
  return [read(0), read(1), read(2)] as const;
};

describe('the log is judged at the end of the step', () => {
  it('a line naming a card, written before the card is revealed in the same step, names it to everyone', () => {
    const [p1, p2] = logs(ruleset({ effects: `          - log: "{$c} is played."\n          - reveal: "[top(hand[player(1)])]"`.replace('$c', 'top(hand[player(1)])') }));
    expect(p1).toEqual(['Sun is played.', 'Revealed: Sun']);
    expect(p2).toEqual(['Sun is played.', 'Revealed: Sun']);
  });

  it('a move to a hidden place followed by a move to the table in the same step: both lines name the card', () => {
    const [, p2] = logs(ruleset({ effects: `          - move: { cards: "top(hand[player(1)])", to: "staged[player(1)]" }\n          - move: { cards: "top(staged[player(1)])", to: table }` }));
    expect(p2).toEqual(["Sun: Player 1's hand → Player 1's staged", "Sun: Player 1's staged → table"]);
  });

  it('a card that arrives anonymously and is then turned up keeps its origin secret (the move line still says "a card")', () => {
    const [, p2, p3] = logs(ruleset({ effects: `          - move: { cards: "top(hand[player(1)])", to: pool }\n          - reveal: pool` }));
    expect(p2[0]).toBe("a card: Player 1's hand → pool");
    expect(p3[0]).toBe("a card: Player 1's hand → pool");
    expect(p2[1]).toBe('Revealed: Sun');
  });
});

describe('only the hidden card inside a hole is redacted', () => {
  it('a list of a public and a hidden card reads the public one by name', () => {
    const [p1, p2] = logs(ruleset({ effects: `          - log: "On the table and in hand: {[top(table), top(hand[player(1)])]}."` }));
    expect(p1).toEqual(['On the table and in hand: Snow, Sun.']);
    expect(p2).toEqual(['On the table and in hand: Snow, a card.']);
  });

  it('a record with a card reads the card by name or as "a card", the rest as it is', () => {
    const [p1, p2] = logs(ruleset({ effects: `          - log: "{player(1)} plays {{ card: top(hand[player(1)]), act: 'discard' }}."` }));
    expect(p1).toEqual(['Player 1 plays card: Sun, act: discard.']);
    expect(p2).toEqual(['Player 1 plays card: a card, act: discard.']);
  });

  it('a secret choice\'s words keep the holes that do not tell the choice (the chooser, a neighbour, the card as "a card")', () => {
    const text = ruleset({ steps: `      - id: pass
        simultaneous: "[player(1), player(2)]"
        as: a
        steps:
          - id: give
            prompt: { player: $a, choose: cards, from: "hand[$a]", as: c, log: "{$a} passes {$c} to {next($a)}." }
            do: [ { move: { cards: $c, to: "staged[next($a)]" } } ]
          - id: say
            prompt: { player: $a, choose: options, from: "['yes', 'no']", as: word, log: "{$a} says {$word} to {next($a)}." }` });
    const [p1, p2, p3] = logs(text, (s, g) => {
      for (const seat of [0, 1]) applyInPlace(s, g, { player: seat, step: 'main/pass/give', choice: [promptOf(s, seat)!.options[0]] });
      for (const seat of [0, 1]) applyInPlace(s, g, { player: seat, step: 'main/pass/say', choice: ['yes'] });
    });
    const lines = (l: string[]) => l.filter((x) => !x.includes('→'));
    // Player 3 reads the card Player 2 passed: it reached Player 3's own staged cards in the same step
    expect(lines(p3)).toEqual(['Player 1 passes a card to Player 2.', 'Player 2 passes Rain to Player 3.', 'Player 1 has chosen.', 'Player 2 has chosen.']);
    expect(lines(p1)).toEqual(['Player 1 passes Storm to Player 2.', 'Player 2 passes a card to Player 3.', 'Player 1 says yes to Player 2.', 'Player 2 has chosen.']);
    expect(lines(p2)[1]).toBe('Player 2 passes Rain to Player 3.');
  });
});
