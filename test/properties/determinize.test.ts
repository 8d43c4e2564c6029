// Bots decide from their own view only.
//  - determinize(s, g, p, rng) keeps every card p sees in place, keeps zone sizes, only permutes the cards
//    hidden from p among the hidden places, redeals the hidden roles from the roles *as dealt at setup*
//    (s.dealtRoles: a later private change of role, such as a conversion to Zealot, must not show
//    through), lets the ruleset's reactions run on the copy (a seat the copy deals a Divine Punishment card
//    turns Zealot there, as the rules say), and does not touch s. A hidden card is redealt only among places of cards with the same
//    back (card type `back`): the back of a face-down card is seen.
//  - greedyChoice gives the same decision, with the same bot seed, in two states that differ only in
//    information hidden from the deciding seat (two hidden cards swapped between other seats' hands, a
//    deck card swapped with another seat's hand card, two hidden seats' roles swapped, a hidden seat
//    privately converted, or every hidden card and role permuted), and determinize itself gives the very
//    same copy in two such states.

import { freshVersions } from '../../engine/memo.js';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Game, State } from '../../engine/model.js';
import type { Value } from '../../engine/expr/types.js';
import { activePlayers, choices, promptOf } from '../../engine/flow.js';
import { cloneState, ownZone } from '../../engine/state.js';
import { seedRng, shuffleInPlace } from '../../engine/rng.js';
import { determinize } from '../../engine/bots/determinize.js';
import { greedyChoice } from '../../engine/bots/greedy.js';
import { ismctsChoice } from '../../engine/bots/ismcts.js';
import { stateHash } from '../../engine/replay.js';
import { babelBuilders, zoneInst } from '../helpers/game.js';
import { conservationProblem, oracleCardVisible, oracleVarVisible, ownerOf, picksArb, playRandom, playersArb, seedArb, zoneIdOf } from './support.js';

const g: Game = babelBuilders();

/** A state in the middle of a random game (null when the game ended first). */
function midGame(players: number, seed: number | string, picks: number[], stop: number): State | null {
  const { s } = playRandom(g, players, seed, picks, { stopAfter: stop });
  return s.ended ? null : s;
}

const midGameArb = fc.record({
  players: playersArb,
  seed: seedArb,
  picks: picksArb,
  stop: fc.nat({ max: 90 }),
});

function roleKnown(s: State, q: number, viewer: number): boolean {
  return q === viewer || s.roleShown[q] === 1 || s.ended !== null;
}

const ARCHITECT = g.roles.findIndex((r) => r.id === 'architect');
const ZEALOT = g.roles.findIndex((r) => r.id === 'zealot');

const PUNISHMENT = g.cards.findIndex((c) => c.id === 'punishment');
/** Whether seat q holds a Divine Punishment card in s. */
function holdsPunishment(s: State, q: number): boolean {
  return s.zones[zoneInst(g, 'hand', q)]!.some((e) => g.entityDef[e] === PUNISHMENT);
}

/** The role each seat was dealt, read from its role card (independent of s.dealtRoles). */
function dealtFromRoleCards(s: State): number[] {
  return Array.from({ length: s.players }, (_, q) => {
    const card = s.zones[zoneInst(g, 'roleCard', q)]!;
    if (card.length !== 1) throw new Error(`seat ${q} holds ${card.length} role cards`);
    return g.roles.findIndex((r) => r.id === g.cards[g.entityDef[card[0]!]!]!.fields.role);
  });
}

/**
 * A copy of s in which hidden seat `q` (an Architect) has privately turned Zealot, or (a Zealot dealt as an
 * Architect) has not: what a conversion changes and nobody else is told. The deal is unchanged.
 */
function privatelyConverted(s: State, q: number): State | null {
  const t = cloneState(s);
  if (s.roles[q] === ARCHITECT) t.roles[q] = ZEALOT;
  else if (s.roles[q] === ZEALOT && s.dealtRoles[q] === ARCHITECT) t.roles[q] = ARCHITECT;
  else return null;
  freshVersions(t);
  return t;
}

/** Entities that some open decision or binding refers to: left in place so the state stays consistent. */
function pinned(s: State): Set<number> {
  const out = new Set<number>();
  const add = (v: unknown) => {
    if (typeof v === 'number') out.add(v);
    else if (Array.isArray(v)) v.forEach(add);
  };
  s.bindings.forEach(add);
  if (s.prompt) add(s.prompt.options);
  for (const t of s.simultaneous?.threads ?? []) { t.bindings.forEach(add); if (t.prompt) add(t.prompt.options); }
  return out;
}

