// What the match server and its pages say to each other over a WebSocket (`/ws`), and the shapes of the
// HTTP API's answers.
//
// A page opens the socket and says `hello` with the match id and its token (a seat's or the host's). A
// seat is then sent its own view whenever it changes — and only then, so when a message comes says no more
// than what it holds — and answers its open decision with `act`, naming the decision by its number (the
// count of decisions this seat has answered): an answer sent twice, or to a decision already over, is
// refused. The host is sent the public table and the seats' state. Types, and one message text: the pages
// import only the types.

import type { PlayerView, SeatKind, TableMeta } from '../engine/index.js';

/** Who sits at a seat: 'person' (the engine's PERSON), or the bot that plays it (any bot the engine has,
 *  ismcts:N included). */
export type { SeatKind };

export type ClientMessage =
  | { t: 'hello'; match: string; token: string }
  | { t: 'act'; decision: number; positions: number[] };

/** The match as the host sees it: who sits where, who is connected, and how it ended. */
export interface MatchStatus {
  id: string;
  ruleset: string;
  players: number;
  /** the server drew the seed, a 256-bit secret (false: it was given when the match was created, or the match
   *  was stored before seeds were secret, so whoever knows it can work out every hidden card). The seed itself
   *  is never sent: the replay holds it once the match has ended */
  secretSeed: boolean;
  seats: { seat: number; kind: SeatKind; online: boolean }[];
  ended: boolean;
}

export type ServerMessage =
  /** `seat`: this page's seat, or the host's number (TABLE_VIEW, -1) */
  | { t: 'welcome'; match: string; seat: number; seats: SeatKind[]; meta: TableMeta }
  /** a seat's view; `decision` is the number of decisions it has answered (its next answer names it).
   * `view.log` (and `view.lines`, the same lines structured) holds the log's lines from `logFrom` on: the lines before are the ones sent already (a line
   * sent before may come again, grown: a later line continued it). */
  | { t: 'view'; decision: number; view: PlayerView; logFrom: number }
  /** the host's: the public table (the view of TABLE_VIEW, its log as in 'view') and the match's state */
  | { t: 'table'; view: PlayerView; status: MatchStatus; logFrom: number }
  /** this connection's answer to `decision` is stored; the new view follows */
  | { t: 'acted'; decision: number }
  | { t: 'error'; code: ErrorCode; message: string };

export type ErrorCode =
  | 'bad-message' | 'hello-first' | 'unknown-match' | 'forbidden' | 'not-your-turn' | 'stale' | 'illegal' | 'ended'
  | 'rate-limited' | 'unavailable' | 'damaged' | 'too-many-connections';

/** What a seat of a stored match that cannot be resumed is told (the server's log says which file and why). */
export const DAMAGED = "this match is damaged: its stored record cannot be read back, so the server cannot resume it until the file is repaired (the server's log names the file and the fault)";

/** `POST /api/matches` → 201 */
export interface CreatedMatch {
  id: string;
  /** one per seat; a bot's seat has no token and no link */
  seats: { seat: number; kind: SeatKind; token: string | null; url: string | null }[];
  host: { token: string; url: string };
}
