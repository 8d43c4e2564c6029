// Babel On! rules, played step by step: setup, the even/odd call, placement and removal legality, Bonus
// Blocks, knocking over, the Perfect Tower at 3 and at 5 players, and the tie-break by time of completion.

import { describe, expect, it } from 'vitest';
import { IllegalAction } from '../../engine/flow.js';
import { botPrompt } from '../../engine/bots/options.js';
import { act, activePlayers, getVar, options, promptOf, start, stepOf, view, zoneInst } from '../helpers/game.js';
import { moveEntities } from '../../engine/state.js';
import { renderLog } from '../../engine/view.js';
import type { Game, State } from '../../engine/model.js';
import {
  B, COLORS, G, R, arrange, babelOn, blocksIn, callAndRoll, cellsOfFloor, removalSpots, takeAt, towerCount, towerOf,
} from './bo.js';

const F = (a: string, b: string, c: string, d: string) => [a, b, c, d];

/** Each listed player in turn calls even and rolls a 1 (a wrong guess) and passes. */
function missTurns(s: State, g: Game, order: number[]): void {
  for (const p of order) {
    expect(stepOf(s, g, p)).toBe('round/turns/call');
    callAndRoll(s, g, p, 'even', 1);
    if (stepOf(s, g, p) === 'round/turns/take-back/back') act(s, g, p); // take nothing back
  }
}

describe('Setup', () => {
  for (const n of [2, 3, 4, 5, 6]) {
    it(`${n} players: 2 Bonus Blocks each, 22 of each nation in the bag${n <= 3 ? ', plus 24 of an unused colour' : ''}; 144 blocks in all`, () => {
      const g = babelOn();
      const s = start(g, n, 7);
      for (let p = 0; p < n; p++) {
        expect(s.zones[zoneInst(g, 'bonus', p)]!.map((e) => g.cards[g.entityDef[e]!]!.id)).toEqual([COLORS[p], COLORS[p]]);
        expect(towerCount(s, g, p)).toBe(0);
      }
      const bag = s.zones[zoneInst(g, 'bag')]!.map((e) => g.cards[g.entityDef[e]!]!.id);
      expect(bag.length).toBe(22 * n + (n <= 3 ? 24 : 0));
      for (let p = 0; p < n; p++) expect(bag.filter((c) => c === COLORS[p]).length).toBe(22);
      if (n <= 3) expect(bag.filter((c) => c === COLORS[n]).length).toBe(24);
      expect(bag.length + 2 * n + blocksIn(s, g, 'box')).toBe(144);
      // roles: one nation (team) per seat
      for (let p = 0; p < n; p++) expect(g.roles[s.roles[p]!]!.id).toBe(COLORS[p]);
    });
  }

  it('highest roll goes first, ties re-roll: every seat can start, and the log says who', () => {
    const g = babelOn();
    const firsts = new Set<number>();
    for (let seed = 1; seed <= 40; seed++) {
      const s = start(g, 3, seed);
      const f = getVar(s, g, 'first') as number;
      firsts.add(f);
      expect(activePlayers(s)).toEqual([f]);
      expect(view(s, g, 0).log.join('\n')).toContain(`Player ${f + 1} rolls highest and goes first.`);
    }
    expect([...firsts].sort()).toEqual([0, 1, 2]);
  });
});

