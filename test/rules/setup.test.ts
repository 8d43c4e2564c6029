// Rule 1 — Game setup (rulebook §4), for 5 to 10 players over several seeds.

import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { loadRulesetText } from '../../engine/load/index.js';
import { babelBuilders, start, cardsIn, count, roleOf, getVar, stepOf, options, view, rulesetPath } from '../helpers/game.js';

const g = babelBuilders();
const SEEDS = [1, 2, 3, 7, 42, 99, 1234, 'abc'];

// Rulebook §4 tables.
const TABLE: Record<number, { punishments: number; seals: number }> = {
  5: { punishments: 1, seals: 3 },
  6: { punishments: 2, seals: 5 },
  7: { punishments: 2, seals: 5 },
  8: { punishments: 3, seals: 7 },
  9: { punishments: 3, seals: 7 },
  10: { punishments: 4, seals: 9 },
};

const typeOf = (id: string) => g.cards.find((c) => c.id === id)!.type;
const seats = (n: number) => Array.from({ length: n }, (_, p) => p);
const allHands = (s: ReturnType<typeof start>, n: number) => seats(n).flatMap((p) => cardsIn(s, g, 'hand', p));
const countType = (ids: string[], type: string) => ids.filter((id) => typeOf(id) === type).length;

describe('Setup: roles per the table', () => {
  for (const n of [5, 6, 7, 8, 9, 10]) {
    it(`${n} players: one Messenger, the rest Architects, a Zealot only where an Architect was dealt the Divine Punishment card`, () => {
      for (const seed of SEEDS) {
        const s = start(g, n, seed);
        const roles = seats(n).map((p) => roleOf(s, g, p));
        expect(roles.filter((r) => r === 'messenger')).toHaveLength(1);
        // every seat got exactly one role card: 1 Messenger + (n − 1) Architects
        const dealt = seats(n).map((p) => cardsIn(s, g, 'roleCard', p));
        for (const d of dealt) expect(d).toHaveLength(1);
        expect(dealt.flat().filter((c) => c === 'role-messenger')).toHaveLength(1);
        expect(dealt.flat().filter((c) => c === 'role-architect')).toHaveLength(n - 1);
        for (const p of seats(n)) {
          const card = dealt[p]![0]!;
          const holdsDp = cardsIn(s, g, 'hand', p).includes('punishment');
          if (card === 'role-messenger') expect(roles[p]).toBe('messenger');
          else expect(roles[p]).toBe(holdsDp ? 'zealot' : 'architect');
        }
        // Zealots exist only by conversion: at most the one Divine Punishment card in the hands
        expect(roles.filter((r) => r === 'zealot').length).toBeLessThanOrEqual(1);
      }
    });
  }

  // The table once had a `messengers` column (1 at every count) that setup never read, so a variant
  // setting it to 2 still dealt one Messenger without a word. The rulebook has one Messenger at every
  // count and every rule speaks of the one Messenger, so the column is gone: a variant that sets it
  // is told so at the line, instead of being silently ignored.
  it('there is one Messenger at every count; a variant asking for more Messengers is reported, not ignored', () => {
    const dir = rulesetPath('variants');
    const variant = 'extends: ../babel-builders.yaml\nid: two-messengers\nname: Two messengers\ntables:\n  - id: byPlayers\n    rows:\n      - { id: p10, messengers: 2 }\n';
    const r = loadRulesetText(`${dir}/two-messengers.yaml`, variant, (p) => { try { return readFileSync(p, 'utf8'); } catch { return undefined; } });
    expect(r.game).toBeUndefined();
    const d = r.diagnostics.find((x) => x.message.includes('messengers'));
    expect(d, JSON.stringify(r.diagnostics)).toBeDefined();
    expect(d!.file).toBe(`${dir}/two-messengers.yaml`);
    expect(d!.line).toBe(7);
  });

  it('roles are secret: each player sees only their own role', () => {
    const s = start(g, 5, 3);
    for (const viewer of seats(5)) {
      const v = view(s, g, viewer);
      for (const seat of v.seats) {
        if (seat.seat === viewer) expect(seat.role).toBe(roleOf(s, g, viewer));
        else expect(seat.role).toBeNull();
      }
    }
  });
});

describe('Setup: initial hands', () => {
  for (const n of [5, 6, 7, 8, 9, 10]) {
    it(`${n} players: 3 cards each, exactly one Divine Punishment card among all initial hands`, () => {
      for (const seed of SEEDS) {
        const s = start(g, n, seed);
        for (const p of seats(n)) expect(count(s, g, 'hand', p)).toBe(3);
        expect(allHands(s, n).filter((c) => c === 'punishment')).toHaveLength(1);
      }
    });
  }
});

// The `handSize` option is the hand limit (rulebook §7: "The hand limit is three cards"): the opening deal
// follows it too, so "3 × players − 1" becomes handSize × players − 1 (docs/ruleset-format.md uses
// `handSize: 4` as its variant example).
describe('Setup: the handSize option sets the opening hands', () => {
  for (const [n, size] of [[5, 4], [8, 4], [6, 2], [10, 4]] as const) {
    it(`${n} players, handSize ${size}: ${size} cards each, still exactly one Divine Punishment card among them`, () => {
      for (const seed of SEEDS) {
        const s = start(g, n, seed, { handSize: size });
        for (const p of seats(n)) expect(count(s, g, 'hand', p)).toBe(size);
        expect(allHands(s, n).filter((c) => c === 'punishment')).toHaveLength(1);
        // size × n − 1 cards came out of the deck for the hands; the rest (and, from 6 players, the
        // remaining Divine Punishment cards) make the draw deck
        expect(count(s, g, 'deck')).toBe(39 + 5 + 5 + 4 + TABLE[n]!.seals - (size * n - 1) + (TABLE[n]!.punishments - 1));
      }
    });
  }
});

