// Generic engine primitives on a tiny ruleset: move/deal `refill` (a discard pile reshuffled into an empty
// draw pile), `concat`, `revealed` (and a revealed card taken back into its zone, hidden again), definition arguments evaluated at the call, the greedy bot reading an
// ending nobody wins as a loss; and their load errors at line and column.

import { describe, expect, it } from 'vitest';
import { loadRulesetText } from '../../engine/load/index.js';
import { formatDiagnostic } from '../../engine/load/diagnostics.js';
import { newGame } from '../../engine/flow.js';
import { objective } from '../../engine/bots/greedy.js';
import { playout } from '../../engine/sim/playout.js';
import { count } from '../helpers/game.js';
import { renderLog } from '../../engine/view.js';
import { EVERYONE_A_MEMBER, oneTeam } from '../../bench/ruleset-parts.js';

const BASE = `id: prims
name: Primitives
players: { min: 2, max: 3 }
${oneTeam('count(pile)')}cardTypes:
  - id: chip
    fields: { value: number }
cards:
  - { id: chip1, type: chip, value: 1, count: 3 }
  - { id: chip2, type: chip, value: 2, count: 3 }
zones:
  - { id: box, visibility: public }
  - { id: deck, visibility: nobody }
  - { id: discard, visibility: public }
  - { id: hand, per: player, visibility: owner }
  - { id: pile, visibility: public }
vars:
  - { id: above, type: number }
  - { id: joined, type: number }
  - { id: shownBefore, type: bool }
  - { id: shownAfter, type: bool }
definitions:
  - { id: greater, params: [x], value: "count([1, 2, 3], it > $x)" }
endings:
  - { id: lost, winner: none }
setup:
${EVERYONE_A_MEMBER}  - move: { cards: "take(box, 1)", to: deck }
  - move: { from: box, to: discard }
  - move: { from: deck, to: "hand[player(1)]", count: 3, refill: discard }
  - deal: { from: deck, to: hand, count: 1, refill: discard }
  - set: { above: "sum([1, 2, 3], greater(it))", joined: "count(concat(hand[player(1)], hand[player(2)], deck))" }
  - reveal: "take(hand[player(1)], 1)"
  - set: { shownBefore: "revealed(first(hand[player(1)]))" }
  - move: { cards: "take(hand[player(1)], 1)", to: pile }
  - set: { shownAfter: "revealed(first(pile))" }
phases:
  - id: main
    steps:
      - id: stop
        do:
          - end: lost
`;

const load = (text: string) => loadRulesetText('prims.yaml', text);

describe('engine primitives', () => {
  it('refill: an empty draw pile takes the discard pile, shuffled, and the move or deal goes on', () => {
    const r = load(BASE);
    expect(r.diagnostics.map(formatDiagnostic)).toEqual([]);
    const g = r.game!;
    const s = newGame(g, { players: 2, seed: 1 });
    const v = (id: string) => s.vars[g.vars.findIndex((x) => x.id === id)];
    // 1 card in the deck, 5 in the discard: 3 to seat 1 (the deck refilled after the first card), then 1
    // each by the deal; then one of seat 1's cards goes to the pile
    expect(count(s, g, 'hand', 0)).toBe(3);
    expect(count(s, g, 'hand', 1)).toBe(1);
    expect(count(s, g, 'deck')).toBe(1);
    expect(count(s, g, 'discard')).toBe(0);
    expect(count(s, g, 'pile')).toBe(1);
    expect(v('joined')).toBe(6); // concat: seat 1's 4, seat 2's 1 and the deck's 1, before the pile
    expect(v('above')).toBe(3); // greater(1) + greater(2) + greater(3) = 2 + 1 + 0
    expect(v('shownBefore')).toBe(true);
    expect(v('shownAfter')).toBe(false); // a revealed card that moves is face down again
  });

  it('a revealed card moved back into the zone it lies in is face down again; a later move names it only to those who see it', () => {
    const text = BASE
      .replace('  - { id: shownAfter, type: bool }\n', '  - { id: shownAfter, type: bool }\n  - { id: shownBack, type: bool }\n  - { id: heldBack, type: number }\n')
      .replace('  - set: { shownAfter: "revealed(first(pile))" }\n', [
        '  - set: { shownAfter: "revealed(first(pile))" }',
        '  - reveal: "hand[player(2)]"',
        '  - move: { cards: "hand[player(2)]", to: "hand[player(2)]" }',
        '  - set: { shownBack: "revealed(first(hand[player(2)]))", heldBack: "count(hand[player(2)])" }',
        '  - move: { cards: "hand[player(2)]", to: deck }',
        '',
      ].join('\n'));
    const r = load(text);
    expect(r.diagnostics.map(formatDiagnostic)).toEqual([]);
    const g = r.game!;
    const s = newGame(g, { players: 2, seed: 1, log: true });
    const v = (id: string) => s.vars[g.vars.findIndex((x) => x.id === id)];
    expect(v('heldBack')).toBe(1); // still in the hand...
    expect(v('shownBack')).toBe(false); // ...but face down
    const seat1 = renderLog(s.log!, s, g, 0);
    const seat2 = renderLog(s.log!, s, g, 1);
    const shown = seat1.filter((l) => l.startsWith('Revealed: ')).at(-1)!; // seat 2's card (seat 1's was shown first)
    const name = shown.slice('Revealed: '.length);
    expect(name).toMatch(/^chip[12]$/);
    expect(seat1).toContain(`${name}: Player 2's hand → Player 2's hand`); // taken back, in sight of all
    expect(seat1).toContain("a card: Player 2's hand → deck"); // then leaving face down: not named
    expect(seat2).toContain(`${name}: Player 2's hand → deck`); // its owner knows
  });

  it('greedy: an ending nobody wins is a loss for every seat', () => {
    const g = load(BASE).game!;
    const res = playout(g, { players: 2, seed: 1, bot: 'greedy' });
    expect(res.state.ended).toMatchObject({ ending: 'lost', winner: 'none' });
    expect(objective(res.state, g, 0)).toBe(-1e6);
  });
});

describe('primitive errors, at line and column', () => {
  const cases: [string, string, string, RegExp][] = [
    ['refill without from', 'move: { from: deck, to: "hand[player(1)]", count: 3, refill: discard }', 'move: { cards: deck, to: "hand[player(1)]", refill: discard }', /refill goes with 'from'/],
    ['refill with count all', 'move: { from: deck, to: "hand[player(1)]", count: 3, refill: discard }', 'move: { from: deck, to: "hand[player(1)]", refill: discard }', /refill needs a count/],
    ['refill naming no zone', 'count: 1, refill: discard }', 'count: 1, refill: discrad }', /unknown name 'discrad' \(did you mean 'discard'\?\)/],
    ['concat of different lists', 'count(concat(hand[player(1)], hand[player(2)], deck))', 'count(concat(hand[player(1)], players))', /concat\(\) joins lists of one type/],
    ['revealed of a player', 'revealed(first(pile))', 'revealed(player(1))', /expected a card, but this is a player/],
  ];
  for (const [name, from, to, re] of cases) {
    it(name, () => {
      expect(BASE.includes(from), from).toBe(true);
      const text = BASE.replace(from, to);
      const r = load(text);
      expect(r.game).toBeUndefined();
      const errs = r.diagnostics.map(formatDiagnostic);
      const hit = errs.find((e) => re.test(e));
      expect(hit, errs.join('\n')).toBeDefined();
      const line = text.slice(0, text.indexOf(to)).split('\n').length;
      expect(hit!.startsWith(`prims.yaml:${line}:`), hit).toBe(true);
    });
  }
});