describe('A turn: call even or odd, roll the die', () => {
  it('even, called even: that many blocks drawn at random from the bag, all added to your own tower', () => {
    const { g, s } = arrange({ players: 3 });
    const bag0 = blocksIn(s, g, 'bag');
    callAndRoll(s, g, 0, 'even', 4);
    expect(blocksIn(s, g, 'bag')).toBe(bag0 - 4);
    let placed = 0;
    while (activePlayers(s)[0] === 0) {
      const step = stepOf(s, g, 0);
      if (step === 'round/turns/build/pick') act(s, g, 0, promptOf(s, 0)!.options[0] as number);
      else {
        expect(step).toBe('round/turns/build/put');
        act(s, g, 0, options(s, g, 0)[0] as string);
        placed++;
      }
    }
    expect(placed).toBe(4);
    expect(towerCount(s, g, 0)).toBe(4);
    expect(blocksIn(s, g, 'held', 0)).toBe(0);
    expect(stepOf(s, g, 1)).toBe('round/turns/call');
  });

  it('odd, called odd: that many blocks taken off towers first, then added to any tower(s)', () => {
    const { g, s } = arrange({ players: 3, towers: { 1: [F('green', 'green', 'white', 'white'), F('green', '-', '-', '-')] } });
    callAndRoll(s, g, 0, 'odd', 3);
    expect(stepOf(s, g, 0)).toBe('round/turns/take/take-one');
    for (let k = 0; k < 3; k++) takeAt(s, g, 0, removalSpots(s, g, 0)[0]!);
    expect(towerCount(s, g, 1)).toBe(2);
    expect(blocksIn(s, g, 'held', 0)).toBe(3);
    // then every taken block is added, one by one: which block, on whose tower, where
    while (activePlayers(s)[0] === 0) {
      const step = stepOf(s, g, 0);
      if (step === 'round/turns/move/pick') act(s, g, 0, promptOf(s, 0)!.options[0] as number);
      else if (step === 'round/turns/move/where') { expect(options(s, g, 0)).toEqual([0, 1, 2]); act(s, g, 0, 0); }
      else { expect(step).toBe('round/turns/move/put'); act(s, g, 0, options(s, g, 0)[0] as string); }
    }
    expect(towerCount(s, g, 0)).toBe(3);
    expect(blocksIn(s, g, 'held', 0)).toBe(0);
  });

  it('a bag running short: even with a 6 and 2 blocks left, those 2 are drawn and added; an empty bag gives nothing', () => {
    const { g, s } = arrange({ players: 4 });
    // all but a red and a blue block set aside
    const bag = zoneInst(g, 'bag');
    const keep = ['red', 'blue'].map((c) => s.zones[bag]!.find((e) => g.cards[g.entityDef[e]!]!.id === c)!);
    moveEntities(s, g, s.zones[bag]!.filter((e) => !keep.includes(e)), zoneInst(g, 'box'));
    expect(blocksIn(s, g, 'bag')).toBe(2);
    const from = s.log!.length;
    callAndRoll(s, g, 0, 'even', 6);
    expect(blocksIn(s, g, 'bag')).toBe(0);
    expect(blocksIn(s, g, 'held', 0)).toBe(2);
    expect(renderLog(s.log!.slice(from), s, g, 2).join('\n')).toMatch(/Player 1 draws (Red block, Blue block|Blue block, Red block) from the bag\./);
    act(s, g, 0, 'red'); // which first: the colours differ
    act(s, g, 0, 'A1@1');
    act(s, g, 0, 'B1@1'); // the blue one
    expect(towerOf(s, g, 0)[0]).toEqual(['red', 'blue', '-', '-']);
    // the next player calls even and rolls even on an empty bag: nothing to draw, the turn ends
    callAndRoll(s, g, 1, 'even', 4);
    expect(towerCount(s, g, 1)).toBe(0);
    expect(stepOf(s, g, 2)).toBe('round/turns/call');
  });

  it('a wrong guess (option wrongGuess = takeBack): take up to the number rolled back off your own tower, or stop', () => {
    const { g, s } = arrange({ players: 3, towers: { 0: [F('red', 'red', 'blue', 'blue'), F('green', '-', '-', '-')] } });
    const bag0 = blocksIn(s, g, 'bag');
    callAndRoll(s, g, 0, 'even', 3);
    expect(stepOf(s, g, 0)).toBe('round/turns/take-back/back');
    // own blocks with nothing on top (safety allows any: floor 1 would be the second partial floor)
    expect(removalSpots(s, g, 0)).toEqual(['1:A1@2', '1:A2@1', '1:B1@1', '1:B2@1']);
    takeAt(s, g, 0, '1:A1@2');
    expect(blocksIn(s, g, 'bag')).toBe(bag0 + 1);
    expect(stepOf(s, g, 0)).toBe('round/turns/take-back/back');
    act(s, g, 0); // stop
    expect(towerCount(s, g, 0)).toBe(4);
    expect(stepOf(s, g, 1)).toBe('round/turns/call');
  });

  it('a wrong guess (option wrongGuess = pass): the turn ends', () => {
    const { g, s } = arrange({ players: 3, options: { wrongGuess: 'pass' }, towers: { 0: [R] } });
    callAndRoll(s, g, 0, 'odd', 2);
    expect(stepOf(s, g, 1)).toBe('round/turns/call');
    expect(towerCount(s, g, 0)).toBe(4);
  });

  it('the call offers even, odd and the two knock-over declarations; bots are never offered the declarations', () => {
    const { g, s } = arrange({ players: 3 });
    expect(options(s, g, 0)).toEqual(['even', 'odd', 'knock-own', 'knock-rival']);
    expect(botPrompt(s, g, promptOf(s, 0)!).options).toEqual(['even', 'odd']);
    expect(() => act(s, g, 0, 'three')).toThrow(IllegalAction);
  });
});

