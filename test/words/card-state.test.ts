// State on a card (need 6): per-card variables (`per: card`, read charges[$c]) and per-card zones (cards attached
// to a card, `taken[$c]`), each seen as its card is unless declared otherwise — in views, logs and bots' copies.

import { describe, expect, it } from 'vitest';
import { newGame } from '../../engine/flow.js';
import { view, renderLog } from '../../engine/view.js';
import { determinize } from '../../engine/bots/determinize.js';
import { seedRng } from '../../engine/rng.js';
import { playout } from '../../engine/sim/playout.js';
import { entitiesOf, zoneInst } from '../helpers/game.js';
import { lineOf, loadClean, loadText, varOf } from '../helpers/words.js';

const ruleset = (setup: string, extra = '') => `id: onCards
name: On cards
players: { min: 2, max: 3 }
cardTypes:
  - { id: dish, fields: { points: number } }
cards:
  - { id: wasabi, type: dish, name: Wasabi, points: 0, count: 2 }
  - { id: squid, type: dish, name: Squid, points: 3, count: 2 }
  - { id: egg, type: dish, name: Egg, points: 1, count: 2 }
zones:
  - { id: box, visibility: nobody }
  - { id: hand, per: player, visibility: owner }
  - { id: table, per: player }
  - { id: taken, per: card, name: taken }
vars:
  - { id: charges, type: number, per: card }
  - { id: hinted, type: bool, per: card, visibility: public }
  - { id: total, type: number }
${extra}
endings:
  - { id: done, winner: none }
setup:
  - quiet:
      - move: { cards: "filter(box, .id == 'wasabi')", to: "table[player(1)]" }
      - move: { cards: "filter(box, .id == 'squid')", to: "hand[player(1)]" }
      - move: { cards: "filter(box, .id == 'egg')", to: "hand[player(2)]" }
${setup}
phases:
  - id: main
    steps:
      - { id: stop, do: [ { end: done } ] }
`;

const ATTACH = `  - move: { cards: "top(hand[player(1)])", to: "taken[first(table[player(1)])]" }
  - set: { "charges[first(table[player(1)])]": 2, "charges[top(hand[player(2)])]": 5, "hinted[top(hand[player(2)])]": true }
  - set: { total: "sum(table[player(1)], 3 * sum(taken[it], it.points)) + charges[first(table[player(1)])] + count(taken[top(table[player(1)])])" }`;

