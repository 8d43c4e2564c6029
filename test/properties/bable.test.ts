// Bable properties under random legal play (basic and advanced game, 2–5 players): every game ends with a
// real ending; every card stays in exactly one place and in the places its kind may be; views and logs never
// show another player's word cards (a revealed one goes back into the hand hidden) or face-down buildings,
// and never tell which card left a hand face down; the greedy bot's determinized
// copy depends only on what its seat sees and keeps what is public (card backs, the kind of card in a hand
// or a face-down supply).

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Game, LogEntry, State } from '../../engine/model.js';
import { inMask } from '../../engine/visibility.js';
import { activePlayers, promptOf } from '../../engine/flow.js';
import { cloneState, instances, ownZone } from '../../engine/state.js';
import { view, renderLog } from '../../engine/view.js';
import { seedRng } from '../../engine/rng.js';
import { determinize } from '../../engine/bots/determinize.js';
import { greedyChoice } from '../../engine/bots/greedy.js';
import { bable, bableAdvanced } from '../rules/bable-setup.js';
import { zoneInst } from '../helpers/game.js';
import { conservationProblem, ownerOf, picksArb, playRandom, seedArb, zoneIdOf } from './support.js';

const playersArb = fc.integer({ min: 2, max: 5 });
const gameArb = fc.boolean().map((adv) => (adv ? bableAdvanced() : bable()));

const typeOf = (g: Game, e: number) => g.cards[g.entityDef[e]!]!.type;
const idOf = (g: Game, e: number) => g.cards[g.entityDef[e]!]!.id;

/** Where each kind of card may lie (from the rules). */
const PLACES: Record<string, string[]> = {
  resource: ['box', 'resourceDeck', 'resourceDiscard', 'resources'],
  building: ['box', 'buildingPile', 'buildingsDown', 'buildingsUp', 'ideas', 'tower'],
  word: ['box', 'wordPile', 'hand', 'wordDiscard', 'ideas'],
  confusion: ['box', 'confusionDeck', 'confusionShown', 'confusionDiscard'],
};
const LAYER_SIZE: Record<string, number> = { L1: 4, L2: 3, L3: 2, L4: 1 };

function placeProblems(s: State, g: Game): string[] {
  const out: string[] = [];
  for (let e = 0; e < s.loc.length; e++) {
    const z = zoneIdOf(g, s.loc[e]!);
    if (!PLACES[typeOf(g, e)]!.includes(z)) out.push(`${idOf(g, e)} lies in ${z}`);
  }
  for (let z = 0; z < s.zones.length; z++) {
    const id = zoneIdOf(g, z);
    if (id === 'hand') {
      const cmds = s.zones[z]!.map((e) => g.columns.get('command')![e]);
      if (new Set(cmds).size !== cmds.length) out.push(`hand of seat ${ownerOf(g, z)} holds two cards of one symbol: ${cmds}`);
      if (cmds.length > 4) out.push(`hand of seat ${ownerOf(g, z)} holds ${cmds.length} cards`);
    }
    if (id === 'resources' && !s.ended && !s.prompt && s.zones[z]!.length > 7) out.push(`supply of seat ${ownerOf(g, z)} holds ${s.zones[z]!.length} resources`);
  }
  for (const cell of Object.keys(LAYER_SIZE)) {
    const n = s.zones[zoneInst(g, 'tower', undefined, cell)]!.length;
    if (n > LAYER_SIZE[cell]!) out.push(`layer ${cell} holds ${n}`);
  }
  return out;
}