type Variant = 'hands' | 'deck-hand' | 'roles' | 'conversion' | 'vars' | 'all';

/**
 * A copy of s that differs from it only in what `viewer` cannot see, or null when the variant does not
 * apply to this state. `k1`, `k2` pick among the candidates.
 */
/** A copy edited by hand: every part gets a new version, so no value cached for s is reused for it. */
function hiddenVariant(s: State, viewer: number, v: Variant, k1: number, k2: number, permSeed: number): State | null {
  const t = editedVariant(s, viewer, v, k1, k2, permSeed);
  if (t) freshVersions(t);
  return t;
}

function editedVariant(s: State, viewer: number, v: Variant, k1: number, k2: number, permSeed: number): State | null {
  const t = cloneState(s);
  const pin = pinned(s);
  const free = (e: number) => !pin.has(e) && !oracleCardVisible(s, g, e, viewer);
  const swap = (a: number, b: number) => {
    const za = s.loc[a]!, zb = s.loc[b]!;
    const ia = t.zones[za]!.indexOf(a), ib = t.zones[zb]!.indexOf(b);
    ownZone(t, za)[ia] = b; ownZone(t, zb)[ib] = a;
    t.loc[a] = zb; t.loc[b] = za;
  };
  const handCards = (q: number) => s.zones.flatMap((z, zi) => (zoneIdOf(g, zi) === 'hand' && ownerOf(g, zi) === q ? z.filter(free) : []));
  const others = Array.from({ length: s.players }, (_, q) => q).filter((q) => q !== viewer);
  switch (v) {
    case 'hands': {
      const q1 = others[k1 % others.length]!;
      const rest = others.filter((q) => q !== q1);
      const q2 = rest[k2 % rest.length]!;
      const h1 = handCards(q1), h2 = handCards(q2);
      if (!h1.length || !h2.length) return null;
      swap(h1[k1 % h1.length]!, h2[k2 % h2.length]!);
      return t;
    }
    case 'deck-hand': {
      const deck = s.zones.flatMap((z, zi) => (zoneIdOf(g, zi) === 'deck' ? z.filter(free) : []));
      const q = others[k1 % others.length]!;
      const h = handCards(q);
      if (!deck.length || !h.length) return null;
      swap(deck[k2 % deck.length]!, h[k1 % h.length]!);
      return t;
    }
    case 'roles': {
      // two hidden seats exchange what they were dealt and what they are now (another consistent deal)
      const hidden = others.filter((q) => !roleKnown(s, q, viewer));
      const pairs: [number, number][] = [];
      for (const a of hidden) for (const b of hidden) if (a < b && (s.roles[a] !== s.roles[b] || s.dealtRoles[a] !== s.dealtRoles[b])) pairs.push([a, b]);
      if (!pairs.length) return null;
      const [a, b] = pairs[k1 % pairs.length]!;
      t.roles[a] = s.roles[b]!; t.roles[b] = s.roles[a]!;
      t.dealtRoles[a] = s.dealtRoles[b]!; t.dealtRoles[b] = s.dealtRoles[a]!;
      return t;
    }
    case 'conversion': {
      const hidden = others.filter((q) => !roleKnown(s, q, viewer));
      const cands = hidden.map((q) => privatelyConverted(s, q)).filter((x): x is State => x !== null);
      return cands.length ? cands[k1 % cands.length]! : null;
    }
    case 'vars': {
      // change every variable (entry) the viewer may not know
      let changed = false;
      g.vars.forEach((vd, i) => {
        if (vd.perPlayer) {
          const vals = (t.vars[i] as Value[]).slice();
          vals.forEach((x, q) => {
            if (!oracleVarVisible(s, g, vd.id, q, viewer) && typeof x === 'number') { vals[q] = others[(k1 + q) % others.length]!; changed ||= vals[q] !== x; }
          });
          t.vars[i] = vals;
        } else if (!oracleVarVisible(s, g, vd.id, -1, viewer) && typeof t.vars[i] === 'number') {
          t.vars[i] = (t.vars[i] as number) + 1 + (k1 % 3);
          changed = true;
        }
      });
      return changed ? t : null;
    }
    case 'all': {
      const places: [number, number][] = [];
      const ents: number[] = [];
      s.zones.forEach((z, zi) => z.forEach((e, i) => { if (free(e)) { places.push([zi, i]); ents.push(e); } }));
      const r = seedRng(permSeed, 'permute');
      // a face-down card shows its back: permute the hidden cards among the places of cards with the same back
      const backOf = (e: number) => g.cardTypes.find((ct) => ct.id === g.cards[g.entityDef[e]!]!.type)!.back ?? '';
      for (const back of [...new Set(ents.map(backOf))]) {
        const ks = ents.map((e, k) => (backOf(e) === back ? k : -1)).filter((k) => k >= 0);
        const group = ks.map((k) => ents[k]!);
        shuffleInPlace(r, group);
        ks.forEach((k, j) => { const [zi, i] = places[k]!; ownZone(t, zi)[i] = group[j]!; t.loc[group[j]!] = zi; });
      }
      const hidden = others.filter((q) => !roleKnown(s, q, viewer));
      const seats = hidden.slice();
      shuffleInPlace(r, seats);
      hidden.forEach((q, k) => { t.roles[q] = s.roles[seats[k]!]!; t.dealtRoles[q] = s.dealtRoles[seats[k]!]!; });
      return t;
    }
  }
}