describe('state on a card', () => {
  it('a card takes a card and carries a counter; rules read both', () => {
    const g = loadClean(ruleset(ATTACH));
    const s = newGame(g, { players: 2, seed: 1, log: true });
    const [w1, w2] = entitiesOf(g, 'wasabi') as [number, number];
    expect(s.zones[zoneInst(g, 'taken', w1)]!.map((e) => g.cards[g.entityDef[e]!]!.id)).toEqual(['squid']);
    expect(varOf(s, g, 'total')).toBe(3 * 3 + 2 + 0); // the first Wasabi's Squid, its 2 charges, nothing on the second
    expect(w2).toBeGreaterThan(w1);
    expect(renderLog(s.log!, s, g, 1)).toContain("Squid: Player 1's hand → Wasabi's taken");
  });

  it('seen as the card is: the table card\'s counter and attached card by all; a hand card\'s counter by its owner only; a public one by all', () => {
    const g = loadClean(ruleset(ATTACH));
    const s = newGame(g, { players: 2, seed: 1 });
    const [w1] = entitiesOf(g, 'wasabi') as [number];
    const egg = s.zones[zoneInst(g, 'hand', 1)]!.at(-1)!;
    for (const seat of [0, 1]) {
      const card = (view(s, g, seat).zones.table as { cards: { e: number; state?: unknown; attached?: unknown }[] }[])[0]!.cards.find((c) => c.e === w1)!;
      expect(card.state).toEqual([{ name: 'charges', text: '2' }]);
      expect(card.attached).toEqual([{ zone: 'taken', cards: [expect.objectContaining({ name: 'Squid' })] }]);
    }
    const mine = (view(s, g, 1).zones.hand as { cards: { e: number; state?: unknown }[] }[])[1]!.cards.find((c) => c.e === egg)!;
    expect(mine.state).toEqual([{ name: 'charges', text: '5' }, { name: 'hinted', text: 'yes' }]);
    expect(view(s, g, 0).vars.charges).toEqual({ [w1]: 2 }); // the Egg's 5 is hidden from seat 1…
    expect(view(s, g, 0).vars.hinted).toEqual({}); // …and so is its public mark: seat 1 does not see the card either
    expect(view(s, g, 1).vars.charges).toEqual({ [w1]: 2, [egg]: 5 });
  });

  it('a bot\'s copy forgets the counter on a card it cannot see, keeps the public one', () => {
    const g = loadClean(ruleset(ATTACH));
    const s = newGame(g, { players: 2, seed: 1 });
    const egg = s.zones[zoneInst(g, 'hand', 1)]!.at(-1)!;
    const d = determinize(s, g, 0, seedRng('x', 'bot:0'));
    expect(varOf(d, g, 'charges')[egg]).toBe(0);
    expect(varOf(d, g, 'hinted')[egg]).toBe(true);
    expect(varOf(determinize(s, g, 1, seedRng('x', 'bot:1')), g, 'charges')[egg]).toBe(5);
  });

  it('attached cards of a hidden card are hidden with it', () => {
    const g = loadClean(ruleset(`  - move: { cards: "top(hand[player(2)])", to: "taken[top(hand[player(1)])]" }`));
    const s = newGame(g, { players: 3, seed: 1, log: true });
    const squid = s.zones[zoneInst(g, 'hand', 0)]!.at(-1)!;
    // seat 1 holds the Squid and sees what lies on it; seat 2 gave the Egg; seat 3 sees neither
    expect(renderLog(s.log!, s, g, 0)).toEqual(["Egg: Player 2's hand → Squid's taken"]);
    expect(renderLog(s.log!, s, g, 1)).toEqual(["Egg: Player 2's hand → a card's taken"]);
    expect(renderLog(s.log!, s, g, 2)).toEqual(["a card: Player 2's hand → a card's taken"]);
    expect(view(s, g, 2).zones.taken).toEqual({});
    expect((view(s, g, 0).zones.taken as Record<string, { count: number; cards?: unknown[] }>)[squid]!.count).toBe(1);
  });

  it('plays to the end with bots', () => {
    const g = loadClean(ruleset(ATTACH));
    for (const bot of ['random', 'greedy'] as const) expect(playout(g, { players: 3, seed: 2, bot }).ending).toBe('done');
  });

  it('an index forgotten or of the wrong kind, an owner visibility, a per-card start zone: located errors', () => {
    const text = ruleset(`  - set: { total: "charges + count(taken)" }\n  - set: { "charges[player(1)]": 1 }`, '  - { id: mark, type: number, per: card, visibility: owner }');
    expect(loadText(text).errors).toEqual([
      `words.yaml:${lineOf(text, 'id: mark')}:54: error: a per-card variable has no owner: leave visibility out (its values are seen as their card is), or give public, nobody or { to: … }`,
      `words.yaml:${lineOf(text, 'charges + count')}:20: error: variable 'charges' has one value per card: write charges[$c]`,
      `words.yaml:${lineOf(text, 'charges[player(1)]')}:34: error: expected a card, but this is a player`,
    ]);
    const start = ruleset('').replace('count: 2 }\n  - { id: squid', 'count: 2, startIn: taken }\n  - { id: squid');
    expect(loadText(start).errors).toEqual([`words.yaml:${lineOf(start, 'startIn: taken')}:75: error: cards start in a shared zone, and 'taken' is per card`]);
  });

  it('a misspelt per-card variable or zone, or a misspelt per:, is an error at its place with did-you-mean', () => {
    const text = ruleset(`  - set: { total: "chrages[first(table[player(1)])] + count(takn[first(table[player(1)])])" }`);
    const errs = loadText(text).errors;
    expect(errs).toHaveLength(1);
    expect(errs[0]).toMatch(new RegExp(`^words\\.yaml:${lineOf(text, 'chrages')}:\\d+: error: .*'chrages'.*did you mean 'charges'`));
    const per = ruleset('').replace('{ id: charges, type: number, per: card }', '{ id: charges, type: number, per: crad }');
    const perErrs = loadText(per).errors;
    expect(perErrs.some((e) => e.startsWith(`words.yaml:${lineOf(per, 'per: crad')}:`) && e.includes("did you mean 'card'"))).toBe(true);
  });
});
