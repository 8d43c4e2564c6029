// The definition cache (engine/memo.ts): while bots judge positions, a definition's value is reused for the
// same arguments until something it read changes. Each kind of change a game makes (a card moved, a
// variable set, a card revealed, a role given, a copy changed on its own) is seen; a definition that draws
// randomness or reads what the cache cannot follow is never cached; and whole seeded games with bots play
// the same with the cache and without it.
import { afterEach, describe, expect, it } from 'vitest';
import { evaluate } from '../../engine/expr/evaluate.js';
import { argKey, memo, withCache } from '../../engine/memo.js';
import { cloneState, moveEntities } from '../../engine/state.js';
import { playout } from '../../engine/sim/playout.js';
import { stateHash } from '../../engine/replay.js';
import { act, entitiesOf, loadGame, setRole, setVar, start, zoneInst } from '../helpers/game.js';
import type { Game, State } from '../../engine/model.js';
import { BAZAAR } from '../helpers/bazaar.js';

const GAME = `
id: memo
name: Cache
players: { min: 2, max: 4 }
teams: [{ id: all, name: Everyone }]
roles: [{ id: red, team: all }, { id: blue, team: all }]
cardTypes: [{ id: gem, fields: { worth: { type: number } } }]
cards:
  - { id: ruby, type: gem, name: Ruby, worth: 3 }
  - { id: jade, type: gem, name: Jade, count: 3, worth: 1 }
zones:
  - { id: box, visibility: public }
  - { id: hand, per: player, visibility: owner }
vars:
  - { id: bonus, type: number }
endings: [{ id: done, winner: all }]
setup:
  - setRole: { player: player(1), role: red }
  - setRole: { player: player(2), role: blue }
phases:
  - id: play
    steps:
      - id: show
        prompt: { player: "player(1)", choose: options, from: "['yes', 'no']", as: x }
        do:
          - reveal: "hand[player(1)]"
          - set: { bonus: 1 }
          - setRole: { player: "player(2)", role: red }
      - id: wait
        prompt: { player: "player(1)", choose: options, from: "['go', 'stop']", as: y }
        do:
          - end: done
definitions:
  - id: worth
    params: [p]
    value: "sum(hand[$p], it.worth) + bonus"
  - id: shownWorth
    params: [p]
    value: "sum(filter(hand[$p], revealed(it)), it.worth)"
  - id: withBonus
    params: [p]
    value: "count(players, it == $p) + bonus"
  - id: rivals
    params: [p]
    value: "count(players, it != $p)"
  - id: reds
    value: "count(players, role(it) == 'red')"
  - id: allWorth
    value: "sum(players, worth(it))"
`;

let g: Game;
const fresh = (): State => start((g ??= loadGame('memo.yaml', GAME)), 2, 1);
const cached = (s: State, expr: string) => withCache(() => evaluate(g, s, expr));
const give = (s: State, p: number, e: number) => moveEntities(s, g, [e], zoneInst(g, 'hand', p));

afterEach(() => { memo.enabled = true; });