describe('random play (Bable)', () => {
  it('always ends with a real ending, cards conserved and in their places after every action', () => {
    const endings = new Set<string>();
    fc.assert(
      fc.property(gameArb, playersArb, seedArb, picksArb, (g, players, seed, picks) => {
        const check = (s: State, when: string) => {
          const p = conservationProblem(s, g);
          if (p) throw new Error(`${when}: ${p}`);
          const q = placeProblems(s, g);
          if (q.length) throw new Error(`${when}: ${q.join('; ')}`);
          // 36 resources, 16 buildings, 45 word cards, 9 Confusion cards: always all of them
          const kinds: Record<string, number> = {};
          for (let e = 0; e < s.loc.length; e++) kinds[typeOf(g, e)] = (kinds[typeOf(g, e)] ?? 0) + 1;
          expect(kinds).toEqual({ resource: 36, building: 16, word: 45, confusion: 9 });
        };
        const r = playRandom(g, players, seed, picks, { atStart: (s) => check(s, 'setup'), after: (s, a) => check(s, `after ${JSON.stringify(a.action)}`) });
        expect(r.s.ended).not.toBeNull();
        expect(r.s.ended!.truncated, r.s.ended!.message).toBe(false);
        expect(['tower-complete', 'tower-fell']).toContain(r.s.ended!.ending);
        expect(r.s.ended!.winner).toBe(r.s.ended!.ending === 'tower-complete' ? 'builders' : 'none');
        endings.add(r.s.ended!.ending!);
      }),
      { numRuns: 100 },
    );
    expect(endings.has('tower-fell')).toBe(true);
  });

  it('setup: 3 resources and 1 face-down building per supply, 4 words per hand, idea decks by the table', () => {
    for (const players of [2, 3, 4, 5]) {
      const g = bable();
      const s = playRandom(g, players, players, [0], { stopAfter: 0 }).s;
      const v = view(s, g, 0).zones as any;
      for (let p = 0; p < players; p++) {
        expect(v.resources[p].count).toBe(3);
        expect(v.buildingsDown[p].count).toBe(1);
        expect(v.hand[p].count).toBe(4);
      }
      const deck1 = { 2: 13, 3: 13, 4: 13, 5: 14 }[players]!;
      expect([v.ideas.L1.count, v.ideas.L2.count, v.ideas.L3.count, v.ideas.L4.count]).toEqual([deck1, 7, 4, 2]);
      expect(v.resourceDeck.count).toBe(36 - 3 * players);
    }
  });
});

// ---------------------------------------------------------------------------------------------------
// What a seat may see: other hands never (a word card revealed is taken back hidden), face-down buildings
// only when flipped (they move to buildingsUp); decks and the word discard never.

const NEVER = new Set(['resourceDeck', 'wordPile', 'buildingPile', 'wordDiscard', 'ideas', 'confusionDeck']);
const OWNER = new Set(['hand', 'buildingsDown']);

function leaks(s: State, g: Game, v: number): string[] {
  const out: string[] = [];
  const vw = view(s, g, v);
  for (const z of g.zones) {
    const val = vw.zones[z.id] as any;
    const list: { zv: any; owner: number; where: string }[] = [];
    if (z.perPlayer) (val as any[]).forEach((zv, q) => list.push({ zv, owner: q, where: `${z.id} of seat ${q}` }));
    else if (z.cells) for (const c of z.cells) list.push({ zv: val[c], owner: -1, where: `${z.id} ${c}` });
    else list.push({ zv: val, owner: -1, where: z.id });
    for (const { zv, owner, where } of list) {
      const hidden = NEVER.has(z.id) || (OWNER.has(z.id) && owner !== v);
      if (!hidden || !zv.cards) continue;
      for (const c of zv.cards) if (c !== null) out.push(`seat ${v} sees ${c.id} in ${where}`);
    }
  }
  if (vw.prompt && vw.prompt.choose === 'cards') {
    for (const o of vw.prompt.options as any[]) {
      if (o === null) continue;
      const z = zoneIdOf(g, s.loc[o.e]!);
      if (OWNER.has(z) && ownerOf(g, s.loc[o.e]!) !== v) out.push(`seat ${v}'s prompt shows ${o.id} of another hand`);
    }
  }
  return out;
}

