// The generic primitives a trading card game needs (7 Wonders is built on them), on a small game of our own,
// "Bazaar": enumerations and counts (costs, production), paying a cost with own units and units bought from
// neighbours (sources, payments, cheapest), a named quantity changed by the cards in play (a trade price),
// prompts whose options are records read through a label, scores by category with a tie-break and winners
// by score, a free-for-all objective, and let/sort/argmax/argmin/indexOf; and their load errors.

import { freshVersions } from '../../engine/memo.js';
import { describe, expect, it } from 'vitest';
import { loadRulesetText, formatDiagnostic, evaluate, Match, simulate, type Game, type State } from '../../engine/index.js';
import { moveEntities } from '../../engine/state.js';
import { entitiesOf, zoneInst } from '../helpers/game.js';
import { BAZAAR } from '../helpers/bazaar.js';


function load(text = BAZAAR): Game {
  const r = loadRulesetText('bazaar.yaml', text);
  if (!r.game) throw new Error(r.diagnostics.map(formatDiagnostic).join('\n'));
  return r.game;
}

function errorsOf(text: string): string[] {
  const r = loadRulesetText('bazaar.yaml', text);
  expect(r.game).toBeUndefined();
  return r.diagnostics.map(formatDiagnostic);
}

/** A game with its hands dealt; then cards put into cities as a scenario wants (a copy not yet in a city). */
function arrange(g: Game, players: number, cities: Record<number, string[]>): State {
  const s = Match.start(g, { players, seed: 1 }).state;
  const inCity = (e: number) => [...Array(players).keys()].some((q) => s.zones[zoneInst(g, 'city', q)]!.includes(e));
  for (const [p, ids] of Object.entries(cities)) {
    for (const id of ids) moveEntities(s, g, [entitiesOf(g, id).find((e) => !inCity(e))!], zoneInst(g, 'city', Number(p)));
  }
  return s;
}

/** A card of that id wherever it lies (for expressions about a card's data). */
const card = (id: string) => `first(filter(concat(box, deck, discard, flatten(players, concat(hand[it], staged[it], city[it]))), it.id == '${id}'))`;

describe('Bazaar: enumerations, counts and paying a cost', () => {
  const g = load();

  it('loads; counts read by value name and add up', () => {
    const s = arrange(g, 3, { 0: ['forest', 'quarry', 'mixed'] });
    expect(evaluate(g, s, 'sumCounts(city[player(1)], it.produces)')).toEqual([1, 1, 0]);
    expect(evaluate(g, s, "sumCounts(city[player(1)], it.produces).wood")).toBe(1);
    expect(evaluate(g, s, `total(plus(${card('hall')}.cost, ${card('shrine')}.cost))`)).toBe(5);
    expect(evaluate(g, s, `minus(${card('shrine')}.cost, sumCounts(city[player(1)], it.produces))`)).toEqual([0, 1, 0]);
    expect(evaluate(g, s, `covers(sumCounts(city[player(1)], it.produces), ${card('shrine')}.cost)`)).toBe(false);
    expect(evaluate(g, s, 'resource')).toEqual(['wood', 'stone', 'glass']);
  });

  it('own units pay first, the rest is bought at 2 a unit from either neighbour, within the coins held', () => {
    // seat 1 has wood and stone; glass only at seat 2 (its left, next) — a hall costs 2 coins to the left
    const s = arrange(g, 3, { 0: ['forest', 'quarry'], 1: ['kiln'] });
    const hall = card('hall');
    expect(evaluate(g, s, `plansFor(player(1), ${hall})`)).toEqual([{ total: 2, pay: [2, 0], bought: [[0, 0, 1], [0, 0, 0]] }]);
    expect(evaluate(g, s, `cheapest(${hall}.cost, own(player(1)), [seller(player(1), player(2)), seller(player(1), player(3))], 4)`)).toBe(2);
    // a shrine needs 2 stone: 1 own, 1 nowhere for sale — it cannot be paid
    expect(evaluate(g, s, `plansFor(player(1), ${card('shrine')})`)).toEqual([]);
    expect(evaluate(g, s, `cheapest(${card('shrine')}.cost, own(player(1)), [seller(player(1), player(2))], 9)`)).toBe(-1);
  });

  it('costs weighed in turn against the same own units and sellers cost what each costs alone, before and after a city grows', () => {
    // the solver keeps what it worked out from the lists last asked about: a new city is a new list
    const costs = ['hall', 'shrine', 'forest'].map((id) => `${card(id)}.cost`);
    const market = '[seller(player(1), player(2)), seller(player(1), player(3))]';
    const alone = (s: State) => costs.map((c) => evaluate(g, s, `cheapest(${c}, own(player(1)), ${market}, 9)`));
    const together = `let($o, own(player(1)), let($m, ${market}, [${costs.map((c) => `cheapest(${c}, $o, $m, 9)`).join(', ')}]))`;
    const plans = `let($o, own(player(1)), let($m, ${market}, [${costs.map((c) => `count(payments(${c}, $o, $m, 9))`).join(', ')}]))`;
    const before = arrange(g, 3, { 0: ['forest'], 1: ['kiln', 'quarry'] });
    // a shrine's second stone is nowhere for sale
    expect(alone(before)).toEqual([4, -1, 0]);
    expect(evaluate(g, before, together)).toEqual(alone(before));
    expect(evaluate(g, before, plans)).toEqual([1, 0, 1]);
    const after = arrange(g, 3, { 0: ['forest', 'mixed'], 1: ['kiln', 'quarry'] });
    expect(alone(after)).toEqual([2, 2, 0]);
    expect(evaluate(g, after, together)).toEqual(alone(after));
    expect(evaluate(g, before, together)).toEqual([4, -1, 0]);
  });

  it('a real trade-off between the two neighbours gives two cheapest plans', () => {
    // seat 1 needs wood + stone + glass with nothing of its own; seat 2 (left) sells wood at 1 (seat 1's
    // post) and glass, seat 3 (right) sells stone and glass
    const s = arrange(g, 3, { 0: ['post'], 1: ['forest', 'kiln'], 2: ['quarry', 'kiln'] });
    const coins = g.vars.findIndex((v) => v.id === 'coins');
    expect(evaluate(g, s, `plansFor(player(1), ${card('hall')})`)).toEqual([]); // 5 coins needed, 4 held
    s.vars[coins] = [5, 4, 4];
    freshVersions(s);
    const plans = evaluate(g, s, `plansFor(player(1), ${card('hall')})`) as { pay: number[]; total: number }[];
    expect(plans.map((p) => p.pay)).toEqual([[1, 4], [3, 2]]); // by total, then the first seller paid least
  });
});

