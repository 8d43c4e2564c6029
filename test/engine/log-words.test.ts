// The log in a game's own words: a prompt's `log` (its text, or false), `quiet` (the effect and the step key),
// a move's `log` with `$moved`, `join` and `heading` on `log`, and a variable's display `name`. A small game
// played step by step, each seat's log read word for word.
import { describe, expect, it } from 'vitest';
import { loadRulesetText } from '../../engine/load/index.js';
import { renderLog } from '../../engine/view.js';
import { ALL_SEEING } from '../../engine/seats.js';
import { act, cardsIn, loadGame, start } from '../helpers/game.js';
import { tableMeta } from '../../engine/table-meta.js';

const GAME = `
id: words
name: Words
players: { min: 3, max: 3 }
teams: [{ id: all, name: Everyone }]
roles: [{ id: member, team: all }]
cardTypes: [{ id: gem, fields: {} }]
cards:
  - { id: ruby, type: gem, name: Ruby }
  - { id: jade, type: gem, name: Jade, count: 5 }
zones:
  - { id: box, visibility: nobody }
  - { id: deck, name: the deck, visibility: nobody }
  - { id: hand, name: hand, per: player, visibility: owner }
  - { id: pool, name: the pool, visibility: public }
vars:
  - { id: round, name: Round, type: number }
  - { id: pick, type: number, per: player, internal: true }
endings: [{ id: done, winner: all }]
setup:
  - forEach: players
    as: p
    do:
      - setRole: { player: $p, role: member }
  - quiet:
      - move: { cards: "filter(box, true)", to: deck }
      - shuffle: deck
  - move: { from: deck, to: "hand[player(1)]", count: 2, log: "{player(1)} draws {$moved}." }
  - move: { from: box, to: pool, log: "Nothing: {$moved}." }
phases:
  - id: main
    steps:
      - id: start
        do:
          - set: { round: 1 }
          - log: "Round {round}"
            heading: true
      - id: secret
        simultaneous: "[player(1), player(2)]"
        as: a
        steps:
          - id: number
            prompt: { player: $a, choose: options, from: "[1, 2]", as: n, log: "{$a} picks {$n} and keeps {hand[$a]}." }
            do:
              - set: { "pick[$a]": $n }
      - id: give
        quiet: true
        prompt: { player: "player(1)", choose: cards, from: "hand[player(1)]", as: gift }
        do:
          - move: { cards: $gift, to: pool }
          - log: "{player(1)} gives {$gift} to the pool."
      - id: silent
        prompt: { player: "player(3)", choose: options, from: "['a', 'b']", as: x, log: false }
        do:
          - log: "and so on."
            join: true
          - log: "Only Player 1 reads this."
            to: "player(1)"
          - log: "and this."
            join: true
            to: "player(1)"
          - log: "A line after a private one,"
          - log: "continued."
            join: true
          - end: done
`;

// The scenario, written plainly: one game per test so each reads on its own.
function play() {
  const g = loadGame('words.yaml', GAME);
  const s = start(g, 3, 5);
  return { g, s, lines: (v: number) => renderLog(s.log!, s, g, v) };
}

describe('prompt log, quiet, move log, join and heading', () => {
  it('reads word for word for the seat that holds the cards, another seat and the designer', () => {
    const { g, s, lines } = play();
    const mine = cardsIn(s, g, 'hand', 0).map((id) => g.cards.find((c) => c.id === id)!.name);
    expect(mine).toHaveLength(2);
    act(s, g, 0, 2);
    act(s, g, 1, 1);
    act(s, g, 0, cardsIn(s, g, 'hand', 0)[0]!);
    act(s, g, 2, 'a');
    const list = (names: string[]) => (names[0] === names[1] ? `2 × ${names[0]}` : names.join(', '));
    expect(s.ended?.ending).toBe('done');
    const p1 = lines(0);
    expect(p1).toEqual([
      'You are now: member',
      `Player 1 draws ${list(mine)}.`,
      '── Round 1 ──',
      `Player 1 picks 2 and keeps ${list(mine)}.`,
      // another's secret choice whose words would tell what was chosen reads only that a choice was made
      'Player 2 has chosen.',
      expect.stringMatching(/^Player 1 gives (Ruby|Jade) to the pool\. and so on\.$/),
      'Only Player 1 reads this. and this.',
      'A line after a private one, continued.',
    ]);
    const p2 = lines(1);
    expect(p2).toEqual([
      'You are now: member',
      'Player 1 draws 2 cards.',
      '── Round 1 ──',
      // a secret choice: the others learn who chose, nothing else (its words would name the number picked)
      'Player 1 has chosen.',
      'Player 2 picks 1 and keeps nothing.',
      expect.stringMatching(/^Player 1 gives (Ruby|Jade) to the pool\. and so on\.$/),
      // a private line: the line that joins it is private too, and the next public line starts afresh
      'A line after a private one, continued.',
    ]);
    // the designer reads everything, the secret choices included
    const all = renderLog(s.log!, s, g, ALL_SEEING);
    expect(all).toContain('Player 2 picks 1 and keeps nothing.');
    expect(all).toContain(`Player 1 picks 2 and keeps ${list(mine)}.`);
    // nothing of the engine's plain lines: no move, shuffle or "chose" line
    for (const l of [...p1, ...p2]) expect(l).not.toMatch(/→|shuffled|\bchose\b|\(give\)|\(silent\)/);
    // the choices are still recorded (replays and the property checks read them)
    expect(s.log!.filter((e) => e.kind === 'choice').map((e) => e.step)).toEqual(['main/secret/number', 'main/secret/number', 'main/give', 'main/silent']);
  });

  it('a variable\'s display name reaches the table; internal ones stay off it', () => {
    const { g } = play();
    const meta = tableMeta(g);
    expect(meta.vars.round).toEqual({ kind: 'num', perPlayer: false, name: 'Round' });
    expect(Object.keys(meta.vars)).toEqual(['round']);
    expect(meta.zones.find((z) => z.id === 'pool')!.name).toBe('the pool');
  });

  it('mistakes are located: quiet on a loop step, join with heading, a log that is neither text nor false', () => {
    const bad = (from: string, to: string) => loadRulesetText('bad.yaml', GAME.replace(from, to)).diagnostics.map((d) => `${d.line}:${d.col}: ${d.message}`);
    expect(bad('        simultaneous: "[player(1), player(2)]"', '        quiet: true\n        simultaneous: "[player(1), player(2)]"'))
      .toEqual([expect.stringMatching(/^\d+:\d+: quiet goes on do and prompt steps/)]);
    expect(bad('            heading: true', '            heading: true\n            join: true').some((m) => /a heading starts its own line/.test(m))).toBe(true);
    expect(bad('log: false }', 'log: 3 }').some((m) => /log/.test(m))).toBe(true);
  });
});