describe('views and logs do not leak word cards in hand or face-down buildings (Bable)', () => {
  it('after every action, no seat sees a hidden card it may not see (nor a revealed word card, back in its hand)', () => {
    let remembered = 0;
    fc.assert(
      fc.property(gameArb, playersArb, seedArb, picksArb, (g, players, seed, picks) => {
        playRandom(g, players, seed, picks, {
          log: true,
          after: (s) => {
            for (let v = 0; v < s.players; v++) {
              const l = leaks(s, g, v);
              if (l.length) throw new Error(l.join('\n'));
            }
            // word cards were revealed (and are remembered), yet none of them shows in another seat's view
            const memory = view(s, g, 0).vars.knownWords as number[][];
            for (let q = 1; q < s.players; q++) remembered += memory[q]!.length;
          },
        });
      }),
      { numRuns: 40 },
    );
    expect(remembered).toBeGreaterThan(0);
  });

  // The log is in the game's words (its moves are quiet), so these checks follow the cards in the state: for
  // every action, the cards that left a hand face down or arrived face down in another seat's hand or supply,
  // and the lines that action wrote, as each other seat reads them. No such line may name the card.
  const hiddenMoves = (g: Game, pre: State, s: State) => {
    const ins = instances(g);
    const zid = (inst: number) => g.zones[ins.zone[inst]!]!.id;
    const out: { e: number; owner: number; kind: 'left' | 'arrived' }[] = [];
    for (let e = 0; e < s.loc.length; e++) {
      const from = pre.loc[e]!, to = s.loc[e]!;
      if (from === to) continue;
      if (zid(from) === 'hand' && zid(to) === 'wordDiscard' && !pre.shown[e]) out.push({ e, owner: ins.owner[from]!, kind: 'left' });
      if ((zid(to) === 'hand' || zid(to) === 'buildingsDown') && ['ideas', 'wordPile', 'wordDiscard', 'buildingPile'].includes(zid(from))) out.push({ e, owner: ins.owner[to]!, kind: 'arrived' });
    }
    return out;
  };
  const nameOf = (g: Game, e: number) => g.cards[g.entityDef[e]!]!.name;
  // the cards the action's own lines showed a seat (a word revealed, then replaced in the same action)
  const shownIn = (entries: LogEntry[], v: number) => {
    const out = new Set<number>();
    const add = (en: LogEntry) => en.holes?.forEach((h, i) => {
      if (h.t !== 'card' && h.t !== 'cards') return;
      // each card's own mask (judged at the end of the step), else the hole's
      (h.t === 'card' ? [h.v as number] : (h.v as number[])).forEach((c, k) => {
        const m = h.seen?.[k] ?? en.seen?.[i];
        if (c >= 0 && m !== undefined && inMask(m, v)) out.add(c);
      });
    });
    for (const en of entries) { add(en); if (en.say) add(en.say); }
    return out;
  };
  // the card itself, or one of the same name, shown to the seat by the action's own lines (a word revealed
  // then replaced; word texts repeat across colours: a seat's own Bamo beside another's) makes a mention of
  // the name no leak
  const sameNameShown = (g: Game, entries: LogEntry[], v: number, e: number) => [...shownIn(entries, v)].some((c) => nameOf(g, c) === nameOf(g, e));

  it('no log line tells another seat which word card left a hand face down (replaced, drifted, forgotten)', () => {
    const checked = { left: 0, forget: 0 };
    fc.assert(
      fc.property(gameArb, playersArb, seedArb, picksArb, (g, players, seed, picks) => {
        playRandom(g, players, seed, picks, {
          log: true,
          pre: true,
          after: (s, a) => {
            const entries = s.log!.slice(a.logFrom);
            if (entries.some((en) => en.kind === 'choice' && en.step === 'turn/actions/forget')) checked.forget++;
            for (const m of hiddenMoves(g, a.pre!, s)) {
              if (m.kind !== 'left') continue;
              for (let v = 0; v < s.players; v++) {
                if (v === m.owner || sameNameShown(g, entries, v, m.e)) continue;
                for (const line of renderLog(entries, s, g, v)) expect(line, `seat ${v}`).not.toContain(nameOf(g, m.e));
                checked.left++;
              }
            }
          },
        });
      }),
      { numRuns: 60 },
    );
    // the check ran on real departures, Confusion's forgetting included
    expect(checked.left).toBeGreaterThan(100);
    expect(checked.forget).toBeGreaterThan(0);
  });

  it('the leak check itself flags a hand shown to everyone (guard against a vacuous pass)', () => {
    const g = bable();
    const s = playRandom(g, 3, 1, [0], { stopAfter: 5 }).s;
    expect(leaks(s, g, 0)).toEqual([]);
    const leaky: Game = { ...g, zones: g.zones.map((z) => (z.id === 'hand' || z.id === 'buildingsDown' ? { ...z, visibility: { kind: 'public' as const } } : z)) };
    const found = leaks(s, leaky, 0);
    expect(found.some((l) => l.includes('hand of seat 1'))).toBe(true);
    expect(found.some((l) => l.includes('buildingsDown of seat 2'))).toBe(true);
  });

  it('no log line names a card arriving face down in another seat\'s hand or supply', () => {
    let checked = 0;
    fc.assert(
      fc.property(gameArb, playersArb, seedArb, picksArb, (g, players, seed, picks) => {
        playRandom(g, players, seed, picks, {
          log: true,
          pre: true,
          atStart: (s) => {
            // the setup: every hand and face-down building, read by every other seat
            for (let q = 0; q < s.players; q++) for (const e of [...s.zones[zoneInst(g, 'hand', q)]!, ...s.zones[zoneInst(g, 'buildingsDown', q)]!]) {
              for (let v = 0; v < s.players; v++) {
                if (v === q) continue;
                const mentions = renderLog(s.log!, s, g, v).filter((l) => l.includes(nameOf(g, e)));
                // a starting word is in every hand: only the cards of the pile are secret
                if (idOf(g, e).startsWith('start')) continue;
                expect(mentions, `seat ${v}`).toEqual([]);
                checked++;
              }
            }
          },
          after: (s, a) => {
            const entries = s.log!.slice(a.logFrom);
            for (const m of hiddenMoves(g, a.pre!, s)) {
              if (m.kind !== 'arrived') continue;
              for (let v = 0; v < s.players; v++) {
                if (v === m.owner || sameNameShown(g, entries, v, m.e)) continue;
                for (const line of renderLog(entries, s, g, v)) expect(line, `seat ${v}`).not.toContain(nameOf(g, m.e));
                checked++;
              }
            }
          },
        });
      }),
      { numRuns: 40 },
    );
    expect(checked).toBeGreaterThan(100);
  });
});

