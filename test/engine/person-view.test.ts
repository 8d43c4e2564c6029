// What a seat's view gives a person's page, as data: the seat summary (each line only where everything it read
// is visible to the viewer), a record prompt's cards, labels, detail lines and unavailable options with why,
// the log as structured lines (players, cards, counts as symbols), and the scores by category at the end.

import { describe, expect, it } from 'vitest';
import { cardsIn, loadGame, view } from '../helpers/game.js';
import { smallRuleset } from '../helpers/small-ruleset.js';
import { applyInPlace, legalActions, newGame } from '../../engine/flow.js';
import type { Game, State } from '../../engine/model.js';

const EXTRA = `enums:
  - { id: res, values: [wood, stone] }
symbols:
  - { id: wood, color: "#6b4423", shape: "M50 4 L96 96 L4 96 Z" }
table:
  seat:
    - { id: hand, label: Hand, value: "count(hand[$p])" }
    - { id: pile, label: Pile, value: "count(pile)" }
    - { id: secret, label: Secret, value: "secret[$p]" }
    - { id: never, label: Never, value: "1", when: "false" }
`;

function game(): { g: Game; s: State } {
  const text = smallRuleset({
    cardFields: 'cost: { type: counts, of: res }',
    cards: '  - { id: c2, type: c, v: 2, cost: { wood: 2 } }',
    extra: EXTRA,
    vars: '  - { id: secret, type: number, per: player, visibility: owner, default: 7 }',
    steps: `      - id: deal
        do:
          - deal: { from: box, to: hand, count: 2 }
          - move: { from: box, to: pile, count: 1 }
          - log: "{player(2)} deals; the pile's card costs {top(pile).cost}, {first(hand[player(2)])} is in a hand."
      - id: pick
        prompt:
          player: player(2)
          choose: options
          from: "flatten(hand[player(2)], [{ card: it, act: 'play' }, { card: it, act: 'keep' }])"
          label: "{it.act == 'play' ? 'Play' : 'Keep'} {it.card}"
          detail: "worth {it.card.v}, costs {it.card.cost}"
          unavailable: "[{ card: top(pile), act: 'play' }]"
          why: "{it.card} lies on the pile"
          as: x
          log: "{player(2)} chooses to {$x.act} {$x.card}."
        do: []`,
  });
  const g = loadGame('/r/person.yaml', text);
  const s = newGame(g, { players: 2, seed: 3, log: true });
  return { g, s };
}

describe('a view for a person', () => {
  it('summarises each seat with what the viewer may see only', () => {
    const { s, g } = game();
    const lines = (viewer: number, seat: number) => view(s, g, viewer).summary![seat]!.map((l) => `${l.label} ${JSON.stringify(l.segs)}`);
    // my own hand and everyone's pile; a neighbour's hand count reads a hidden zone, a secret value a hidden
    // variable: left out (the `when: false` line never shows)
    expect(lines(0, 0)).toEqual(['Hand ["2"]', 'Pile ["1"]']);
    expect(lines(0, 1)).toEqual(['Pile ["1"]']);
    expect(lines(1, 1)).toEqual(['Hand ["2"]', 'Pile ["1"]']);
    // the designer sees every line
    expect(view(s, g, -2).summary![1]!.map((l) => l.label)).toEqual(['Hand', 'Pile', 'Secret']);
    // an onlooker sees what is public
    expect(view(s, g, -1).summary![0]!.map((l) => l.label)).toEqual(['Pile']);
  });

  it('draws a record prompt on its cards: labels, detail lines, and what cannot be chosen with why', () => {
    const { s, g } = game();
    const p = view(s, g, 1).prompt!;
    const hand = cardsIn(s, g, 'hand', 1);
    expect(p.cards!.map((c) => c!.id)).toEqual([hand[0], hand[0], hand[1], hand[1]]);
    const named = (c: { id: string; name: string; type: string } | null) => c && { id: c.id, name: c.name, type: c.type };
    expect(p.rich![0]!.label).toEqual(['Play', ' ', { c: named(p.cards![0]!) }]);
    const c2 = p.cards!.findIndex((c) => c!.id === 'c2');
    // counts as symbols; none at all: nothing
    if (c2 >= 0) expect(p.rich![c2]!.detail).toEqual(['worth ', '2', ', costs ', { r: [{ t: 'sym', id: 'wood', n: 2 }] }]);
    expect(p.rich!.find((_, i) => p.cards![i]!.id === 'c1')?.detail ?? ['worth ', '1', ', costs ']).toEqual(['worth ', '1', ', costs ']);
    // the pile's card, face up for everyone: drawn, greyed, with why
    expect(p.unavailable).toHaveLength(1);
    expect(p.unavailable![0]!.card!.id).toBe(cardsIn(s, g, 'pile')[0]);
    expect(p.unavailable![0]!.label).toEqual(['Play', ' ', { c: named(p.unavailable![0]!.card) }]);
    expect(p.unavailable![0]!.why).toEqual([{ c: named(p.unavailable![0]!.card) }, ' lies on the pile']);
    // a line names a card, never its copy (no entity number)
    expect(JSON.stringify(p.rich)).not.toMatch(/"e":/);
  });

  it('carries the log as lines of players, cards and symbols; the text as it always read', () => {
    const { s, g } = game();
    applyInPlace(s, g, legalActions(s, g, 1)[0]!);
    const v0 = view(s, g, 0);
    const deal = v0.lines.find((l) => /deals/.test(l.text))!;
    expect(deal.kind).toBe('text');
    expect(deal.players).toEqual([1]);
    expect(deal.segs[0]).toEqual({ p: 1 });
    // counts read as their symbols (and in words in the text); a card seat 0 may not know reads "a card"
    expect(deal.text).toMatch(/^Player 2 deals; the pile's card costs (2 wood)?, a card is in a hand\.$/);
    expect(v0.lines.map((l) => l.text)).toEqual(v0.log);
    const choice = view(s, g, 1).lines.find((l) => /chooses/.test(l.text))!;
    expect(choice.kind).toBe('choice');
    expect(choice.cards).toHaveLength(1);
    // the same line for the other seat: the card stays in a hand it may not see
    expect(view(s, g, 0).lines.find((l) => /chooses/.test(l.text))!.text).toMatch(/^Player 2 chooses to play a card\.$/);
    expect(view(s, g, 0).ended).toMatchObject({ ending: 'done' });
  });
});