// The bonus prompt at the start of a turn offers exactly the cells where a block may be added.
function addOptions(plan: string[][], opts?: Record<string, boolean | string | number>): string[] {
  const { g, s } = arrange({ players: 3, bonus: { 0: 1 }, towers: { 0: plan }, options: opts });
  expect(stepOf(s, g, 0)).toBe('round/turns/bonus-early/place');
  return (options(s, g, 0) as string[]).slice().sort();
}

describe('Placement: Structure and Safety', () => {
  it('structure: a tower is a 2×2 area; an empty tower takes blocks on floor 1 only (blocks stand on blocks)', () => {
    expect(addOptions([])).toEqual(['A1@1', 'A2@1', 'B1@1', 'B2@1']);
  });
  it('safety: floor 1 incomplete → floors 1 and 2 only (floor 2 above a block of floor 1)', () => {
    expect(addOptions([F('red', 'blue', '-', '-')])).toEqual(['A1@2', 'A2@1', 'B1@2', 'B2@1']);
  });
  it('safety: floor 1 complete, floor 2 not → floors 2 and 3 only', () => {
    expect(addOptions([R, F('blue', '-', '-', '-')])).toEqual(['A1@3', 'A2@2', 'B1@2', 'B2@2']);
  });
  it('safety: floor 2 complete, floor 3 not → floors 3 and 4, never floor 5', () => {
    const opts = addOptions([R, B, F('green', 'green', 'green', '-'), F('red', '-', '-', '-')]);
    expect(opts).toEqual(['A2@4', 'B1@4', 'B2@3']);
    expect(opts.some((c) => c.endsWith('@5'))).toBe(false);
  });
  it('option supportNeeded = false: only the safety rule — any empty cell of floors 1 and 2', () => {
    expect(addOptions([], { supportNeeded: false })).toEqual([...cellsOfFloor(1), ...cellsOfFloor(2)].sort());
  });
  it('a full tower takes no block: drawn blocks that fit nowhere go back into the bag', () => {
    const full = [F('red', 'red', 'blue', 'blue'), F('red', 'red', 'blue', 'blue'), F('red', 'red', 'blue', 'blue'), F('red', 'red', 'blue', 'blue'), F('red', 'red', 'blue', 'blue'), F('red', 'red', 'green', 'green')];
    const { g, s } = arrange({ players: 3, towers: { 0: full } });
    const bag0 = blocksIn(s, g, 'bag');
    callAndRoll(s, g, 0, 'even', 2);
    if (stepOf(s, g, 0) === 'round/turns/build/pick') act(s, g, 0, promptOf(s, 0)!.options[0] as number);
    expect(stepOf(s, g, 1)).toBe('round/turns/call');
    expect(blocksIn(s, g, 'bag')).toBe(bag0);
    expect(towerCount(s, g, 0)).toBe(24);
  });
});