// ---------------------------------------------------------------------------------------------------
// Bots: the determinized copy depends only on the bot's view; it keeps the kind of card in hands and in
// face-down supplies, and the card backs everywhere.

function midGame(g: Game, players: number, seed: number | string, picks: number[], stop: number): State | null {
  const { s } = playRandom(g, players, seed, picks, { stopAfter: stop });
  return s.ended ? null : s;
}

/** Two hidden cards of one kind exchanged between other seats' hands (or face-down supplies). */
function swapHidden(s: State, g: Game, viewer: number, zone: string, k1: number, k2: number): State | null {
  const cands: number[] = [];
  for (let z = 0; z < s.zones.length; z++) {
    if (zoneIdOf(g, z) !== zone || ownerOf(g, z) === viewer) continue;
    for (const e of s.zones[z]!) if (!s.shown[e]) cands.push(e);
  }
  const pinned = new Set<number>();
  const add = (x: unknown) => { if (typeof x === 'number') pinned.add(x); else if (Array.isArray(x)) x.forEach(add); };
  s.bindings.forEach(add);
  if (s.prompt) add(s.prompt.options);
  const free = cands.filter((e) => !pinned.has(e));
  const a = free[k1 % Math.max(1, free.length)];
  const others = free.filter((e) => e !== a && s.loc[e] !== s.loc[a!]);
  const b = others[k2 % Math.max(1, others.length)];
  if (a === undefined || b === undefined) return null;
  const t = cloneState(s);
  const za = s.loc[a]!, zb = s.loc[b]!;
  ownZone(t, za)[t.zones[za]!.indexOf(a)] = b;
  ownZone(t, zb)[t.zones[zb]!.indexOf(b)] = a;
  t.loc[a] = zb; t.loc[b] = za;
  return t;
}

describe('bots decide from their own view (Bable)', () => {
  it('the determinized copy keeps card kinds in hands and face-down supplies, and every card back in place', () => {
    fc.assert(
      fc.property(gameArb, playersArb, seedArb, picksArb, fc.nat({ max: 60 }), fc.string(), (g, players, seed, picks, stop, bot) => {
        const s = midGame(g, players, seed, picks, stop);
        fc.pre(s !== null);
        const p = Math.min(...activePlayers(s!));
        const d = determinize(s!, g, p, seedRng(bot, 'bot'));
        expect(conservationProblem(d, g)).toBeNull();
        const back = (e: number) => g.cardTypes.find((t) => t.id === typeOf(g, e))!.back;
        for (let z = 0; z < s!.zones.length; z++) {
          const id = zoneIdOf(g, z);
          s!.zones[z]!.forEach((e, i) => {
            const c = d.zones[z]![i]!;
            expect(back(c), `${id}[${i}]`).toBe(back(e));
            if (id === 'hand' || id === 'buildingsDown' || id === 'wordDiscard') expect(typeOf(g, c)).toBe(typeOf(g, e));
            if (s!.shown[e] || id === 'resources' || id === 'buildingsUp' || id === 'tower' || (OWNER.has(id) && ownerOf(g, z) === p)) expect(c).toBe(e);
          });
        }
      }),
      { numRuns: 80 },
    );
  });

  it('the copy and the greedy choice are the same when two hidden cards of other seats are exchanged', () => {
    let compared = 0;
    fc.assert(
      fc.property(gameArb, playersArb, seedArb, picksArb, fc.nat({ max: 60 }), fc.constantFrom('hand', 'buildingsDown'), fc.nat(), fc.nat(), fc.string(),
        (g, players, seed, picks, stop, zone, k1, k2, bot) => {
          const s = midGame(g, players, seed, picks, stop);
          fc.pre(s !== null);
          const p = Math.min(...activePlayers(s!));
          const t = swapHidden(s!, g, p, zone, k1, k2);
          fc.pre(t !== null);
          expect(JSON.stringify(determinize(t!, g, p, seedRng(bot, 'bot')).zones)).toBe(JSON.stringify(determinize(s!, g, p, seedRng(bot, 'bot')).zones));
          const a = greedyChoice(s!, g, promptOf(s!, p)!, seedRng(bot, `bot:${p}`));
          const b = greedyChoice(t!, g, promptOf(t!, p)!, seedRng(bot, `bot:${p}`));
          expect(b).toEqual(a);
          compared++;
        }),
      { numRuns: 80 },
    );
    expect(compared).toBeGreaterThan(20);
  });
});
