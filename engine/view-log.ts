// Views sent again and again as a game goes on (a served match, the editor's playtest): each seat's log lines are
// rendered once, as their entries arrive, instead of the whole log for every view; and a page that has the lines
// sent before is sent only the lines after them.
//
// A log line is rendered from what its entry recorded when it happened (who could see which card), so a line once
// rendered for a seat changes only when a later entry continues it (`join`: the last line grows). A log that was
// replaced or shortened (an undo, a rewind, another game) is rendered again from its start, under a new generation.

import type { Game, LogEntry, State } from './model.js';
import { renderLogMoreLines, view, type LogLine, type PlayerView } from './view.js';

interface SeatLines {
  /** the log these lines were rendered from, and how many of its entries */
  log: readonly LogEntry[] | null;
  entries: number;
  lines: LogLine[];
  at: { wrote: boolean };
  generation: number;
}

/** A seat's view with the generation of its log lines: lines of one generation only ever grow at the end. */
export interface SeatView {
  view: PlayerView;
  generation: number;
}

export class SeatLogs {
  private bySeat = new Map<number, SeatLines>();
  private generations = 0;

  /** What `view(s, g, seat)` makes, its log rendered only for the entries new since the last call for this seat. */
  view(s: State, g: Game, seat: number): SeatView {
    const entries = s.log ?? [];
    let c = this.bySeat.get(seat);
    if (!c || c.log !== s.log || c.entries > entries.length) {
      c = { log: s.log, entries: 0, lines: [], at: { wrote: false }, generation: ++this.generations };
      this.bySeat.set(seat, c);
    }
    if (c.entries < entries.length) {
      renderLogMoreLines(c.lines, c.at, entries.slice(c.entries), s, g, seat);
      c.entries = entries.length;
    }
    const lines = c.lines.slice();
    return { view: { ...view({ ...s, log: null }, g, seat), log: lines.map((l) => l.text), lines }, generation: c.generation };
  }

  /** Forget every seat's lines (the game was replaced by one this cache cannot tell apart from it). */
  clear(): void {
    this.bySeat.clear();
  }
}

/** What a page was last sent of one seat's log. */
export interface LogSent {
  seat: number;
  generation: number;
  lines: number;
  last: string | undefined;
}

/** The first line of `now` the page must be sent, given what it was sent before (0: all of them). */
export function logFrom(sent: LogSent | null, seat: number, now: SeatView): number {
  const log = now.view.log;
  if (!sent || sent.seat !== seat || sent.generation !== now.generation || sent.lines > log.length) return 0;
  let from = sent.lines;
  // the last line sent has grown since (a later entry continued it): send it again
  if (from > 0 && log[from - 1] !== sent.last) from--;
  return from;
}

/** What the page has after being sent `now`'s lines. */
export function logSent(seat: number, now: SeatView): LogSent {
  const log = now.view.log;
  return { seat, generation: now.generation, lines: log.length, last: log[log.length - 1] };
}
