// Scenario helpers for the 7 Wonders rules tests: seat the players at a table arranged as a scenario wants
// (whose wonder on which side, which Age, who holds which cards, what each city has built, coins, the
// discard pile), then play turns through the Match like the players at the table: each picks a card and
// what to do with it, then how to pay.

import { freshVersions } from '../../engine/memo.js';
import { evaluate, Match, type Action, type Game, type State } from '../../engine/index.js';
import { advance } from '../../engine/flow.js';
import type { Value } from '../../engine/expr/types.js';
import { moveEntities } from '../../engine/state.js';
import { entitiesOf, loadGame, rulesetPath, zoneInst } from '../helpers/game.js';

let cached: Game | null = null;
export function sevenWonders(): Game {
  return (cached ??= loadGame(rulesetPath('7-wonders.yaml')));
}

export type Side = 'A' | 'B';
export const WONDERS = ['alexandria', 'babylon', 'ephesos', 'gizah', 'halikarnassus', 'olympia', 'rhodos'] as const;
export type Wonder = (typeof WONDERS)[number];

export interface Table {
  players: number;
  seed?: number;
  /** each seat's wonder (default: the first ones of WONDERS in seat order, so no scenario depends on the deal) */
  wonders?: Wonder[];
  /** the side for everyone, or per seat (default A) */
  side?: Side | Side[];
  /** wonder stages already built per seat */
  stages?: Record<number, number>;
  age?: 1 | 2 | 3;
  /** exact hand per seat (card ids, e.g. 'lumber-yard-3'); seats not listed get as many cards as the first
   *  listed hand (7 when none is), from the rest of the Age's deal */
  hands?: Record<number, string[]>;
  /** structures already built per seat */
  cities?: Record<number, string[]>;
  /** coins per seat (default: what the game gave, 3) */
  coins?: Record<number, number>;
  /** Defeat tokens per seat */
  defeats?: Record<number, number>;
  discard?: string[];
}

/** The entity number of a card by its id (every card entry of the ruleset is one printed copy). */
export function entity(g: Game, id: string): number {
  const es = entitiesOf(g, id);
  if (es.length !== 1) throw new Error(`card '${id}' has ${es.length} copies`);
  return es[0]!;
}

export const idOf = (g: Game, e: number): string => g.cards[g.entityDef[e]!]!.id;
export const nameOf = (g: Game, e: number): string => g.cards[g.entityDef[e]!]!.name;

/** Card ids in a zone (bottom to top). */
export function ids(m: Match, zone: string, seat?: number): string[] {
  return m.state.zones[zoneInst(m.game, zone, seat)]!.map((e) => idOf(m.game, e));
}

export function ev(m: Match, expr: string): any {
  return evaluate(m.game, m.state, expr);
}

export const coins = (m: Match, seat: number): number => ev(m, `coins[player(${seat + 1})]`);
export const allCoins = (m: Match): number[] => Array.from({ length: m.state.players }, (_, p) => coins(m, p));
export const score = (m: Match, seat: number, category?: string): number =>
  ev(m, category ? `score(player(${seat + 1}), '${category}')` : `score(player(${seat + 1}))`);

function varIndex(g: Game, name: string): number {
  const i = g.vars.findIndex((v) => v.id === name);
  if (i < 0) throw new Error(`no variable '${name}'`);
  return i;
}

export function setVar(m: Match, name: string, value: Value, seat?: number): void {
  const i = varIndex(m.game, name);
  if (seat === undefined) m.state.vars[i] = value;
  else (m.state.vars[i] as Value[])[seat] = value;
  freshVersions(m.state);
}

export function getVar(m: Match, name: string, seat?: number): any {
  const v = m.state.vars[varIndex(m.game, name)];
  return seat === undefined ? v : (v as unknown[])[seat];
}

function moveAll(s: State, g: Game, from: number, to: number): void {
  moveEntities(s, g, s.zones[from]!.slice(), to);
}