describe('Bazaar: a quantity changed by the cards in play', () => {
  const g = load();

  it("the trade price is 2; a post in its owner's city makes raw units from the left neighbour 1 for that owner only", () => {
    const s = arrange(g, 3, {});
    const price = (b: number, sel: number, k: string) => evaluate(g, s, `price(player(${b}), player(${sel}), '${k}')`);
    expect(price(1, 2, 'wood')).toBe(2);
    const post = entitiesOf(g, 'post')[0]!;
    moveEntities(s, g, [post], zoneInst(g, 'hand', 0)); // in a hand: not in play
    expect(price(1, 2, 'wood')).toBe(2);
    moveEntities(s, g, [post], zoneInst(g, 'city', 0));
    expect(price(1, 2, 'wood')).toBe(1);
    expect(price(1, 3, 'wood')).toBe(2); // the other side
    expect(price(1, 2, 'glass')).toBe(2); // not a raw unit
    expect(price(2, 3, 'wood')).toBe(2); // another buyer
    // a second post in play does not stack a `set` below 1; it leaves play when it moves away
    moveEntities(s, g, [entitiesOf(g, 'post')[1]!], zoneInst(g, 'city', 0));
    expect(price(1, 2, 'wood')).toBe(1);
    moveEntities(s, g, entitiesOf(g, 'post'), zoneInst(g, 'discard'));
    expect(price(1, 2, 'wood')).toBe(2);
  });

  it('adds stack after sets and the quantity never goes below its minimum', () => {
    const text = BAZAAR.replace('  - { id: hall, type: building', "  - { id: tax, type: building, color: yellow, count: 2, modifies: [{ quantity: price, add: -1 }] }\n  - { id: hall, type: building");
    const g2 = load(text);
    const s = arrange(g2, 3, { 0: ['post', 'tax'] });
    expect(evaluate(g2, s, "price(player(1), player(2), 'wood')")).toBe(0); // set 1, then -1
    moveEntities(s, g2, [entitiesOf(g2, 'tax')[1]!], zoneInst(g2, 'city', 1));
    expect(evaluate(g2, s, "price(player(1), player(2), 'wood')")).toBe(0); // set 1, -2, never below 0
    expect(evaluate(g2, s, "price(player(1), player(3), 'wood')")).toBe(0); // 2 - 2
  });
});

