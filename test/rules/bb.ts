// Scenario helpers for the Babel Builders rules tests: arrange an exact situation (roles, Master, hands,
// blueprint, tower, deck) on top of a freshly set-up game, then play it step by step with `act`.

import type { Game, State } from '../../engine/model.js';
import { moveEntities } from '../../engine/state.js';
import { renderLog } from '../../engine/view.js';
import {
  act, babelBuilders, cardsIn, entitiesOf, place, restartPhase, setRole, setVar, start, stepOf, zoneInst,
} from '../helpers/game.js';

export interface Arrangement {
  players: number;
  seed?: number;
  /** role id per seat (messenger / architect / zealot) */
  roles: string[];
  master: number;
  /** exact hand per seat; seats not listed get an empty hand */
  hands: Record<number, string[]>;
  /** the blueprint shown (default bp-01: C1 3, B2 8, A3 3) */
  blueprint?: string;
  /** blocks per tower cell */
  tower?: Record<string, number>;
  /** exact deck, bottom first (the top of the deck is the END of the list); default: what setup left, minus any Divine Punishment card */
  deck?: string[];
  options?: Record<string, number | boolean | string>;
  /** phase to start from (default the round, at the Master's appointment) */
  phase?: string;
}

/** Move every card of a zone back to the box. */
export function clearZone(s: State, g: Game, zoneId: string, player?: number): void {
  const inst = zoneInst(g, zoneId, player);
  moveEntities(s, g, s.zones[inst]!.slice(), zoneInst(g, 'box'));
}

/** Stack `n` blocks from the supply on a tower cell. */
export function stack(s: State, g: Game, cell: string, n: number): void {
  const supply = s.zones[zoneInst(g, 'supply')]!;
  if (supply.length < n) throw new Error(`only ${supply.length} blocks left in the supply`);
  moveEntities(s, g, supply.slice(supply.length - n), zoneInst(g, 'tower', undefined, cell));
}

export const CELLS = ['A1', 'B1', 'C1', 'A2', 'B2', 'C2', 'A3', 'B3', 'C3'];

/** Block count per tower cell (only the non-empty ones). */
export function towerOf(s: State, g: Game): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of CELLS) {
    const k = s.zones[zoneInst(g, 'tower', undefined, c)]!.length;
    if (k) out[c] = k;
  }
  return out;
}

export function arrange(a: Arrangement): { g: Game; s: State } {
  const g = babelBuilders();
  const s = start(g, a.players, a.seed ?? 1, a.options);
  if (a.roles.length !== a.players) throw new Error('one role per seat');
  a.roles.forEach((r, p) => setRole(s, g, p, r));
  setVar(s, g, 'master', a.master);
  // hands: everything back to the box first, so no stray Divine Punishment card stays in play
  for (let p = 0; p < a.players; p++) clearZone(s, g, 'hand', p);
  for (let p = 0; p < a.players; p++) if (a.hands[p]) place(s, g, 'hand', p, a.hands[p]!, false);
  clearZone(s, g, 'blueprintShown');
  place(s, g, 'blueprintShown', undefined, [a.blueprint ?? 'bp-01'], false);
  if (a.deck) {
    clearZone(s, g, 'deck');
    place(s, g, 'deck', undefined, a.deck, false);
  } else {
    const deck = zoneInst(g, 'deck');
    const dp = new Set(entitiesOf(g, 'punishment'));
    moveEntities(s, g, s.zones[deck]!.filter((e) => dp.has(e)), zoneInst(g, 'box'));
  }
  for (const [cell, n] of Object.entries(a.tower ?? {})) stack(s, g, cell, n);
  restartPhase(s, g, a.phase ?? 'round');
  return { g, s };
}

/** An appointed architect plays one card and discards one (the discard may be automatic). */
export function select(s: State, g: Game, p: number, play: string, discard?: string): void {
  if (stepOf(s, g, p) === 'round/select/play') act(s, g, p, play);
  else throw new Error(`player ${p + 1} is not asked to play (open: ${stepOf(s, g, p)})`);
  if (discard !== undefined && stepOf(s, g, p) === 'round/select/discard') act(s, g, p, discard);
}

/** Log position, to read only the lines that follow. */
export const mark = (s: State): number => s.log!.length;

/** Log lines since `from`, rendered for `viewer`. */
export function logSince(s: State, g: Game, viewer: number, from: number): string[] {
  return renderLog(s.log!.slice(from), s, g, viewer);
}

/** Card ids in a zone, sorted (for order-free comparisons). */
export function sorted(s: State, g: Game, zoneId: string, player?: number, cell?: string): string[] {
  return cardsIn(s, g, zoneId, player, cell).slice().sort();
}

export const A = 'architect';
export const M = 'messenger';
export const Z = 'zealot';
