// Messages between the playtest page and its engine worker. The worker holds the game; the page only ever
// receives one seat's `view(state, game, seat)` (or the table's public view when no human plays), plus
// the ruleset's public data (names, card definitions) and a few facts about the session itself.

import type { PlayerView } from '../../../engine/index.js';
import type { Replay } from '../../../engine/index.js';

export type SeatKind = 'human' | 'random' | 'greedy';

export interface StartRequest {
  /** virtual path of the ruleset to play and every file `extends` may need */
  path: string;
  files: Record<string, string>;
  players: number;
  seed: number | string;
  seats: SeatKind[];
  options?: Record<string, number | boolean | string>;
  /** milliseconds between bot moves (0: as fast as possible) */
  botDelay: number;
}

export type ToWorker =
  /** read the ruleset (for its player range and options, and its problems) without starting */
  | { type: 'load'; path: string; files: Record<string, string> }
  | { type: 'start'; req: StartRequest }
  /** answer the open decision of `seat` with the options at these positions (in the order chosen) */
  | { type: 'act'; seat: number; positions: number[] }
  /** the next human has taken the device: send their view */
  | { type: 'ready' }
  | { type: 'undo' }
  | { type: 'restart' }
  | { type: 'export' }
  /** a replay file's text: load it and step through it (the page chooses the seat to watch as) */
  | { type: 'import'; req: Omit<StartRequest, 'players' | 'seed' | 'seats' | 'options'> & { seats: SeatKind[]; text: string; watchAs: number } }
  | { type: 'step'; to: number; watchAs: number }
  /** imported game: play on from the current step with the seats given */
  | { type: 'resume'; seats: SeatKind[] }
  | { type: 'delay'; botDelay: number };

/** Public data of the ruleset: the same for every seat (it is printed on the cards and in the rules). */
export interface TableMeta {
  game: string;
  name: string;
  minPlayers: number;
  maxPlayers: number;
  options: { id: string; type: 'number' | 'bool' | 'string'; default: number | boolean | string; description?: string }[];
  zones: {
    id: string;
    perPlayer: boolean;
    visibility: string;
    columns: string[] | null;
    rows: string[] | null;
    description?: string;
  }[];
  /** card types: name, whether a token (counted, not named), field types, an accent colour, and the
   * fields their print layout draws on a grid zone (a blueprint's targets on the tower) */
  cardTypes: Record<string, { name: string; token: boolean; accent: string | null; fields: Record<string, string>; gridFields: { field: string; zone: string }[] }>;
  /** card definition id → name, type and fields */
  cards: Record<string, { name: string; type: string; fields: Record<string, unknown> }>;
  roles: Record<string, { name: string; team: string }>;
  teams: Record<string, { name: string }>;
  endings: Record<string, { winner: string; description?: string }>;
  /** variables: id → kind of value (for display) */
  vars: Record<string, { kind: string; perPlayer: boolean }>;
}

export interface Problem {
  file: string;
  line: number;
  col: number;
  severity: string;
  message: string;
}

export interface SessionInfo {
  seats: SeatKind[];
  seed: number | string;
  /** actions taken so far in this game (all seats) */
  actions: number;
  canUndo: boolean;
  /** why undo is not possible now (when there is something to undo) */
  undoBlocked?: string;
  /** a bot seat is taking its turn */
  thinking: number | null;
  /** stepping through an imported replay: position and length */
  replay?: { at: number; of: number; problems: string[] };
}

export type FromWorker =
  | { type: 'loaded'; meta: TableMeta; problems: Problem[] }
  | { type: 'problems'; problems: Problem[] }
  /** a different human seat must take the device: the page hides everything until `ready` */
  | { type: 'handoff'; seat: number }
  /** what `seat` (or -1: the table, nobody's hidden information) may see, and the session's state */
  | { type: 'view'; seat: number; view: PlayerView; info: SessionInfo }
  | { type: 'replay'; replay: Replay; fileName: string; bundled: boolean; rulesetFile: string }
  | { type: 'error'; message: string };