describe('Setup: the draw deck', () => {
  for (const n of [5, 6, 7, 8, 9, 10]) {
    it(`${n} players: instruction 39 + Lightning 5 + Storm 5 + Deliberation 4 + ${TABLE[n]!.seals} Seals (+ ${TABLE[n]!.punishments - 1} Divine Punishment), minus the cards dealt`, () => {
      for (const seed of SEEDS) {
        const s = start(g, n, seed);
        const deck = cardsIn(s, g, 'deck');
        const inPlay = [...deck, ...allHands(s, n)];
        expect(countType(inPlay, 'instruction')).toBe(39);
        expect(countType(inPlay, 'lightning')).toBe(5);
        expect(countType(inPlay, 'storm')).toBe(5);
        expect(countType(inPlay, 'deliberation')).toBe(4);
        expect(countType(inPlay, 'seal')).toBe(TABLE[n]!.seals);
        expect(countType(inPlay, 'punishment')).toBe(TABLE[n]!.punishments);
        expect(countType(inPlay, 'role') + countType(inPlay, 'blueprint') + countType(inPlay, 'block')).toBe(0);
        // 3n − 1 cards were taken from the deck for the hands (plus one Divine Punishment card)
        expect(deck.length).toBe(39 + 5 + 5 + 4 + TABLE[n]!.seals - (3 * n - 1) + (TABLE[n]!.punishments - 1));
        // unused Seal and Divine Punishment cards stay in the box
        const box = cardsIn(s, g, 'box');
        expect(box.filter((c) => c === 'seal')).toHaveLength(9 - TABLE[n]!.seals);
        expect(box.filter((c) => c === 'punishment')).toHaveLength(4 - TABLE[n]!.punishments);
      }
    });
  }

  it('5 players: no Divine Punishment card in the deck', () => {
    for (const seed of SEEDS) {
      const s = start(g, 5, seed);
      expect(cardsIn(s, g, 'deck')).not.toContain('punishment');
    }
  });

  for (const n of [6, 7, 8, 9, 10]) {
    it(`${n} players: the remaining ${TABLE[n]!.punishments - 1} Divine Punishment card(s) are shuffled into the top of the deck`, () => {
      // Rulebook §4.4: take 2 × players cards, add the remaining Divine Punishment cards, shuffle, put
      // back on top — so they lie within the top 2 × players + (table count − 1) cards. The deck's top
      // is the END of the zone array (the next card drawn).
      const k = TABLE[n]!.punishments - 1;
      const positions = new Set<number>();
      for (let seed = 1; seed <= 40; seed++) {
        const s = start(g, n, seed);
        const deck = cardsIn(s, g, 'deck');
        const fromTop = deck.map((c, i) => (c === 'punishment' ? deck.length - i : 0)).filter((d) => d > 0);
        expect(fromTop).toHaveLength(k);
        for (const d of fromTop) expect(d).toBeLessThanOrEqual(2 * n + k);
        fromTop.forEach((d) => positions.add(d));
      }
      // shuffled into that pile, not always at the same place
      expect(positions.size).toBeGreaterThan(3);
    });
  }
});

describe('Setup: field', () => {
  it('one prepared blueprint is shown, never a blank (customizable) one', () => {
    const shown = new Set<string>();
    for (let seed = 1; seed <= 60; seed++) {
      const s = start(g, 5 + (seed % 6), seed);
      const bp = cardsIn(s, g, 'blueprintShown');
      expect(bp).toHaveLength(1);
      expect(bp[0]).toMatch(/^bp-0[1-9]$/);
      expect(g.cards.find((c) => c.id === bp[0])!.fields.blank).toBe(false);
      // the blank slots stay in the box
      expect(cardsIn(s, g, 'box').filter((c) => c.startsWith('bp-custom'))).toHaveLength(3);
      shown.add(bp[0]!);
    }
    expect(shown.size).toBeGreaterThan(3); // the blueprint is shuffled, not fixed
  });

  it('the 25 material blocks start in the supply and the tower is empty', () => {
    const s = start(g, 5, 1);
    expect(count(s, g, 'supply')).toBe(25);
    for (const c of ['A1', 'B1', 'C1', 'A2', 'B2', 'C2', 'A3', 'B3', 'C3']) expect(count(s, g, 'tower', undefined, c)).toBe(0);
  });

  for (const n of [5, 8]) {
    it(`${n} players: a first Master is chosen and asked to appoint`, () => {
      const masters = new Set<number>();
      for (const seed of SEEDS) {
        const s = start(g, n, seed);
        const m = getVar(s, g, 'master');
        expect(m).toBeGreaterThanOrEqual(0);
        expect(m).toBeLessThan(n);
        expect(stepOf(s, g, m)).toBe('round/appoint');
        expect(view(s, g, (m + 1) % n).log).toContain(`Player ${m + 1} is the first Master.`);
        expect(options(s, g, m)).not.toContain(m);
        masters.add(m);
      }
      expect(masters.size).toBeGreaterThan(1); // chosen at random
    });
  }
});
