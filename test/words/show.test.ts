// show … to (need 2): cards seen by some players only, until they move — in every seat's view, in the log, in
// replays (through the same view), in what bots plan on (determinized copies keep the card where the seat saw
// it) and in bot memory (a card shown to a seat and hidden again by a move back into the hand is remembered).

import { describe, expect, it } from 'vitest';
import { applyInPlace, newGame, promptOf } from '../../engine/flow.js';
import { view } from '../../engine/view.js';
import { listCards } from '../../engine/render.js';
import { remembered } from '../../engine/memory.js';
import { determinize } from '../../engine/bots/determinize.js';
import { seedRng } from '../../engine/rng.js';
import { cardVisibleTo } from '../../engine/visibility.js';
import { zoneInst } from '../helpers/game.js';
import { lineOf, loadClean, loadText } from '../helpers/words.js';

const ruleset = (effects: string, extraZone = '') => `id: look
name: Look
players: { min: 3, max: 3 }
cardTypes:
  - { id: card, fields: { v: number } }
cards:
  - { id: a, type: card, v: 1, count: 3 }
  - { id: b, type: card, v: 2, count: 3 }
  - { id: c, type: card, v: 3, count: 3 }
zones:
  - { id: deck, visibility: nobody }
  - { id: hand, per: player, visibility: owner, remembered: true }
${extraZone}
endings:
  - { id: done, winner: none }
setup:
  - move: { from: deck, to: deck }
  - shuffle: deck
  - deal: { from: deck, to: hand, count: 2 }
phases:
  - id: main
    steps:
      - id: look
        prompt: { player: player(1), choose: players, from: "others(player(1))", as: target, text: "Look at a hand." }
        do:
${effects}
      - id: wait
        prompt: { player: player(3), choose: options, from: "['go', 'stop']", as: go }
      - { id: stop, do: [ { end: done } ] }
`;

const LOOK = ruleset('          - show: "hand[$target]"\n            to: player(1)');

function lookedAt(effects = LOOK) {
  const g = loadClean(effects);
  const s = newGame(g, { players: 3, seed: 3, log: true });
  applyInPlace(s, g, { player: 0, step: 'main/look', choice: [1] }); // seat 1 looks at seat 2's hand
  return { g, s, looked: s.zones[zoneInst(g, 'hand', 1)]!.slice() };
}

describe('show … to', () => {
  it('the looker sees the cards in its view and log; the third seat sees neither, though the line is there', () => {
    const { g, s, looked } = lookedAt();
    const names = looked.map((e) => g.cards[g.entityDef[e]!]!.name);
    const v0 = view(s, g, 0), v2 = view(s, g, 2);
    expect((v0.zones.hand as { cards?: unknown[] }[])[1]!.cards!.map((c) => (c as { name: string }).name)).toEqual(names);
    expect((v2.zones.hand as { cards?: unknown[] }[])[1]!.cards).toBeUndefined();
    expect(v0.log).toContain(`Shown to Player 1: ${listCards(names)}`);
    expect(v2.log).toContain('Shown to Player 1: 2 cards');
    expect(v2.lines.find((l) => l.text.startsWith('Shown to'))!.cards).toEqual([]);
    expect(looked.every((e) => cardVisibleTo(s, g, e, 0) && !cardVisibleTo(s, g, e, 2))).toBe(true);
  });

  it('a bot planning for the looker keeps the shown cards where they are; one planning for the third seat deals them anew', () => {
    const { g, s, looked } = lookedAt();
    const hand1 = zoneInst(g, 'hand', 1);
    for (let k = 0; k < 5; k++) {
      const d = determinize(s, g, 0, seedRng(`look${k}`, 'bot:0'));
      expect(d.zones[hand1]).toEqual(looked);
    }
    const moved = [0, 1, 2, 3, 4].some((k) => determinize(s, g, 2, seedRng(`look${k}`, 'bot:2')).zones[hand1]!.join() !== looked.join());
    expect(moved).toBe(true);
  });

  it('the look ends when the cards move; bot memory keeps them where the looker saw them', () => {
    const { g, s, looked } = lookedAt(ruleset('          - show: "hand[$target]"\n            to: player(1)\n          - move: { cards: "hand[$target]", to: "hand[$target]" }'));
    expect(looked.some((e) => cardVisibleTo(s, g, e, 0))).toBe(false); // moved back into the hand: face down again
    for (const e of looked) expect(remembered(s, 0, e)).toEqual({ zone: zoneInst(g, 'hand', 1), chance: 1 });
    for (const e of looked) expect(remembered(s, 2, e).zone).toBe(-1);
    expect(promptOf(s, 2)).not.toBeNull();
  });

  it('two players comparing in secret: each sees the other\'s card, the third neither', () => {
    const { g, s } = lookedAt(ruleset('          - show: "top(hand[$target])"\n            to: player(1)\n          - show: "top(hand[player(1)])"\n            to: $target'));
    const top1 = s.zones[zoneInst(g, 'hand', 1)]!.at(-1)!, top0 = s.zones[zoneInst(g, 'hand', 0)]!.at(-1)!;
    expect([cardVisibleTo(s, g, top1, 0), cardVisibleTo(s, g, top0, 1), cardVisibleTo(s, g, top0, 2), cardVisibleTo(s, g, top1, 2)]).toEqual([true, true, false, false]);
  });

  it('a misspelt effect, a missing or wrong `to`: located errors', () => {
    const text = ruleset('          - shw: "hand[$target]"\n          - show: "hand[$target]"\n          - show: "hand[$target]"\n            to: "hand[$target]"');
    const errs = loadText(text).errors;
    expect(errs).toContain(`words.yaml:${lineOf(text, 'shw:')}:18: error: unknown effect 'shw' (did you mean 'show'?); effects are move, deal, shuffle, rotate, swap, set, setRole, reveal, show, revealRole, if, forEach, log, quiet, end, goto`);
    expect(errs).toContain(`words.yaml:${lineOf(text, 'shw:') + 1}:13: error: missing required key 'to' in phases[0].steps[0].do[1]`);
    expect(errs).toContain(`words.yaml:${lineOf(text, 'to: "hand[$target]"')}:17: error: show to: needs a player or a list of players, but this is a list of cards`);
  });
});