describe('the definition cache', () => {
  it('reuses a value until a card it counted moves, and tells copies apart', () => {
    const s = fresh();
    const [ruby] = entitiesOf(g, 'ruby');
    const [jade] = entitiesOf(g, 'jade');
    expect(cached(s, 'worth(player(1))')).toBe(0);
    give(s, 0, ruby!);
    expect(cached(s, 'worth(player(1))')).toBe(3);
    expect(cached(s, 'allWorth')).toBe(3); // through another definition
    const t = cloneState(s);
    give(t, 0, jade!);
    expect(cached(t, 'worth(player(1))')).toBe(4);
    expect(cached(t, 'allWorth')).toBe(4);
    expect(cached(s, 'worth(player(1))')).toBe(3); // the original is not the copy
    expect(cached(s, 'allWorth')).toBe(3);
    give(s, 1, ruby!); // out of seat 1's hand: both hands changed
    expect(cached(s, 'worth(player(1))')).toBe(0);
    expect(cached(s, 'worth(player(2))')).toBe(3);
  });

  it('sees a variable set, a card revealed and a role given', () => {
    const s = fresh();
    const [ruby] = entitiesOf(g, 'ruby');
    give(s, 0, ruby!);
    expect(cached(s, 'worth(player(1))')).toBe(3);
    setVar(s, g, 'bonus', 10); // a change by hand: the helper gives the state new versions
    expect(cached(s, 'worth(player(1))')).toBe(13);
    expect(cached(s, 'withBonus(player(1))')).toBe(11);
    expect(cached(s, 'shownWorth(player(1))')).toBe(0);
    expect(cached(s, 'reds')).toBe(1);
    act(s, g, 0, 'yes'); // the game's own effects: a reveal, a variable set, a role given
    expect(cached(s, 'shownWorth(player(1))')).toBe(3);
    expect(cached(s, 'worth(player(1))')).toBe(4);
    expect(cached(s, 'withBonus(player(1))')).toBe(2); // reads the variable only
    expect(cached(s, 'reds')).toBe(2);
    setRole(s, g, 1, 'blue'); // by hand (the helper gives new versions)
    expect(cached(s, 'reds')).toBe(1);
  });

  it('never passes a value between games of other player counts (one compiled ruleset, several games)', () => {
    fresh();
    const two = start(g, 2, 1), four = start(g, 4, 1);
    expect(cached(two, 'rivals(player(1))')).toBe(1);
    expect(cached(four, 'rivals(player(1))')).toBe(3);
    expect(cached(two, 'rivals(player(1))')).toBe(1);
  });

  it('gives the same value with the cache and without it', () => {
    const s = fresh();
    for (const e of entitiesOf(g, 'jade')) give(s, 1, e);
    const on = cached(s, 'allWorth');
    memo.enabled = false;
    expect(cached(s, 'allWorth')).toBe(on);
  });
});

describe('cache keys of arguments', () => {
  const key = (...vals: unknown[]) => argKey(vals, vals.length);

  it('tells apart numbers, texts and their order, and keeps equal arguments equal', () => {
    const keys = [key(1, 'stone'), key('stone', 1), key(1, 'wood'), key(1, 1024), key(1, 2), key(2, 1), key(1, '2'), key(1, 'stone', 3), key(true, 1), key(1.5, 1)];
    expect(new Set(keys).size).toBe(keys.length);
    expect(key(1, 'stone')).toBe(key(1, 'stone'));
    expect(key(0, 'a', 'b', 3)).toBe(key(0, 'a', 'b', 3));
    expect(key(1, [2])).toBeUndefined(); // a list is not cached by value
  });

  it('still tells texts apart once many different texts were met', () => {
    for (let i = 0; i < 1500; i++) expect(key(0, `word${i}`)).toBe(key(0, `word${i}`));
    const late = Array.from({ length: 20 }, (_, i) => key(3, `late${i}`));
    expect(new Set(late).size).toBe(20);
    expect(key(3, 'late0')).not.toBe(key(3, 'word0'));
  });
});