describe('Moving blocks: order, national colour last resort, protected floors, safety', () => {
  for (const n of [3, 5]) {
    it(`${n} players — last resort: a rival's own-colour block only from the top floor, and only if no other colour is on it`, () => {
      // seat 2 (blue): floor 1 blue blue blue green; floor 2 blue alone
      const { g, s } = arrange({ players: n, towers: { 1: [F('blue', 'blue', 'blue', 'green'), F('blue', '-', '-', '-')] } });
      callAndRoll(s, g, 0, 'odd', 1);
      // A1@2 (blue, top floor, alone) yes; B1@1 and A2@1 (blue, not the top floor) no; B2@1 (green) yes
      expect(removalSpots(s, g, 0)).toEqual(['2:A1@2', '2:B2@1']);
    });
  }

  it('last resort: with another colour on the top floor, the rival colour stays', () => {
    const { g, s } = arrange({ players: 3, towers: { 1: [B, F('blue', 'green', '-', '-')] } });
    callAndRoll(s, g, 0, 'odd', 1);
    // floor 1 all blue is protected; on floor 2 only the green block may go: the one choice is taken at once
    expect(towerOf(s, g, 1)[1]).toEqual(['blue', '-', '-', '-']);
    expect(s.zones[zoneInst(g, 'held', 0)]!.map((e) => g.cards[g.entityDef[e]!]!.id)).toEqual(['green']);
    expect(stepOf(s, g, 0)).toBe('round/turns/move/where');
  });

  it('your own colour on your own tower may be taken (the last-resort rule is about opponents)', () => {
    const { g, s } = arrange({ players: 3, towers: { 0: [F('red', 'red', 'green', '-')] } });
    callAndRoll(s, g, 0, 'odd', 1);
    expect(removalSpots(s, g, 0)).toEqual(['1:A1@1', '1:A2@1', '1:B1@1']);
  });

  it('protected floor: 4 blocks of the owner\'s colour protect that floor and every floor below — from everyone, the owner included', () => {
    const plan = [F('green', 'white', 'green', 'white'), B, F('green', '-', '-', '-')];
    // a rival may take only the green block of floor 3 (taken at once: the one choice)
    let { g, s } = arrange({ players: 3, towers: { 1: plan } });
    callAndRoll(s, g, 0, 'odd', 3);
    expect(towerCount(s, g, 1)).toBe(8);
    expect(blocksIn(s, g, 'held', 0)).toBe(1);
    // the owner neither: a wrong guess offers nothing to take back
    ({ g, s } = arrange({ players: 3, first: 1, towers: { 1: [F('green', 'white', 'green', 'white'), B] } }));
    callAndRoll(s, g, 1, 'odd', 2);
    expect(stepOf(s, g, 2)).toBe('round/turns/call');
    expect(towerCount(s, g, 1)).toBe(8);
  });

  it('safety holds when taking blocks off: never a third partially built floor', () => {
    // floor 1 complete, floor 2 A1 B1, floor 3 A1: taking A2@1 or B2@1 would leave floors 1, 2 and 3 partial
    const { g, s } = arrange({ players: 3, towers: { 1: [F('green', 'green', 'white', 'white'), F('white', 'green', '-', '-'), F('green', '-', '-', '-')] } });
    callAndRoll(s, g, 0, 'odd', 1);
    expect(removalSpots(s, g, 0)).toEqual(['2:A1@3', '2:B1@2']);
  });

  it('remove first, add second: the blocks taken wait in hand, then go anywhere legal (even back where they were)', () => {
    const { g, s } = arrange({ players: 3, towers: { 1: [F('green', 'white', '-', '-')] } });
    callAndRoll(s, g, 0, 'odd', 1);
    takeAt(s, g, 0, '2:A1@1');
    expect(towerOf(s, g, 1)[0]).toEqual(['-', 'white', '-', '-']);
    expect(stepOf(s, g, 0)).toBe('round/turns/move/where');
    act(s, g, 0, 1);
    expect((options(s, g, 0) as string[]).sort()).toEqual(['A1@1', 'A2@1', 'B1@2', 'B2@1']);
    act(s, g, 0, 'A1@1');
    expect(towerOf(s, g, 1)[0]).toEqual(['green', 'white', '-', '-']);
  });

  it('a blocked move: with nothing removable, the move ends early', () => {
    const { g, s } = arrange({ players: 3, towers: { 0: [R], 1: [B], 2: [G] } });
    callAndRoll(s, g, 0, 'odd', 5);
    expect(stepOf(s, g, 1)).toBe('round/turns/call');
  });
});

