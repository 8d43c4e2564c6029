// Moving cards (engine/state.ts moveEntities): a list naming a card twice, or "no card" (-1), moves each real card
// once, in the list's order; short lists (a search per card) and long ones (one pass per source zone) alike, and
// nothing of one move leaks into the next.
import { describe, expect, it } from 'vitest';
import { moveEntities } from '../../engine/state.js';
import { entitiesOf, loadGame, start, zoneInst } from '../helpers/game.js';

const GAME = `
id: moves
name: Moves
players: { min: 2, max: 2 }
teams: [{ id: all, name: Everyone }]
cardTypes: [{ id: gem }]
cards:
  - { id: ruby, type: gem, name: Ruby }
  - { id: jade, type: gem, name: Jade, count: 7 }
zones:
  - { id: box, visibility: public }
  - { id: pile, visibility: public }
  - { id: hand, per: player, visibility: owner }
endings: [{ id: done, winner: all }]
phases:
  - id: play
    steps:
      - id: ask
        prompt: { player: "player(1)", choose: options, from: "['a', 'b']", as: x }
`;

function setup() {
  const g = loadGame('moves.yaml', GAME);
  const s = start(g, 2);
  const box = zoneInst(g, 'box'), pile = zoneInst(g, 'pile'), hand0 = zoneInst(g, 'hand', 0);
  const [ruby] = entitiesOf(g, 'ruby');
  const jades = entitiesOf(g, 'jade');
  return { g, s, box, pile, hand0, ruby: ruby!, jades };
}

/** Every card is in exactly one zone, the one its location says. */
function consistent(s: ReturnType<typeof setup>['s']): void {
  const seen = new Map<number, number>();
  s.zones.forEach((z, inst) => z.forEach((e) => { expect(seen.has(e)).toBe(false); seen.set(e, inst); }));
  expect(seen.size).toBe(s.loc.length);
  for (const [e, inst] of seen) expect(s.loc[e]).toBe(inst);
}

describe('moving a list of cards', () => {
  it('moves a short list naming a card twice, and "no card", once each, in order', () => {
    const { g, s, box, hand0, ruby, jades } = setup();
    moveEntities(s, g, [jades[0]!, -1, ruby, jades[0]!], hand0);
    expect(s.zones[hand0]).toEqual([jades[0], ruby]);
    expect(s.zones[box]).not.toContain(ruby);
    consistent(s);
  });

  it('moves a long list with repeats once each, and the next move is not affected', () => {
    const { g, s, box, pile, hand0, ruby, jades } = setup();
    const list = [jades[3]!, ruby, jades[1]!, jades[3]!, -1, jades[5]!, ruby, jades[0]!, jades[1]!];
    moveEntities(s, g, list, pile);
    expect(s.zones[pile]).toEqual([jades[3], ruby, jades[1], jades[5], jades[0]]);
    expect(s.zones[box]).toEqual([jades[2], jades[4], jades[6]]);
    consistent(s);
    // the cards just moved can move again, each once (no mark is left behind)
    moveEntities(s, g, [ruby, jades[0]!, jades[3]!, jades[5]!, jades[1]!, ruby], hand0, true);
    expect(s.zones[hand0]).toEqual([ruby, jades[0], jades[3], jades[5], jades[1]]);
    expect(s.zones[pile]).toEqual([]);
    consistent(s);
  });
});

describe('new games', () => {
  it('start from the same zones however much earlier games moved', () => {
    const { g, box, pile, hand0 } = setup();
    const fresh = () => start(g, 2, 'same').zones.map((z) => z.slice());
    const first = fresh();
    const s = start(g, 2, 'other');
    moveEntities(s, g, s.zones[box]!.slice(0, 3), pile);
    moveEntities(s, g, s.zones[box]!.slice(), hand0, true);
    expect(s.zones[box]).toEqual([]);
    expect(fresh()).toEqual(first);
    expect(first[box]!.length).toBe(8);
  });
});
