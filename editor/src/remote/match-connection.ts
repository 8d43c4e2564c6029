// A page's live connection to a match on `babelkit serve` (server/protocol.ts): says hello with the match id
// and token from the page's address (#match=…&token=…, a fragment, so it is never sent in a request or a
// Referer), keeps the last view (a seat's, or the host's public table), answers decisions, and connects again
// after a drop — the server sends the current view on every hello. Says 'change' whenever any of it changed.

import type { PlayerView } from '../../../engine/index.js';
import type { ClientMessage, MatchStatus, SeatKind, ServerMessage } from '../../../server/protocol.js';
import type { TableMeta } from '../playtest/protocol.js';

export type ConnectionState = 'connecting' | 'open' | 'reconnecting' | 'refused';

/** The match and token a page was opened with (its address's fragment), or null. */
export function matchFromLocation(hash = location.hash): { match: string; token: string } | null {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  const match = p.get('match'), token = p.get('token');
  return match && token ? { match, token } : null;
}

/** The server's address for `path`, relative to the page (so a reverse proxy's path prefix is kept). */
export function serverUrl(path: string, ws = false): string {
  const u = new URL(path, location.href);
  if (ws) u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
  u.hash = '';
  return u.href;
}

/** A view as sent (its log from line `logFrom` on) completed with the lines of the view before it. */
export function withLog(sent: PlayerView, before: PlayerView | null, logFrom: number): PlayerView {
  if (!logFrom) return sent;
  return { ...sent, log: [...(before?.log ?? []).slice(0, logFrom), ...sent.log], lines: [...(before?.lines ?? []).slice(0, logFrom), ...sent.lines] };
}

export class MatchConnection extends EventTarget {
  state: ConnectionState = 'connecting';
  meta: TableMeta | null = null;
  /** the seat this page is (TABLE_VIEW: the host, who is shown the public table) */
  seat: number | null = null;
  seats: SeatKind[] = [];
  view: PlayerView | null = null;
  /** decisions this seat has answered (its next answer names this number) */
  decision = 0;
  status: MatchStatus | null = null;
  /** the last refusal or problem, in words */
  error = '';
  /** views received so far */
  seq = 0;
  /** an answer is on its way */
  answered = false;
  private ws: WebSocket | null = null;
  private retry = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(readonly match: string, readonly token: string) {
    super();
  }

  connect(): void {
    this.stopped = false;
    const ws = new WebSocket(serverUrl('ws', true));
    this.ws = ws;
    ws.onopen = () => this.send({ t: 'hello', match: this.match, token: this.token });
    // the server sends a new connection the whole log again
    ws.onmessage = (e) => {
      let m: ServerMessage;
      try {
        m = JSON.parse(String(e.data)) as ServerMessage;
      } catch {
        return;
      }
      this.onMessage(m);
    };
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.answered = false;
      if (this.stopped) return;
      // a wrong token, an unknown match or a damaged one will not get better by trying again
      if (e.code === 4403 || e.code === 4404 || e.code === 4503) {
        this.state = 'refused';
        this.changed();
        return;
      }
      this.state = 'reconnecting';
      this.changed();
      const wait = Math.min(5000, 300 * 2 ** this.retry++);
      this.timer = setTimeout(() => this.connect(), wait);
    };
  }

  close(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.ws?.close();
    this.ws = null;
  }

  /** Answers the open decision by the positions of the chosen options; a second answer before the next view
   * is ignored. */
  act(positions: number[]): void {
    if (!this.view?.prompt || this.answered || this.state !== 'open') return;
    this.answered = true;
    this.error = '';
    this.send({ t: 'act', decision: this.decision, positions });
    this.changed();
  }

  private send(m: ClientMessage): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(m));
  }

  private onMessage(m: ServerMessage): void {
    switch (m.t) {
      case 'welcome':
        this.state = 'open';
        this.retry = 0;
        this.seat = m.seat;
        this.seats = m.seats;
        this.meta = m.meta;
        this.error = '';
        break;
      case 'view':
        this.view = withLog(m.view, this.view, m.logFrom);
        this.decision = m.decision;
        this.answered = false;
        this.seq++;
        break;
      case 'table':
        this.view = withLog(m.view, this.view, m.logFrom);
        this.status = m.status;
        this.seq++;
        break;
      case 'acted':
        return;
      case 'error':
        this.error = m.message;
        // the answer was refused: the decision is still open (or the next view is on its way)
        this.answered = false;
        break;
    }
    this.changed();
  }

  private changed(): void {
    this.dispatchEvent(new Event('change'));
  }
}