describe('Bazaar: choices among records, scores and winners', () => {
  const g = load();

  it('a person chooses among records shown by their label; a copy of a record (as a client or replay sends it) is accepted', () => {
    const m = Match.start(g, { players: 2, seed: 3 });
    const v = m.view(0);
    expect(v.prompt!.choose).toBe('options');
    expect(v.prompt!.labels!.length).toBe(v.prompt!.options.length);
    for (const l of v.prompt!.labels!) expect(l).toMatch(/^(build|sell) (forest|quarry|mixed|kiln|post|hall|shrine) paying \d+ left, \d+ right$/);
    const copy = JSON.parse(JSON.stringify(v.prompt!.options[0]));
    m.act({ player: 0, step: v.prompt!.step, choice: [copy] });
    expect(m.actions.length).toBe(1);
    expect(() => m.act({ player: 1, step: v.prompt!.step, choice: [{ ...copy, left: 99 }] })).toThrow(/not one of the options/);
    // the log tells the chooser what they chose, in the label's words; the other seat only that they chose
    expect(m.view(0).log.join('\n')).toMatch(/Player 1 chose (build|sell) /);
    expect(m.view(1).log.join('\n')).toMatch(/Player 1 has chosen/);
  });

  it('plays to the end: the best score wins, coins break a tie, and a tie that stands is shared; simulate reports scores', () => {
    const r = simulate(g, { players: 3, games: 60, seed: 5, bot: 'greedy' });
    expect(r.truncated).toBe(0);
    expect(Object.values(r.wins).reduce((a, b) => a + b, 0)).toBe(60);
    expect(Object.keys(r.wins).every((k) => /^Player \d( \+ Player \d)*$/.test(k))).toBe(true);
    expect(r.winsBySeat.length).toBe(3);
    expect(r.winsBySeat.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(60);
    expect(Object.keys(r.scores!.categories)).toEqual(['buildings', 'treasury']);
    expect(r.scores!.mean).toBeCloseTo(r.scores!.categories.buildings! + r.scores!.categories.treasury!, 1);
    const m = Match.start(g, { players: 2, seed: 8, bots: ['greedy', 'random'] });
    m.runBots();
    const totals = [0, 1].map((p) => evaluate(g, m.state, `score(player(${p + 1}))`) as number);
    const coins = [0, 1].map((p) => evaluate(g, m.state, `coins[player(${p + 1})]`) as number);
    const best = Math.max(...totals);
    const top = [0, 1].filter((p) => totals[p] === best);
    const winners = top.length > 1 && coins[0] !== coins[1] ? [coins[0]! > coins[1]! ? 0 : 1] : top;
    expect(m.ended!.winners).toEqual(winners);
  });

  it('let, sort, argmax, argmin, indexOf', () => {
    const s = arrange(g, 2, {});
    expect(evaluate(g, s, 'let($n, 3, $n * $n + $n)')).toBe(12);
    expect(evaluate(g, s, 'sort([3, 1, 2])')).toEqual([1, 2, 3]);
    expect(evaluate(g, s, "sort(['b', 'a'])")).toEqual(['a', 'b']);
    expect(evaluate(g, s, 'sort([3, 1, 2], 0 - it)')).toEqual([3, 2, 1]);
    const blue = `filter([${card('hall')}, ${card('shrine')}, ${card('forest')}], it.color == 'blue')`;
    expect(evaluate(g, s, `argmax(${blue}, it.points).id`)).toBe('hall');
    expect(evaluate(g, s, `argmin(${blue}, it.points).id`)).toBe('shrine');
    expect(evaluate(g, s, `argmax(filter(${blue}, it.points > 99), it.points)`)).toBe(-1);
    expect(evaluate(g, s, 'indexOf([5, 6, 7], 7)')).toBe(2);
    expect(evaluate(g, s, 'indexOf([5, 6, 7], 8)')).toBe(-1);
    expect(evaluate(g, s, "{ a: 1, b: 'x' } == { a: 1, b: 'x' }")).toBe(true);
  });
});

describe('Bazaar: load errors at their line and column', () => {
  const at = (text: string, needle: string) => {
    const i = text.indexOf(needle);
    const before = text.slice(0, i);
    return `bazaar.yaml:${before.split('\n').length}:${i - before.lastIndexOf('\n')}`;
  };
  const cases: [string, string, string, string][] = [
    ['an unknown value in counts', 'cost: { stone: 2 }', 'cost: { stnoe: 2 }', "'stnoe' is not a value of resource (did you mean 'stone'?)"],
    ['an unknown kind', 'color: blue, cost: { stone: 2 }', 'color: bleu, cost: { stone: 2 }', "'bleu' is not a value of color (did you mean 'blue'?)"],
    ['a misspelt kind in an expression', "$kind != 'glass'", "$kind != 'glas'", ''],
    ['an unknown quantity', 'quantity: price, set: 1', 'quantity: prise, set: 1', "unknown quantity 'prise' (did you mean 'price'?)"],
    ['two operations in one modifier', 'quantity: price, set: 1', 'quantity: price, set: 1, add: 2', 'one of set, add, atLeast, atMost per modifier, found set and add'],
    ['a misspelt score category', "value: \"floor(coins[$p] / 3)\" }", "value: \"floor(coins[$p] / 3) + score($p, 'bildings')\" }", "no score category 'bildings' (did you mean 'buildings'?)"],
  ];
  for (const [name, from, to, msg] of cases) {
    it(name, () => {
      expect(BAZAAR.includes(from), from).toBe(true);
      const text = BAZAAR.replace(from, to);
      const r = loadRulesetText('bazaar.yaml', text);
      if (!msg) { expect(r.diagnostics.map(formatDiagnostic)).toEqual([]); return; } // a free text compared with a parameter
      const errs = r.diagnostics.map(formatDiagnostic);
      const hit = errs.find((e) => e.includes(msg));
      expect(hit, errs.join('\n')).toBeDefined();
      expect(Number(hit!.split(':')[1])).toBe(Number(at(text, to).split(':')[1]));
    });
  }

  it('a quantity that reads itself through its modifiers is an error', () => {
    const text = BAZAAR.replace("$kind != 'glass'\" }", "$kind != 'glass' and price($owner, $seller, $kind) > 1\" }");
    expect(errorsOf(text).join('\n')).toMatch(/quantity 'price' depends on itself \(price → price\)/);
  });
});
