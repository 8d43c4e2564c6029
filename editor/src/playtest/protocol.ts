// The playtest engine worker's API (a shared/rpc.ts API). The worker holds the game; the page only ever
// receives one seat's `view(state, game, seat)` (or the table's public view when no person plays), plus
// the ruleset's public data (names, card definitions) and a few facts about the session itself.

import type { PlayerView, Replay, SeatKind, TableMeta } from '../../../engine/index.js';

export type { SeatKind, TableMeta };
import type { RulesetSource } from '../shared/source.js';

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

/** What `seat` (or TABLE_VIEW: the table, nobody's hidden information) may see, and the session's state. */
export interface ViewEvent {
  seat: number;
  /** the view, its log (`log`, `lines`) holding only the lines from `logFrom` on: the page keeps the lines before
   *  from the views before (0: the whole log) */
  view: PlayerView;
  logFrom: number;
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
    /** the next person has taken the device: send their view */
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
    /** a different person's seat must take the device: the page hides everything until `ready` */
    handoff: { seat: number };
    /** something went wrong while the bots played on (no call is open to fail) */
    error: { message: string };
  };
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
