// Scenario helpers for the Bable rules tests: arrange an exact table (whose turn, hands, supplies, tower,
// idea decks, piles) on a freshly set-up game, then play it step by step with `act`, like any client.

import type { Game, State } from '../../engine/model.js';
import { instances, moveEntities } from '../../engine/state.js';
import { renderLog } from '../../engine/view.js';
import { cardsIn, entitiesOf, getVar, loadGame, restartPhase, rulesetPath, setVar, start, zoneInst } from '../helpers/game.js';

let game: Game | null = null;
let advancedGame: Game | null = null;
export function bable(): Game {
  return (game ??= loadGame(rulesetPath('bable.yaml')));
}
export function bableAdvanced(): Game {
  return (advancedGame ??= loadGame(rulesetPath('variants/bable-advanced.yaml')));
}

export interface Table {
  players: number;
  seed?: number;
  advanced?: boolean;
  /** option id → value (e.g. tumbleBeside) */
  options?: Record<string, number | boolean | string>;
  current: number;
  /** per seat: exact zone contents (card ids, bottom first) */
  hands?: Record<number, string[]>;
  resources?: Record<number, string[]>;
  down?: Record<number, string[]>;
  up?: Record<number, string[]>;
  /** layer (L1–L4) → building ids */
  tower?: Record<string, string[]>;
  /** idea deck (L1–L4) → card ids, bottom first (the top is the END of the list) */
  ideas?: Record<string, string[]>;
  resourceDeck?: string[];
  resourceDiscard?: string[];
  wordDiscard?: string[];
  confusionDeck?: string[];
  confusionDiscard?: string[];
}

/** Every card of a zone instance back to the box. */
function clear(s: State, g: Game, inst: number): void {
  moveEntities(s, g, s.zones[inst]!.slice(), zoneInst(g, 'box'));
}

export function arrange(t: Table): { g: Game; s: State } {
  const g = t.advanced ? bableAdvanced() : bable();
  const s = start(g, t.players, t.seed ?? 1, t.options);
  const box = zoneInst(g, 'box');
  const arranged = new Set<number>();
  const plan: [number, string[]][] = [];
  const add = (zone: string, player: number | undefined, ids: string[] | undefined, cell?: string) => {
    if (!ids) return;
    const inst = cell ? zoneInst(g, zone, undefined, cell) : zoneInst(g, zone, player);
    clear(s, g, inst);
    arranged.add(inst);
    plan.push([inst, ids]);
  };
  for (const [key, zone] of [['hands', 'hand'], ['resources', 'resources'], ['down', 'buildingsDown'], ['up', 'buildingsUp']] as const) {
    for (const [p, ids] of Object.entries(t[key] ?? {})) add(zone, Number(p), ids);
  }
  for (const [layer, ids] of Object.entries(t.tower ?? {})) add('tower', undefined, ids, layer);
  for (const [deck, ids] of Object.entries(t.ideas ?? {})) add('ideas', undefined, ids, deck);
  add('resourceDeck', undefined, t.resourceDeck);
  add('resourceDiscard', undefined, t.resourceDiscard);
  add('wordDiscard', undefined, t.wordDiscard);
  add('confusionDeck', undefined, t.confusionDeck);
  add('confusionDiscard', undefined, t.confusionDiscard);
  // take each card from the box first, else from a zone this arrangement does not fix
  for (const [inst, ids] of plan) {
    for (const id of ids) {
      const copies = entitiesOf(g, id).filter((e) => !arranged.has(s.loc[e]!) || s.loc[e] === box);
      copies.sort((a, b) => (s.loc[a] === box ? 0 : 1) - (s.loc[b] === box ? 0 : 1));
      const e = copies[0];
      if (e === undefined) throw new Error(`no free copy of '${id}' left`);
      moveEntities(s, g, [e], inst);
      arranged.add(inst);
    }
  }
  setVar(s, g, 'current', t.current);
  restartPhase(s, g, 'turn');
  return { g, s };
}

export function layer(s: State, g: Game, l: string): string[] {
  return cardsIn(s, g, 'tower', undefined, l);
}
export function deck(s: State, g: Game, l: string): string[] {
  return cardsIn(s, g, 'ideas', undefined, l);
}
export function sorted(s: State, g: Game, zone: string, p?: number): string[] {
  return cardsIn(s, g, zone, p).slice().sort();
}
/** Whether a card (by entity) is face up for everyone. */
export function isShown(s: State, e: number): boolean {
  return s.shown[e] === 1;
}
export function entityIn(s: State, g: Game, zone: string, p: number | undefined, id: string): number {
  const inst = zoneInst(g, zone, p);
  const e = s.zones[inst]!.find((x) => g.cards[g.entityDef[x]!]!.id === id);
  if (e === undefined) throw new Error(`${id} is not in ${zone}${p === undefined ? '' : ` of seat ${p}`}`);
  return e;
}
/** Card ids in a player's public memory of revealed word cards (knownWords). */
export function known(s: State, g: Game, p: number): string[] {
  return (getVar(s, g, 'knownWords')[p] as number[]).map((e) => g.cards[g.entityDef[e]!]!.id).sort();
}
export const mark = (s: State): number => s.log!.length;
export function logSince(s: State, g: Game, viewer: number, from: number): string[] {
  return renderLog(s.log!.slice(from), s, g, viewer);
}
export { instances };