/** Seat a table as described, then open the turn's decisions (the turn loop of the current Age, restarted). */
export function table(t: Table, g: Game = sevenWonders()): Match {
  const side = t.side ?? 'A';
  const m = Match.start(g, { players: t.players, seed: t.seed ?? 1, options: { side: typeof side === 'string' ? side : 'A' } });
  const s = m.state;
  const n = t.players;
  const z = (id: string, p?: number) => zoneInst(g, id, p);
  const box = z('box');
  const placed = new Set<number>();
  const put = (id: string, to: number) => {
    const e = entity(g, id);
    if (placed.has(e)) throw new Error(`card '${id}' placed twice`);
    placed.add(e);
    moveEntities(s, g, [e], to);
  };

  // wonders: every seat's wonder card, board and stages back in the box, then the ones asked for
  const wonders = t.wonders ?? WONDERS.slice(0, n);
  if (wonders.length !== n) throw new Error('one wonder per seat');
  for (let p = 0; p < n; p++) {
    moveAll(s, g, z('wonder', p), z('wonderPool'));
    for (const k of ['board', 'stages', 'built', 'tucked']) moveAll(s, g, z(k, p), box);
  }
  for (let p = 0; p < n; p++) {
    const w = wonders[p]!;
    const sd = typeof side === 'string' ? side : side[p]!;
    put(w, z('wonder', p));
    put(`${w}-${sd.toLowerCase()}`, z('board', p));
    const stages = g.cards.filter((c) => c.type === 'stage' && c.fields.wonder === w && c.fields.side === sd)
      .sort((a, b) => (a.fields.stage as number) - (b.fields.stage as number));
    for (const c of stages) put(c.id, z('stages', p));
    for (let k = 0; k < (t.stages?.[p] ?? 0); k++) moveEntities(s, g, [s.zones[z('stages', p)]![0]!], z('built', p));
    setVar(m, 'boardSide', sd, p);
  }

  if (t.age) setVar(m, 'age', t.age);
  // hands: the dealt ones set aside (in the Age's deck), then the exact hands asked for
  const deck = z('ageDeck');
  for (let p = 0; p < n; p++) moveAll(s, g, z('hand', p), deck);
  const handSize = t.hands ? Object.values(t.hands)[0]?.length ?? 7 : 7;
  for (let p = 0; p < n; p++) {
    const hand = t.hands?.[p];
    if (hand) for (const id of hand) put(id, z('hand', p));
  }
  for (const [p, cards] of Object.entries(t.cities ?? {})) for (const id of cards) put(id, z('city', Number(p)));
  for (const id of t.discard ?? []) put(id, z('discard'));
  for (let p = 0; p < n; p++) {
    if (t.hands?.[p]) continue;
    // the rest of the Age's deal first, then unused cards of the box
    const spare = [...s.zones[deck]!, ...s.zones[box]!.filter((e) => g.cards[g.entityDef[e]!]!.type === 'structure')];
    const free = spare.filter((e) => !placed.has(e)).slice(0, handSize);
    if (free.length < handSize) throw new Error(`not enough cards left for seat ${p + 1}'s hand`);
    for (const e of free) { placed.add(e); moveEntities(s, g, [e], z('hand', p)); }
  }
  for (const [p, c] of Object.entries(t.coins ?? {})) setVar(m, 'coins', c, Number(p));
  for (const [p, d] of Object.entries(t.defeats ?? {})) setVar(m, 'defeats', d, Number(p));
  setVar(m, 'takers', Array.from({ length: n }, (_, p) => p));
  reopenTurns(m);
  return m;
}

/** Restart the current Age's turn loop (after arranging the table by hand): everyone is asked again. */
export function reopenTurns(m: Match): void {
  const g = m.game, s = m.state;
  const phase = g.phases.findIndex((p) => p.id === 'ages');
  const body = g.lists[g.phases[phase]!.body]!;
  const i = body.steps.findIndex((st) => st.path === 'ages/turns');
  if (i < 0) throw new Error('no ages/turns step');
  s.prompt = null;
  s.simultaneous = null;
  s.ended = null;
  s.stack = [{ list: g.phases[phase]!.body, i, phase }];
  advance(s, g);
}

/** Deal an Age afresh as the rules do at its start (the hands so far go to the discard pile). */
export function dealAge(m: Match, age: 1 | 2 | 3): void {
  const g = m.game, s = m.state;
  for (let p = 0; p < s.players; p++) moveAll(s, g, zoneInst(g, 'hand', p), zoneInst(g, 'discard'));
  setVar(m, 'age', age);
  const phase = g.phases.findIndex((p) => p.id === 'ages');
  s.prompt = null;
  s.simultaneous = null;
  s.stack = [{ list: g.phases[phase]!.body, i: 0, phase }];
  advance(s, g);
}

// ---- playing -------------------------------------------------------------------------------------------

export interface Play { card: string; act: string; label: string }

/** What a seat may do this turn: every card of the hand with each action the rules allow. */
export function plays(m: Match, seat: number): Play[] {
  const v = m.view(seat);
  if (!v.prompt || v.prompt.step !== 'ages/turns/choose/play') return [];
  return v.prompt.options.map((o: any, i: number) => ({ card: idOf(m.game, o.card), act: o.act, label: v.prompt!.labels![i]! }));
}

