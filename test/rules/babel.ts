// Scenario helpers for the 7 Wonders Babel modules: the base game's table (sw.ts) on a Babel variant, with the
// Babel tiles each player holds, the tiles visible on the Babel board, and the Grand Project of the Age.

import { Match, type Action, type Game } from '../../engine/index.js';
import { moveEntities } from '../../engine/state.js';
import { loadGame, rulesetPath, zoneInst } from '../helpers/game.js';
import { entity, ev, idOf, ids, reopenTurns, setVar, table, type Table } from './sw.js';

export type Module = 'tower' | 'projects' | 'both';
const FILES: Record<Module, string> = {
  tower: 'variants/7-wonders-babel-tower.yaml',
  projects: 'variants/7-wonders-babel-projects.yaml',
  both: 'variants/7-wonders-babel.yaml',
};
const cache = new Map<Module, Game>();
export function babel(which: Module): Game {
  let g = cache.get(which);
  if (!g) cache.set(which, (g = loadGame(rulesetPath(FILES[which]))));
  return g;
}

/** Tile card id by number: 4 → 'babel-04'. */
export const tile = (n: number): string => `babel-${String(n).padStart(2, '0')}`;

export interface BabelTable extends Table {
  /** tiles each seat holds, by number (default: none) */
  tiles?: Record<number, number[]>;
  /** the visible tiles on the Babel board, the oldest first */
  tower?: number[];
  /** the Grand Project of the Age (a card id), with its markers (default: players − 1) */
  project?: string;
  markersLeft?: number;
}

/** Seat a table on a Babel variant (or `game`, a ruleset extending it): the base game's scenario table, then the
 *  tiles and the project as asked. */
export function babelTable(which: Module, t: BabelTable, game?: Game): Match {
  const g = game ?? babel(which);
  const m = table(t, g);
  const s = m.state;
  const z = (id: string, p?: number) => zoneInst(g, id, p);
  const toBox = (zone: number) => moveEntities(s, g, s.zones[zone]!.slice(), z('box'));
  if (which !== 'projects') {
    for (let p = 0; p < t.players; p++) for (const k of ['tileHand', 'tiles', 'tileStaged']) toBox(z(k, p));
    toBox(z('tilePool'));
    for (const [p, ns] of Object.entries(t.tiles ?? {})) for (const n of ns) moveEntities(s, g, [entity(g, tile(n))], z('tiles', Number(p)));
    for (const n of t.tower ?? []) moveEntities(s, g, [entity(g, tile(n))], z('tower'));
  }
  if (which !== 'tower') {
    toBox(z('project'));
    if (t.project) moveEntities(s, g, [entity(g, t.project)], z('project'));
    setVar(m, 'markersLeft', t.markersLeft ?? (t.project ? t.players - 1 : 0));
  }
  // the turn was opened before the tiles and the project were set (its options depend on them): open it again
  reopenTurns(m);
  return m;
}

/** The step a seat is asked at now (its path), or null. */
export const stepOf = (m: Match, seat: number): string | null => m.view(seat).prompt?.step ?? null;

/** Answer a seat's open decision with the option `pick` finds (cards by id, texts as they are). */
export function answer(m: Match, seat: number, pick: (o: any) => boolean): void {
  const d = m.decision(seat);
  if (!d) throw new Error(`seat ${seat + 1} has no decision open`);
  const opt = d.options.find(pick);
  if (opt === undefined) throw new Error(`seat ${seat + 1} at ${stepOf(m, seat)}: no such option among ${JSON.stringify(d.options.map(show(m)))}`);
  m.act({ player: seat, step: stepOf(m, seat)!, choice: [opt] } as Action);
}
const show = (m: Match) => (o: any) => (typeof o === 'number' ? idOf(m.game, o) : o);

/** A seat chooses the tile it builds this turn (after choosing the 'tile' action). */
export const buildTile = (m: Match, seat: number, n: number): void => answer(m, seat, (o) => o === entity(m.game, tile(n)));

/** Visible tile numbers on the Babel board, the oldest first; covered ones. */
export const tower = (m: Match): number[] => ids(m, 'tower').map((id) => Number(id.slice(6)));
export const covered = (m: Match): number[] => ids(m, 'covered').map((id) => Number(id.slice(6)));

/** The options of a seat's open decision, cards as ids. */
export const optionsOf = (m: Match, seat: number): any[] => (m.decision(seat)?.options ?? []).map(show(m));

export const num = (m: Match, expr: string): number => ev(m, expr);