describe('quantities and payments in the cache', () => {
  // Bazaar (market.test.ts): `seller(p, s)` is the sources of s (sources()) priced by the quantity `price`, which
  // a trading post in the buyer's city lowers to 1 for wood and stone bought from the next seat
  const SELLER = 'seller(player(1), player(2)).price';
  it('reuses a value read through a quantity until a card that changes it comes into play or leaves', () => {
    const game = loadGame('bazaar.yaml', BAZAAR);
    expect(game.quantities.every((q) => q.cache !== null)).toBe(true);
    const s = start(game, 2, 1);
    const post = entitiesOf(game, 'post')[0]!;
    const at = (e: string) => withCache(() => evaluate(game, s, e));
    expect(at(SELLER)).toEqual([2, 2, 2]);
    const hits = memo.hits;
    expect(at(SELLER)).toEqual([2, 2, 2]);
    expect(memo.hits).toBeGreaterThan(hits); // reused
    moveEntities(s, game, [post], zoneInst(game, 'city', 0));
    expect(at(SELLER)).toEqual([1, 1, 2]);
    expect(at('seller(player(2), player(1)).price')).toEqual([2, 2, 2]); // not the owner's purchase
    moveEntities(s, game, [post], zoneInst(game, 'discard'));
    expect(at(SELLER)).toEqual([2, 2, 2]);
    // the cost of a payment too: a plan's total follows the price
    moveEntities(s, game, [post], zoneInst(game, 'city', 0));
    const quarry = entitiesOf(game, 'quarry')[0]!;
    moveEntities(s, game, [quarry], zoneInst(game, 'city', 1));
    const cost = "cheapest(countsBy(resource, it == 'stone' ? 1 : 0), own(player(1)), [seller(player(1), player(2))], 10)";
    expect(at(cost)).toBe(1);
    moveEntities(s, game, [post], zoneInst(game, 'discard'));
    expect(at(cost)).toBe(2);
  });

  it('never caches a quantity whose modifier reads $self, nor a definition reading it', () => {
    const game = loadGame('bazaar-self.yaml', BAZAAR.replace('when: "$buyer == $owner and', 'when: "$self == $owner and $buyer == $owner and'));
    expect(game.quantities.find((q) => q.id === 'price')!.cache).toBe(null);
    const s = start(game, 2, 1);
    moveEntities(s, game, [entitiesOf(game, 'post')[0]!], zoneInst(game, 'city', 0));
    const as = (self: number) => withCache(() => evaluate(game, s, SELLER, self));
    expect(as(0)).toEqual([1, 1, 2]);
    expect(as(1)).toEqual([2, 2, 2]); // the same arguments, another $self
    expect(as(0)).toEqual([1, 1, 2]);
  });

  it('7 Wonders: random and greedy games end in the same state with the cache and without it', () => {
    const game = loadGame('rulesets/7-wonders.yaml');
    const run = () => (['random', 'greedy'] as const).map((bot, i) => {
      // no warnings kept: quantities are then cached too
      const r = playout(game, { players: 3, seed: `memo:7w:${i}`, bot, record: true });
      return { hash: stateHash(r.state), actions: JSON.stringify(r.recorded) };
    });
    const on = run();
    memo.enabled = false;
    expect(run()).toEqual(on);
  });
});

describe('whole games with and without the cache', () => {
  const RULESETS = ['babel-builders', 'babel-on', 'bable', '7-wonders'];
  const PLAYERS: Record<string, number> = { 'babel-builders': 5, 'babel-on': 3, bable: 3, '7-wonders': 3 };
  for (const id of RULESETS) {
    it(`${id}: greedy games end in the same state, action for action`, () => {
      const game = loadGame(`rulesets/${id}.yaml`);
      const run = () => [0, 1].map((i) => {
        const r = playout(game, { players: PLAYERS[id]!, seed: `memo:${i}`, bot: 'greedy', record: true, warnings: true });
        return { hash: stateHash(r.state), actions: JSON.stringify(r.recorded) };
      });
      const hits = memo.hits;
      const on = run();
      if (id === 'babel-on') expect(memo.hits).toBeGreaterThan(hits); // its objective is made of definitions
      memo.enabled = false;
      const off = run();
      expect(on).toEqual(off);
    });
  }

  it('an ISMCTS seat decides alike with the cache and without it', () => {
    const game = loadGame('rulesets/babel-on.yaml');
    const run = () => {
      const r = playout(game, { players: 2, seed: 'memo:ismcts', bot: 'greedy', seats: ['ismcts:8', 'greedy'], record: true });
      return JSON.stringify(r.recorded!.slice(0, 100));
    };
    const on = run();
    memo.enabled = false;
    expect(run()).toBe(on);
  });
});
