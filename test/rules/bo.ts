// Scenario helpers for the Babel On! rules tests: arrange exact towers, Bonus Blocks and the first player
// on a freshly set-up game, choose what the die shows, then play step by step with `act`.

import type { Game, State } from '../../engine/model.js';
import { cloneState, instances, moveEntities } from '../../engine/state.js';
import { seedRng } from '../../engine/rng.js';
import { act, getVar, loadGame, restartPhase, rulesetPath, setVar, start, zoneInst, promptOf } from '../helpers/game.js';

let bo: Game | null = null;
export function babelOn(): Game {
  return (bo ??= loadGame(rulesetPath('babel-on.yaml')));
}

export const COLORS = ['red', 'blue', 'green', 'yellow', 'white', 'black'];
export const LEVELS = [1, 2, 3, 4, 5, 6];
export const SPOTS = ['A1', 'B1', 'A2', 'B2'];
export const cellsOfFloor = (f: number) => SPOTS.map((x) => `${x}@${f}`);

/** A tower written floor by floor, bottom first: each floor is 4 colours (or '-') for A1 B1 A2 B2. */
export type TowerPlan = string[][];

export interface Arrangement {
  players: number;
  seed?: number;
  first?: number;
  /** tower per seat (seats not listed start empty) */
  towers?: Record<number, TowerPlan>;
  /** Bonus Blocks kept per seat (default none, so a turn starts at the call) */
  bonus?: Record<number, number>;
  options?: Record<string, number | boolean | string>;
}

function entitiesOfColor(g: Game, color: string): number[] {
  const out: number[] = [];
  g.entityDef.forEach((d, e) => { if (g.cards[d]!.id === color) out.push(e); });
  return out;
}

/** Take a free block of a colour (from the bag first, then the box). */
export function freeBlock(s: State, g: Game, color: string): number {
  const bag = zoneInst(g, 'bag'), box = zoneInst(g, 'box');
  const es = entitiesOfColor(g, color);
  const e = es.find((x) => s.loc[x] === bag) ?? es.find((x) => s.loc[x] === box);
  if (e === undefined) throw new Error(`no free ${color} block`);
  return e;
}

export function arrange(a: Arrangement): { g: Game; s: State } {
  const g = babelOn();
  const s = start(g, a.players, a.seed ?? 1, a.options);
  const bag = zoneInst(g, 'bag');
  for (let p = 0; p < a.players; p++) {
    for (const z of ['bonus', 'held']) moveEntities(s, g, s.zones[zoneInst(g, z, p)]!.slice(), bag);
    for (const f of LEVELS) for (const c of cellsOfFloor(f)) moveEntities(s, g, s.zones[zoneInst(g, 'tower', p, c)]!.slice(), bag);
  }
  for (let p = 0; p < a.players; p++) {
    const keep = a.bonus?.[p] ?? 0;
    for (let k = 0; k < keep; k++) moveEntities(s, g, [freeBlock(s, g, COLORS[p]!)], zoneInst(g, 'bonus', p));
    const plan = a.towers?.[p];
    if (plan) build(s, g, p, plan);
  }
  setVar(s, g, 'first', a.first ?? 0);
  restartPhase(s, g, 'round');
  return { g, s };
}

export function build(s: State, g: Game, p: number, plan: TowerPlan): void {
  plan.forEach((floor, i) => floor.forEach((color, k) => {
    if (color === '-') return;
    moveEntities(s, g, [freeBlock(s, g, color)], zoneInst(g, 'tower', p, `${SPOTS[k]}@${i + 1}`));
  }));
}

/** Colour per cell of a tower ('-' when empty), floor by floor. */
export function towerOf(s: State, g: Game, p: number): string[][] {
  return LEVELS.map((f) => cellsOfFloor(f).map((c) => {
    const xs = s.zones[zoneInst(g, 'tower', p, c)]!;
    return xs.length ? g.cards[g.entityDef[xs[0]!]!]!.id : '-';
  }));
}

export function blocksIn(s: State, g: Game, zone: string, p?: number): number {
  return s.zones[zoneInst(g, zone, p)]!.length;
}

export function towerCount(s: State, g: Game, p: number): number {
  let n = 0;
  for (const f of LEVELS) for (const c of cellsOfFloor(f)) n += s.zones[zoneInst(g, 'tower', p, c)]!.length;
  return n;
}

/** Call even/odd and have the die show `die`: the game's random stream is set so that it does. */
export function callAndRoll(s: State, g: Game, p: number, call: 'even' | 'odd', die: number): void {
  for (let k = 0; k < 10000; k++) {
    const t = cloneState(s);
    t.rng = seedRng(k, 'test-die');
    act(t, g, p, call);
    if (getVar(t, g, 'die') === die) { Object.assign(s, t); return; }
  }
  throw new Error(`no stream rolls ${die}`);
}

/** The blocks a removal prompt offers, as "seat:cell" (seat 1 = first). */
export function removalSpots(s: State, g: Game, p: number): string[] {
  const pr = promptOf(s, p);
  if (!pr) return [];
  const inst = instances(g);
  return (pr.options as number[]).map((e) => {
    const k = s.loc[e]!;
    return `${inst.owner[k]! + 1}:${g.zones[inst.zone[k]!]!.cells![inst.cell[k]!]}`;
  }).sort();
}

/** The option entity of a removal prompt at "seat:cell". */
export function takeAt(s: State, g: Game, p: number, spot: string): void {
  const pr = promptOf(s, p)!;
  const inst = instances(g);
  const e = (pr.options as number[]).find((x) => `${inst.owner[s.loc[x]!]! + 1}:${g.zones[inst.zone[s.loc[x]!]!]!.cells![inst.cell[s.loc[x]!]!]}` === spot);
  if (e === undefined) throw new Error(`${spot} is not removable now`);
  act(s, g, p, e);
}

const all = (c: string): string[] => [c, c, c, c];
export const R = all('red'), B = all('blue'), G = all('green'), W = all('white');