/** The acts offered for one card. */
export const actsFor = (m: Match, seat: number, card: string): string[] => plays(m, seat).filter((p) => p.card === card).map((p) => p.act);

export interface Plan { pay: [number, number]; total: number; label: string }

/** The payment plans offered to a seat (after choosing a build or a stage): coins to the left and right. */
export function plans(m: Match, seat: number): Plan[] {
  const v = m.view(seat);
  if (!v.prompt || v.prompt.step !== 'ages/turns/choose/payment') return [];
  return v.prompt.options.map((o: any, i: number) => ({ pay: [o.pay[0], o.pay[1]], total: o.total, label: v.prompt!.labels![i]! }));
}

export function choose(m: Match, seat: number, card: string, act: string): void {
  const d = m.decision(seat);
  if (!d) throw new Error(`seat ${seat + 1} has no decision open`);
  const opt = d.options.find((o: any) => o && idOf(m.game, o.card) === card && o.act === act);
  if (!opt) throw new Error(`seat ${seat + 1} cannot ${act} ${card}: ${plays(m, seat).map((p) => `${p.act} ${p.card}`).join(', ')}`);
  m.act({ player: seat, step: 'ages/turns/choose/play', choice: [opt] } as Action);
}

/** Choose a payment plan by the coins it pays [left, right]. */
export function pay(m: Match, seat: number, vector: [number, number]): void {
  const d = m.decision(seat);
  // a city that pays alone is asked nothing: paying [0, 0] is then already done
  if (vector[0] === 0 && vector[1] === 0 && m.view(seat).prompt?.step !== 'ages/turns/choose/payment') return;
  const opt = d?.options.find((o: any) => o.pay[0] === vector[0] && o.pay[1] === vector[1]);
  if (!opt) throw new Error(`seat ${seat + 1} has no plan paying ${vector}: ${plans(m, seat).map((p) => p.pay.join('/')).join(', ')}`);
  m.act({ player: seat, step: 'ages/turns/choose/payment', choice: [opt] } as Action);
}

/** One seat's whole decision: a card, an action, and (for a build or a stage) a payment plan — the only
 *  plan offered when none is given. */
export function play(m: Match, seat: number, card: string, act: string, vector?: [number, number]): void {
  choose(m, seat, card, act);
  if (m.view(seat).prompt?.step === 'ages/turns/choose/payment') {
    if (vector) pay(m, seat, vector);
    else {
      const ps = plans(m, seat);
      if (ps.length !== 1) throw new Error(`seat ${seat + 1} must choose among ${ps.length} plans`);
      pay(m, seat, ps[0]!.pay);
    }
  } else if (vector && (vector[0] || vector[1])) throw new Error(`seat ${seat + 1} was not asked how to pay (the city pays alone)`);
}

/** A seat discards the first card of its hand (players a scenario does not watch). */
export function discardAny(m: Match, seat: number): void {
  const first = plays(m, seat).find((p) => p.act === 'discard');
  if (!first) throw new Error(`seat ${seat + 1} has nothing to discard`);
  choose(m, seat, first.card, 'discard');
}

/** Every seat with a decision open and not listed discards (the rest of the table plays its turn). */
export function othersDiscard(m: Match, except: number[] = []): void {
  for (const p of m.seatsToAct()) if (!except.includes(p)) discardAny(m, p);
}

/** Answer the Halikarnassus decision: which card of the discard pile to build. */
export function pickFromDiscard(m: Match, seat: number, card: string): void {
  const d = m.decision(seat);
  if (!d) throw new Error(`seat ${seat + 1} has no decision open`);
  const e = entity(m.game, card);
  if (!d.options.includes(e)) throw new Error(`${card} is not offered: ${(d.options as number[]).map((o) => idOf(m.game, o)).join(', ')}`);
  m.act({ player: seat, step: 'ages/turns/fromTheDiscard/pick', choice: [e] } as Action);
}

/** Card ids of a decision's options (for a choice of cards). */
export const cardOptions = (m: Match, seat: number): string[] => ((m.decision(seat)?.options ?? []) as number[]).map((o) => idOf(m.game, o));

/** Everyone discards whatever is left until the current Age is over (its military conflicts resolved). */
export function discardToEndOfAge(m: Match): void {
  const age = ev(m, 'age');
  while (!m.ended && ev(m, 'age') === age) {
    const seats = m.seatsToAct();
    if (seats.length === 0) throw new Error('nobody is asked anything');
    for (const p of seats) {
      const step = m.view(p).prompt?.step;
      if (step === 'ages/turns/choose/play') discardAny(m, p);
      else m.act({ player: p, step: step!, choice: [m.decision(p)!.options[0]] } as Action);
    }
  }
}