const variantArb = fc.record({
  variant: fc.constantFrom<Variant>('hands', 'deck-hand', 'roles', 'conversion', 'vars', 'all'),
  k1: fc.nat(),
  k2: fc.nat(),
  permSeed: fc.integer(),
  botSeed: fc.oneof(fc.integer(), fc.string({ maxLength: 8 })),
});

describe('determinize: a bot plays on a copy built from its own view', () => {
  it('keeps visible cards and zone sizes, permutes only hidden cards and roles, leaves s untouched', () => {
    fc.assert(
      fc.property(midGameArb, fc.integer(), (m, rngSeed) => {
        const s = midGame(m.players, m.seed, m.picks, m.stop);
        fc.pre(s !== null);
        const before = { hash: stateHash(s!), zones: JSON.stringify(s!.zones), loc: Array.from(s!.loc), rng: Array.from(s!.rng) };
        // s.dealtRoles is the deal: the role on each seat's role card
        const dealt = dealtFromRoleCards(s!);
        expect(Array.from(s!.dealtRoles)).toEqual(dealt);
        for (let p = 0; p < s!.players; p++) {
          const d = determinize(s!, g, p, seedRng(rngSeed, `bot:${p}`));
          expect(d.log).toBeNull();
          expect(conservationProblem(d, g)).toBeNull();
          expect(d.zones.map((z) => z.length)).toEqual(s!.zones.map((z) => z.length));
          const hiddenBefore: number[] = [];
          const hiddenAfter: number[] = [];
          s!.zones.forEach((z, zi) => z.forEach((e, i) => {
            const e2 = d.zones[zi]![i]!;
            if (oracleCardVisible(s!, g, e, p)) {
              if (e2 !== e) throw new Error(`seat ${p}: visible card ${e} in ${zoneIdOf(g, zi)} replaced by ${e2}`);
            } else {
              hiddenBefore.push(e);
              hiddenAfter.push(e2);
              if (oracleCardVisible(s!, g, e2, p)) throw new Error(`seat ${p}: a visible card ${e2} moved into hidden place ${zoneIdOf(g, zi)}`);
            }
          }));
          expect(hiddenAfter.slice().sort((a, b) => a - b)).toEqual(hiddenBefore.slice().sort((a, b) => a - b));
          // roles: known ones unchanged (the current role); the hidden ones are a redeal, among the hidden
          // seats, of the roles those seats were dealt at setup (not of their current roles, which a
          // private conversion may have changed), and then the rules hold in the copy: an Architect the copy
          // gives a Divine Punishment card is a Zealot there, and only such a seat
          const hid: number[] = [];
          for (let q = 0; q < s!.players; q++) {
            if (roleKnown(s!, q, p)) expect(d.roles[q]).toBe(s!.roles[q]);
            else hid.push(q);
          }
          expect(hid.map((q) => d.dealtRoles[q]!).sort()).toEqual(hid.map((q) => dealt[q]!).sort());
          for (const q of hid) expect(d.roles[q], `seat ${q + 1} in seat ${p + 1}'s copy`).toBe(d.dealtRoles[q] === ARCHITECT && holdsPunishment(d, q) ? ZEALOT : d.dealtRoles[q]);
          // variables: those p may know are kept, the others are reset to their starting value
          g.vars.forEach((vd, i) => {
            const init = (x: unknown) => JSON.stringify(Array.isArray(x) ? [...x] : x);
            if (vd.perPlayer) {
              (s!.vars[i] as unknown[]).forEach((x, q) => {
                const got = JSON.stringify((d.vars[i] as unknown[])[q]);
                expect(got, `${vd.id}[${q}] for seat ${p}`).toBe(oracleVarVisible(s!, g, vd.id, q, p) ? JSON.stringify(x) : init(vd.initial));
              });
            } else {
              expect(JSON.stringify(d.vars[i]), `${vd.id} for seat ${p}`).toBe(oracleVarVisible(s!, g, vd.id, -1, p) ? JSON.stringify(s!.vars[i]) : init(vd.initial));
            }
          });
          // the rest of the state is the same
          expect(d.shown).toEqual(s!.shown);
          expect(d.roleShown).toEqual(s!.roleShown);
          expect(d.stack).toEqual(s!.stack);
          // another seat's open decision is worked out again from the copy's cards (its real options may be cards
          // hidden from p); p's own is kept as it is
          if (s!.prompt && s!.prompt.player !== p) expect({ key: d.prompt?.key, player: d.prompt?.player }).toEqual({ key: s!.prompt.key, player: s!.prompt.player });
          else expect(d.prompt).toEqual(s!.prompt);
          expect(d.actions).toBe(s!.actions);
          // the game's future draws are replaced
          expect(Array.from(d.rng)).not.toEqual(Array.from(s!.rng));
        }
        expect(stateHash(s!)).toBe(before.hash);
        expect(JSON.stringify(s!.zones)).toBe(before.zones);
        expect(Array.from(s!.loc)).toEqual(before.loc);
        expect(Array.from(s!.rng)).toEqual(before.rng);
      }),
      { numRuns: 60 },
    );
  });

  it('greedy decides the same when only information hidden from it differs', () => {
    let compared = 0;
    fc.assert(
      fc.property(midGameArb, variantArb, (m, v) => {
        const s = midGame(m.players, m.seed, m.picks, m.stop);
        fc.pre(s !== null);
        const p = Math.min(...activePlayers(s!));
        const t = hiddenVariant(s!, p, v.variant, v.k1, v.k2, v.permSeed);
        fc.pre(t !== null);
        expect(conservationProblem(t!, g)).toBeNull();
        const pa = promptOf(s!, p)!;
        const pb = promptOf(t!, p)!;
        const a = greedyChoice(s!, g, pa, seedRng(v.botSeed, `bot:${p}`));
        const b = greedyChoice(t!, g, pb, seedRng(v.botSeed, `bot:${p}`));
        expect(choices(pa).map((c) => JSON.stringify(c))).toContain(JSON.stringify(a));
        expect(b, `seat ${p} at ${g.promptSteps[pa.key]!.path} (${v.variant})`).toEqual(a);
        compared++;
      }),
      { numRuns: 250 },
    );
    expect(compared).toBeGreaterThan(100);
  });

  it('ISMCTS decides the same when only information hidden from it differs', () => {
    let compared = 0;
    fc.assert(
      fc.property(midGameArb, variantArb, (m, v) => {
        const s = midGame(m.players, m.seed, m.picks, m.stop);
        fc.pre(s !== null);
        const p = Math.min(...activePlayers(s!));
        const t = hiddenVariant(s!, p, v.variant, v.k1, v.k2, v.permSeed);
        fc.pre(t !== null);
        const pa = promptOf(s!, p)!;
        const pb = promptOf(t!, p)!;
        const a = ismctsChoice(s!, g, pa, seedRng(v.botSeed, `bot:${p}`), 12);
        const b = ismctsChoice(t!, g, pb, seedRng(v.botSeed, `bot:${p}`), 12);
        expect(choices(pa).map((c) => JSON.stringify(c))).toContain(JSON.stringify(a));
        expect(b, `seat ${p} at ${g.promptSteps[pa.key]!.path} (${v.variant})`).toEqual(a);
        compared++;
      }),
      { numRuns: 80 },
    );
    expect(compared).toBeGreaterThan(30);
  });

  // Regression for a (fixed) issue in engine/bots/determinize.ts: the header comment promises that the
  // determinized copy "is a function of the bot's view and its own randomness only", but `determinize`
  // used to collect the hidden cards (and hidden roles) in the order they *really* lie and shuffle that
  // list with the bot's stream, so with the same bot seed two states that differ only in hidden
  // information gave different copies (the real arrangement, composed with the same permutation). It now
  // sorts them into a canonical order before shuffling.
  it('determinize gives the same copy for states that differ only in hidden information', () => {
    let compared = 0;
    fc.assert(
      fc.property(midGameArb, variantArb, (m, v) => {
        const s = midGame(m.players, m.seed, m.picks, m.stop);
        fc.pre(s !== null);
        const p = Math.min(...activePlayers(s!));
        const t = hiddenVariant(s!, p, v.variant, v.k1, v.k2, v.permSeed);
        fc.pre(t !== null);
        const a = determinize(s!, g, p, seedRng(v.botSeed, 'bot'));
        const b = determinize(t!, g, p, seedRng(v.botSeed, 'bot'));
        expect(JSON.stringify(b.zones)).toBe(JSON.stringify(a.zones));
        expect(Array.from(b.roles)).toEqual(Array.from(a.roles));
        compared++;
      }),
      { numRuns: 100, endOnFailure: true },
    );
    expect(compared).toBeGreaterThan(40);
  });

  // The fix for the determinize review finding: the hidden roles used to be redealt from the seats'
  // *current* roles, so once an Architect had privately turned Zealot (a Divine Punishment card reached
  // their hand: the Master's take, a refill, the initial deal), every other bot's copy held one Zealot
  // more and one Architect fewer, which the real hidden state alone decided. The copy now redeals the
  // roles as dealt at setup (public as a multiset), so a private conversion changes nothing in it.
  it('determinize gives the same copy whether or not a hidden seat has privately turned Zealot', () => {
    let compared = 0;
    let converted = 0; // comparisons where the real state held a converted hidden seat
    fc.assert(
      fc.property(midGameArb, fc.nat(), fc.oneof(fc.integer(), fc.string({ maxLength: 8 })), (m, k, botSeed) => {
        const s = midGame(m.players, m.seed, m.picks, m.stop);
        fc.pre(s !== null);
        for (let p = 0; p < s!.players; p++) {
          const hidden = Array.from({ length: s!.players }, (_, q) => q).filter((q) => !roleKnown(s!, q, p));
          const cands = hidden.filter((q) => privatelyConverted(s!, q) !== null);
          if (!cands.length) continue;
          const q = cands[k % cands.length]!;
          const t = privatelyConverted(s!, q)!;
          expect(t.roles[q]).not.toBe(s!.roles[q]);
          expect(Array.from(t.dealtRoles)).toEqual(Array.from(s!.dealtRoles));
          const a = determinize(s!, g, p, seedRng(botSeed, `bot:${p}`));
          const b = determinize(t, g, p, seedRng(botSeed, `bot:${p}`));
          expect(Array.from(b.roles), `seat ${p}, seat ${q} converted`).toEqual(Array.from(a.roles));
          expect(JSON.stringify(b.zones)).toBe(JSON.stringify(a.zones));
          expect(JSON.stringify(b.vars)).toBe(JSON.stringify(a.vars));
          compared++;
          if (s!.roles[q] !== s!.dealtRoles[q]) converted++;
        }
      }),
      { numRuns: 60 },
    );
    expect(compared).toBeGreaterThan(100);
    expect(converted).toBeGreaterThan(0);
  });

  // Regression: the copy's dealtRoles once kept the real deal of the hidden seats (the Messenger's seat
  // included); the copy now records its own redeal there.
  it('determinize does not carry the real deal of hidden seats into the copy (dealtRoles)', () => {
    fc.assert(
      fc.property(midGameArb, fc.nat(), fc.integer(), (m, k, botSeed) => {
        const s = midGame(m.players, m.seed, m.picks, m.stop);
        fc.pre(s !== null);
        const p = Math.min(...activePlayers(s!));
        const t = hiddenVariant(s!, p, 'roles', k, 0, 0);
        fc.pre(t !== null && Array.from(t.dealtRoles).join() !== Array.from(s!.dealtRoles).join());
        const a = determinize(s!, g, p, seedRng(botSeed, 'bot'));
        const b = determinize(t!, g, p, seedRng(botSeed, 'bot'));
        expect(Array.from(b.dealtRoles)).toEqual(Array.from(a.dealtRoles));
      }),
      { numRuns: 40 },
    );
  });
});
