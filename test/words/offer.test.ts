// Reaction windows (need 4): `offer` asks some players at once, in secret, for an optional response (a reaction
// card, a challenge, a block); a player with nothing to respond with is not asked; the takers then respond in the
// list's order (only the first with `first: true`), bots and people alike through the same prompts.

import { describe, expect, it } from 'vitest';
import { activePlayers, applyInPlace, newGame, promptOf } from '../../engine/flow.js';
import { renderLog } from '../../engine/view.js';
import { playout } from '../../engine/sim/playout.js';
import { entitiesOf, zoneInst } from '../helpers/game.js';
import { lineOf, loadClean, loadText, varOf } from '../helpers/words.js';

const ruleset = (o: { first?: boolean; deal?: string; extra?: string } = {}) => `id: react
name: React
players: { min: 3, max: 4 }
cardTypes:
  - { id: card, fields: { v: number } }
cards:
  - { id: shield, type: card, name: Shield, v: 1, count: 4 }
  - { id: coin, type: card, name: Coin, v: 0, count: 12 }
zones:
  - { id: box, visibility: nobody }
  - { id: hand, per: player, visibility: owner }
  - { id: discard }
vars:
  - { id: safe, type: bool, per: player }
  - { id: firstTaker, type: player }
endings:
  - { id: done, winner: none }
setup:
  - quiet:
${o.deal ?? `      - move: { cards: "take(filter(box, .id == 'shield'), 1)", to: "hand[player(2)]" }
      - move: { cards: "take(filter(box, .id == 'shield'), 1)", to: "hand[player(3)]" }`}
      - deal: { from: box, to: hand, count: 2 }
phases:
  - id: main
    steps:
      - id: react
        offer: "filter(seatsFrom(player(1)), it != player(1))"
        as: r
${o.first ? '        first: true\n' : ''}        ask: { choose: cards, from: "filter(hand[$r], .name == 'Shield')", as: shield, text: "Reveal a Shield to be safe?" }
        do:
          - reveal: "[$shield]"
          - set: { "safe[$r]": true }
          - log: "{$r} is safe."
      - id: note
        do: [ { set: { firstTaker: $r } } ]
${o.extra ?? ''}      - id: attack
        forEach: "filter(others(player(1)), not safe[it])"
        as: v
        steps:
          - { id: lose, do: [ { move: { cards: "take(hand[$v], 1)", to: discard } } ] }
      - { id: stop, do: [ { end: done } ] }
`;

const shieldOf = (s: ReturnType<typeof newGame>, g: ReturnType<typeof loadClean>, p: number) => s.zones[zoneInst(g, 'hand', p)]!.find((e) => entitiesOf(g, 'shield').includes(e))!;

describe('offer (a reaction window)', () => {
  it('asks only the seats that can respond, at once; one takes it, one declines; the decline writes no line', () => {
    const g = loadClean(ruleset());
    const s = newGame(g, { players: 4, seed: 2, log: true });
    expect(activePlayers(s).sort()).toEqual([1, 2]); // seat 4 holds no Shield: not asked
    expect(promptOf(s, 1)!.min).toBe(0);
    applyInPlace(s, g, { player: 2, step: 'main/react', choice: [] }); // seat 3 declines
    expect(s.ended).toBeNull();
    applyInPlace(s, g, { player: 1, step: 'main/react', choice: [shieldOf(s, g, 1)] }); // seat 2 takes it
    expect(s.ended?.ending).toBe('done');
    expect(varOf(s, g, 'safe')).toEqual([false, true, false, false]);
    expect(varOf(s, g, 'firstTaker')).toBe(1);
    const log = renderLog(s.log!, s, g, 3);
    expect(log).toContain('Revealed: Shield');
    expect(log).toContain('Player 2 is safe.');
    expect(log.some((l) => l.includes('Player 3'))).toBe(true); // seat 3 was attacked…
    expect(log.some((l) => /Player 3 (has chosen|chose)/.test(l))).toBe(false); // …and its decline says nothing
    expect(s.zones[zoneInst(g, 'discard')]!.length).toBe(2); // seats 3 and 4 lose a card
  });

  it('with first: true only the first taker in the list\'s order responds', () => {
    const g = loadClean(ruleset({ first: true }));
    const s = newGame(g, { players: 4, seed: 2, log: true });
    applyInPlace(s, g, { player: 2, step: 'main/react', choice: [shieldOf(s, g, 2)] });
    applyInPlace(s, g, { player: 1, step: 'main/react', choice: [shieldOf(s, g, 1)] });
    expect(varOf(s, g, 'safe')).toEqual([false, true, false, false]); // seat 2 comes before seat 3 from seat 1
    expect(varOf(s, g, 'firstTaker')).toBe(1);
  });

  it('nobody able to respond: nobody is asked, and the name is none afterwards', () => {
    const g = loadClean(ruleset({ deal: "      - move: { cards: \"filter(box, .id == 'shield')\", to: discard }" }));
    const s = newGame(g, { players: 3, seed: 2, log: true });
    expect(s.ended?.ending).toBe('done');
    expect(varOf(s, g, 'firstTaker')).toBe(-1);
  });

  it('bots play it to the end at every player count, with random and greedy seats', () => {
    const g = loadClean(ruleset());
    for (const bot of ['random', 'greedy'] as const) for (const players of [3, 4]) {
      for (let seed = 0; seed < 10; seed++) { const r = playout(g, { players, seed, bot }); expect([r.ending, r.truncated]).toEqual(['done', false]); }
    }
  });

  it('a missing as, an ask without as, a misspelt key: located errors', () => {
    const base = ruleset();
    const noAs = base.replace('        as: r\n', '');
    expect(loadText(noAs).errors).toContain(`words.yaml:${lineOf(noAs, '- id: react')}:9: error: offer needs as: a name for the player who responds (used as $name in ask and do)`);
    const noAskAs = base.replace(', as: shield,', ',');
    expect(loadText(noAskAs).errors).toContain(`words.yaml:${lineOf(noAskAs, 'ask:')}:14: error: the ask of an offer needs as: a name for the response (empty when the player declines)`);
    const typo = base.replace('        as: r\n', '        as: r\n        frist: true\n');
    expect(loadText(typo).errors.some((e) => e.startsWith(`words.yaml:${lineOf(typo, 'frist')}:9: error:`) && e.includes("did you mean 'first'"))).toBe(true);
  });
});