describe('Bonus Blocks', () => {
  it('anyTurn (default): before calling, add one or both to your own tower; once used they are normal blocks', () => {
    const { g, s } = arrange({ players: 3, bonus: { 0: 2 } });
    expect(stepOf(s, g, 0)).toBe('round/turns/bonus-early/place');
    act(s, g, 0, 'A1@1');
    expect(stepOf(s, g, 0)).toBe('round/turns/bonus-early/place');
    act(s, g, 0, 'B1@1');
    expect(blocksIn(s, g, 'bonus', 0)).toBe(0);
    expect(towerOf(s, g, 0)[0]).toEqual(['red', 'red', '-', '-']);
    expect(stepOf(s, g, 0)).toBe('round/turns/call');
  });

  it('anyTurn: keeping them is allowed (choose no cell), and they stay for a later turn', () => {
    const { g, s } = arrange({ players: 3, bonus: { 0: 2 } });
    act(s, g, 0);
    expect(blocksIn(s, g, 'bonus', 0)).toBe(2);
    expect(stepOf(s, g, 0)).toBe('round/turns/call');
  });

  it('wrongGuess: not offered before the call, only after a wrong guess', () => {
    const { g, s } = arrange({ players: 3, bonus: { 0: 2 }, options: { bonusUse: 'wrongGuess' } });
    expect(stepOf(s, g, 0)).toBe('round/turns/call');
    callAndRoll(s, g, 0, 'odd', 2);
    expect(stepOf(s, g, 0)).toBe('round/turns/bonus-late/place');
    act(s, g, 0, 'A2@1');
    expect(towerOf(s, g, 0)[0]).toEqual(['-', '-', 'red', '-']);
  });
});

describe('Knocking over towers (declared; bots never do)', () => {
  it('your own tower: rebuild from scratch — tower and Bonus Blocks back into the bag, the turn ends', () => {
    const { g, s } = arrange({ players: 3, bonus: { 0: 2 }, towers: { 0: [R, F('blue', '-', '-', '-')] } });
    act(s, g, 0); // keep the Bonus Blocks
    const bag0 = blocksIn(s, g, 'bag');
    act(s, g, 0, 'knock-own');
    expect(towerCount(s, g, 0)).toBe(0);
    expect(blocksIn(s, g, 'bonus', 0)).toBe(0);
    expect(blocksIn(s, g, 'bag')).toBe(bag0 + 7);
    expect(stepOf(s, g, 1)).toBe('round/turns/call');
  });

  it("a rival's tower: you are out, your blocks go back into the bag; your turns are skipped", () => {
    const { g, s } = arrange({ players: 3, towers: { 0: [R], 1: [B] } });
    act(s, g, 0, 'knock-rival');
    expect(options(s, g, 0)).toEqual([1, 2]);
    act(s, g, 0, 1);
    expect(getVar(s, g, 'out')[0]).toBe(true);
    expect(towerCount(s, g, 0)).toBe(0);
    takeAt(s, g, 0, '2:A1@1'); // one block fell
    act(s, g, 0);
    act(s, g, 1, 'A1@1'); // the rival puts it back where it was
    expect(towerOf(s, g, 1)[0]).toEqual(B);
    missTurns(s, g, [1, 2]);
    expect(stepOf(s, g, 1)).toBe('round/turns/call'); // seat 1 is skipped in the next round
    expect(s.ended).toBeNull();
  });

  // "If an opponent knocks 1 or more blocks off your tower, add the fallen blocks back onto your tower
  // however you wish."
  it("a rival's tower: the declarer names the blocks that fell; the rival puts them back however they wish", () => {
    const { g, s } = arrange({ players: 3, towers: { 0: [R], 1: [B, F('blue', 'green', '-', '-')] } });
    act(s, g, 0, 'knock-rival');
    act(s, g, 0, 1);
    // a block falls with every block above it: the declarer names them from the top of the stacks down
    expect(stepOf(s, g, 0)).toBe('round/turns/fallen/block');
    expect(removalSpots(s, g, 0)).toEqual(['2:A1@2', '2:A2@1', '2:B1@2', '2:B2@1']);
    expect(promptOf(s, 0)!.min).toBe(1); // at least one block fell
    takeAt(s, g, 0, '2:A1@2');
    expect(removalSpots(s, g, 0)).toEqual(['2:A1@1', '2:A2@1', '2:B1@2', '2:B2@1']);
    takeAt(s, g, 0, '2:A1@1');
    expect(promptOf(s, 0)!.min).toBe(0);
    const from = s.log!.length;
    act(s, g, 0); // that was all
    expect(towerOf(s, g, 1).slice(0, 2)).toEqual([['-', 'blue', 'blue', 'blue'], ['-', 'green', '-', '-']]);
    // the rival rebuilds: any cell the placement rules allow, not necessarily where the blocks were
    expect(activePlayers(s)).toEqual([1]);
    expect(stepOf(s, g, 1)).toBe('round/turns/rebuild/put');
    expect((options(s, g, 1) as string[]).sort()).toEqual(['A1@1', 'A2@2', 'B2@2']);
    act(s, g, 1, 'A2@2');
    expect((options(s, g, 1) as string[]).sort()).toEqual(['A1@1', 'B2@2']);
    act(s, g, 1, 'B2@2');
    expect(towerOf(s, g, 1).slice(0, 2)).toEqual([['-', 'blue', 'blue', 'blue'], ['-', 'green', 'blue', 'blue']]);
    expect(towerCount(s, g, 1)).toBe(6);
    expect(renderLog(s.log!.slice(from), s, g, 2)).toEqual(expect.arrayContaining([
      'Player 2 puts a Blue block back on A2@2.',
      'Player 2 puts a Blue block back on B2@2.',
    ]));
    // then play goes on with the next seat
    expect(stepOf(s, g, 1)).toBe('round/turns/call');
  });

  it("the fallen blocks are named top down and never leave more than 2 partially built floors, so all can go back", () => {
    const { g, s } = arrange({ players: 3, towers: { 1: [B, B, B] } });
    act(s, g, 0, 'knock-rival');
    act(s, g, 0, 1);
    expect(removalSpots(s, g, 0)).toEqual(['2:A1@3', '2:A2@3', '2:B1@3', '2:B2@3']);
    takeAt(s, g, 0, '2:A1@3');
    takeAt(s, g, 0, '2:A1@2');
    // A1@1 would open a third partially built floor
    expect(removalSpots(s, g, 0)).toEqual(['2:A2@3', '2:B1@3', '2:B2@3']);
    act(s, g, 0);
    // the first goes back on A1@2 without a question (the only cell it fits); the second may go back on
    // A1@3 or start floor 4
    expect((options(s, g, 1) as string[]).sort()).toEqual(['A1@3', 'A2@4', 'B1@4', 'B2@4']);
    act(s, g, 1, 'A1@3');
    expect(towerOf(s, g, 1).slice(0, 3)).toEqual([B, B, B]);
    expect(stepOf(s, g, 1)).toBe('round/turns/call');
  });

  it('every other player eliminated: the last nation standing wins', () => {
    const { g, s } = arrange({ players: 3 });
    act(s, g, 0, 'knock-rival');
    act(s, g, 0, 2);
    act(s, g, 1, 'knock-rival'); // the only rival left is chosen at once
    expect(s.ended).toMatchObject({ ending: 'last-standing', winner: 'green', truncated: false });
  });
});

