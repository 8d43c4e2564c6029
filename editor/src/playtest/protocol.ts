// The playtest engine worker's API (a shared/rpc.ts API). The worker holds the game; the page only ever
// receives one seat's `view(state, game, seat)` (or the table's public view when no human plays), plus
// the ruleset's public data (names, card definitions) and a few facts about the session itself.

import type { BotKind, FaceLine, PlayerView, Replay, Shape } from '../../../engine/index.js';
import type { RulesetSource } from '../shared/source.js';

export type SeatKind = 'human' | BotKind;

export interface StartRequest extends RulesetSource {
  players: number;
  seed: number | string;
  seats: SeatKind[];
  options?: Record<string, number | boolean | string>;
  /** milliseconds between bot moves (0: as fast as possible) */
  botDelay: number;
}

/** A replay file's text to step through, for the ruleset in the editor (the page chooses whom to watch as). */
export interface ImportRequest extends RulesetSource {
  text: string;
  seats: SeatKind[];
  watchAs: number;
  botDelay: number;
}

/** The ruleset as read: its public data, or (meta null) only its problems. */
export interface LoadResult {
  meta: TableMeta | null;
  problems: Problem[];
}

/** An exported replay and how to name it: a bundled ruleset used unchanged is named by its path in the
 * package; an edited one must be saved beside the replay as `rulesetFile`. */
export interface ReplayExport {
  replay: Replay;
  fileName: string;
  bundled: boolean;
  rulesetFile: string;
}

/** What `seat` (or -1: the table, nobody's hidden information) may see, and the session's state. */
export interface ViewEvent {
  seat: number;
  view: PlayerView;
  info: SessionInfo;
}

export interface PlaytestApi {
  methods: {
    /** read the ruleset (for its player range and options, and its problems) without starting */
    load(req: RulesetSource): LoadResult;
    /** a new game; its views follow as events */
    start(req: StartRequest): LoadResult;
    /** answer the open decision of `seat` with the options at these positions (in the order chosen) */
    act(req: { seat: number; positions: number[] }): void;
    /** the next human has taken the device: send their view */
    ready(): void;
    undo(): void;
    /** designer mode on or off: the views show every hand, role and hidden zone */
    designer(req: { on: boolean }): void;
    /** designer mode: back to the game after its first `to` decisions, then play on */
    rewind(req: { to: number }): void;
    /** the same game again: same seed and seats */
    restart(): void;
    exportReplay(): ReplayExport;
    /** load a replay file and step through it */
    importReplay(req: ImportRequest): LoadResult;
    step(req: { to: number; watchAs: number }): void;
    /** imported game: play on from the current step with the seats given */
    resume(req: { seats: SeatKind[] }): void;
    setDelay(req: { botDelay: number }): void;
  };
  events: {
    /** the only way a game reaches the page: one seat's view */
    view: ViewEvent;
    /** a different human seat must take the device: the page hides everything until `ready` */
    handoff: { seat: number };
    /** something went wrong while the bots played on (no call is open to fail) */
    error: { message: string };
  };
}

/** Public data of the ruleset: the same for every seat (it is printed on the cards and in the rules). */
export interface TableMeta {
  game: string;
  name: string;
  minPlayers: number;
  maxPlayers: number;
  options: { id: string; type: 'number' | 'bool' | 'string'; default: number | boolean | string; choices?: (number | string)[]; description?: string }[];
  zones: {
    id: string;
    perPlayer: boolean;
    visibility: string;
    columns: string[] | null;
    rows: string[] | null;
    /** a spatial grid's floors (cells named A1@1 … A1@levels), 0 for a flat grid */
    levels: number;
    description?: string;
    /** how the zone reads to a person (the log's name, e.g. "the draw deck") */
    name?: string;
  }[];
  /** card types: name, whether a token (counted, not named), field types, an accent colour, and the
   * fields their print layout draws on a grid zone (a blueprint's targets on the tower) */
  cardTypes: Record<string, { name: string; token: boolean; accent: string | null; fields: Record<string, string>; gridFields: { field: string; zone: string }[] }>;
  /** card definition id → name, type, fields, what the table shows on it (its face: labels, text, symbols) and
   * its own colour (from its colour field) */
  cards: Record<string, { name: string; type: string; fields: Record<string, unknown>; face: FaceLine[]; colour?: string; art?: string }>;
  /** the images cards show (a data: URL each: the PNG or JPEG the loader checked, an SVG rewritten from its drawing parts), by key */
  art?: Record<string, string>;
  /** the ruleset's symbols: how values look (drawn from this data only: inert by construction) */
  symbols: Record<string, { name: string; color: string; glyph?: string; shape?: Shape; amount: 'repeat' | 'inside' }>;
  /** score categories, in the ruleset's order (a game decided by scores) */
  scores: { id: string; name: string }[];
  /** zones the table does not draw (a zone's `hidden: true`) */
  hide: string[];
  /** the ruleset declares a seat summary: the seats show it instead of their variables */
  summary: boolean;
  roles: Record<string, { name: string; team: string }>;
  teams: Record<string, { name: string }>;
  endings: Record<string, { winner: string; description?: string }>;
  /** variables: id → kind of value (for display) */
  vars: Record<string, { kind: string; perPlayer: boolean; name?: string }>;
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