// Perfect towers, floor by floor (A1 B1 / A2 B2): `pair` has an adjacent own pair lined up on A1 and B1.
const pair = (own: string, other: string) => Array.from({ length: 6 }, () => F(own, own, other, other));
const diagonal = (own: string, other: string) => Array.from({ length: 6 }, () => F(own, other, other, own));

function roundEnd(n: number, towers: Record<number, string[][]>, first = 0): { g: Game; s: State } {
  const { g, s } = arrange({ players: n, first, towers });
  const order = Array.from({ length: n }, (_, k) => (first + k) % n);
  missTurns(s, g, order);
  return { g, s };
}

describe('The Perfect Tower, checked at the end of the round', () => {
  it('3 players: 6 complete floors, 2 adjacent own-colour blocks on each, lined up → wins at the end of the round', () => {
    const { g, s } = arrange({ players: 3, towers: { 1: pair('blue', 'green') } });
    missTurns(s, g, [0, 1]);
    expect(s.ended).toBeNull(); // not before the round is over
    missTurns(s, g, [2]);
    expect(s.ended).toMatchObject({ ending: 'perfect-tower', winner: 'blue', truncated: false });
  });

  it('3 players: own colour only diagonal on each floor is not enough', () => {
    const { s } = roundEnd(3, { 1: diagonal('blue', 'green') });
    expect(s.ended).toBeNull();
  });

  it('5 players: one own-colour block per floor is enough (the diagonal tower wins)', () => {
    const { s } = roundEnd(5, { 1: diagonal('blue', 'green') });
    expect(s.ended).toMatchObject({ ending: 'perfect-tower', winner: 'blue' });
  });

  // "For 5-6 players, Floors 1-6 MUST each have at least 1 block of your color. For 2-4 players, Floors 1-6
  // MUST each have at least 2 blocks of your color NEXT TO (not diagonal to) one another."
  const single = (own: string, other: string) => Array.from({ length: 6 }, () => F(own, other, other, other));
  for (const [n, wins] of [[4, false], [5, true]] as const) {
    it(`${n} players: one own block per floor, lined up, ${wins ? 'is' : 'is not'} a Perfect Tower; the diagonal pair ${wins ? 'is' : 'is not'} either`, () => {
      const a = roundEnd(n, { 1: single('blue', 'green') });
      const b = roundEnd(n, { 1: diagonal('blue', 'green') });
      for (const { s } of [a, b]) {
        if (wins) expect(s.ended).toMatchObject({ ending: 'perfect-tower', winner: 'blue' });
        else expect(s.ended).toBeNull();
      }
      // an adjacent pair on every floor wins at either count
      expect(roundEnd(n, { 1: pair('blue', 'green') }).s.ended).toMatchObject({ ending: 'perfect-tower', winner: 'blue' });
    });
  }

  for (const n of [3, 5]) {
    it(`${n} players: a floor without the owner's colour spoils it`, () => {
      const t = pair('blue', 'green');
      t[3] = F('green', 'white', 'white', 'green');
      const { s } = roundEnd(n, { 1: t });
      expect(s.ended).toBeNull();
    });

    it(`${n} players: line 'em up — floors 2–6 each need an own block directly above an own block`, () => {
      // floors alternate: own pair on A1 B1, then own pair on A2 B2: adjacent pairs, never one above another
      const t = Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? F('blue', 'blue', 'green', 'green') : F('green', 'green', 'blue', 'blue')));
      const { s } = roundEnd(n, { 1: t });
      expect(s.ended).toBeNull();
    });

    it(`${n} players: 6 floors must be complete (23 blocks is not a tower)`, () => {
      const t = pair('blue', 'green');
      t[5] = F('blue', 'blue', 'green', '-');
      const { s } = roundEnd(n, { 1: t });
      expect(s.ended).toBeNull();
    });
  }

  it('tie-break: two perfect towers at the end of the round → whoever finished first (not the lower seat)', () => {
    // seat 3 (green) is perfect from the start; seat 1 (red) completes on the last turn of the round
    const t = pair('red', 'white');
    t[5] = F('-', '-', 'white', 'white');
    const { g, s } = arrange({ players: 3, first: 1, towers: { 0: t, 2: pair('green', 'white') } });
    missTurns(s, g, [1, 2]);
    // the next two blocks drawn are red
    const bag = s.zones[zoneInst(g, 'bag')]!;
    for (let k = 0; k < 2; k++) {
      const i = bag.findIndex((e, j) => j < bag.length - k && g.cards[g.entityDef[e]!]!.id === 'red');
      bag.push(bag.splice(i, 1)[0]!);
    }
    callAndRoll(s, g, 0, 'even', 2);
    // both blocks are red: one pick is asked only when the colours differ
    act(s, g, 0, 'A1@6'); // then B1@6 is the only cell left: taken at once
    expect(towerOf(s, g, 0)[5]).toEqual(['red', 'red', 'white', 'white']);
    expect(getVar(s, g, 'doneAt')[2]).toBeLessThan(getVar(s, g, 'doneAt')[0]);
    expect(s.ended).toMatchObject({ ending: 'perfect-tower', winner: 'green' });
  });

  it('tie-break: perfect at the same moment → the lower seat', () => {
    const { s } = roundEnd(3, { 0: pair('red', 'white'), 2: pair('green', 'white') }, 1);
    expect(s.ended).toMatchObject({ ending: 'perfect-tower', winner: 'red' });
  });
});

describe('Babel On! loads for 2–6 players only', () => {
  it('rejects 1 and 7 players', () => {
    const g = babelOn();
    expect(() => start(g, 1)).toThrow(RangeError);
    expect(() => start(g, 7)).toThrow(RangeError);
  });
});
