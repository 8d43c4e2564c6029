// The live connection of a seat's page or the host's page (`/ws`, protocol.ts). Each connection says hello
// with its match and token, then is sent its own messages only. Messages are refused, with an error that
// says why and nothing changed, when they are too large (the socket is closed, code 1009), not JSON, of an
// unknown kind, too many (a token bucket per connection; a socket that keeps flooding is closed, 1008), or
// not allowed to this seat now. Connections are capped per client address and in all (past either, the upgrade
// is answered 503 and nothing is set up) and per match (past it, hello is refused and the socket closed, 4429),
// so many connections can neither get around the per-connection rate limit nor make a match push its views to
// thousands of sockets.

import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { MatchRefusal } from './hosted-match.js';
import type { Matches } from './matches.js';
import { DAMAGED, type ErrorCode, type ServerMessage } from './protocol.js';
import { RateLimit } from './rate-limit.js';

export interface SocketOptions {
  /** the largest message a page may send, in bytes */
  maxMessage?: number;
  rate?: { perSecond: number; burst: number };
  /** messages refused for speed before the socket is closed */
  floodClose?: number;
  /** a socket that sends more than this is closed (the page cannot keep up) */
  maxBuffered?: number;
  /** milliseconds between pings (a page that does not answer is let go) */
  heartbeat?: number;
  /** open connections from one client address (default 300) */
  maxPerAddress?: number;
  /** connections that said hello to one match (default 50: every seat and the host, each in a few tabs) */
  maxPerMatch?: number;
  /** open connections in all (default 3000) */
  maxTotal?: number;
  /** whether an upgrade may go ahead (Host and Origin, guard.ts): null, or the HTTP status and message */
  admit?: (req: IncomingMessage) => { status: number; message: string } | null;
}

/** Counts by key, forgetting a key at 0. */
class Counts {
  private by = new Map<string, number>();
  get(k: string): number { return this.by.get(k) ?? 0; }
  add(k: string): void { this.by.set(k, this.get(k) + 1); }
  remove(k: string): void { const n = this.get(k) - 1; if (n > 0) this.by.set(k, n); else this.by.delete(k); }
}

function refuseUpgrade(socket: Duplex, status: number, message: string): void {
  const body = JSON.stringify({ error: message });
  socket.end(`HTTP/1.1 ${status} ${status === 503 ? 'Service Unavailable' : status === 421 ? 'Misdirected Request' : 'Forbidden'}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`, () => socket.destroy());
}

/** A connection that said hello: its seat (HOST: the host, hosted-match.ts) and how to act and stop watching. */
interface Bound {
  seat: number;
  act(decision: number, positions: unknown): Promise<number>;
  stop?: () => void;
}

export interface Sockets {
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  close(): void;
}

export function sockets(matches: Matches, o: SocketOptions = {}): Sockets {
  const rate = o.rate ?? { perSecond: 10, burst: 30 };
  const floodClose = o.floodClose ?? 200;
  const maxBuffered = o.maxBuffered ?? 8 * 1024 * 1024;
  const wss = new WebSocketServer({ noServer: true, maxPayload: o.maxMessage ?? 16 * 1024, perMessageDeflate: false });
  const alive = new WeakSet<WebSocket>();
  const maxPerAddress = o.maxPerAddress ?? 300, maxPerMatch = o.maxPerMatch ?? 50, maxTotal = o.maxTotal ?? 3000;
  const perAddress = new Counts(), perMatch = new Counts();
  let total = 0;

  wss.on('connection', (ws: WebSocket, req: IncomingMessage) => {
    const address = req.socket.remoteAddress ?? '';
    total++;
    perAddress.add(address);
    let helloMatch: string | null = null;
    alive.add(ws);
    ws.on('pong', () => alive.add(ws));
    const limit = new RateLimit(rate.perSecond, rate.burst);
    let refused = 0;
    let toldSlow = 0;
    let bound: Bound | null = null;
    let closed = false;

    const sendText = (text: string) => {
      if (closed || ws.readyState !== ws.OPEN) return;
      if (ws.bufferedAmount > maxBuffered) { ws.terminate(); return; }
      ws.send(text);
    };
    const send = (m: ServerMessage) => sendText(JSON.stringify(m));
    const error = (code: ErrorCode, message: string) => send({ t: 'error', code, message });

    ws.on('message', (data, isBinary) => {
      if (!limit.take()) {
        refused++;
        if (refused >= floodClose) { ws.close(1008, 'too many messages'); return; }
        // one notice a second at most: answering every message of a flood would be a flood
        const now = performance.now();
        if (now - toldSlow > 1000) { toldSlow = now; error('rate-limited', 'too many messages: this one and others were refused; slow down'); }
        return;
      }
      if (isBinary) return error('bad-message', 'messages are JSON text');
      let msg: unknown;
      try {
        msg = JSON.parse(data.toString());
      } catch {
        return error('bad-message', 'a message must be JSON: { "t": "hello" | "act", … }');
      }
      if (!msg || typeof msg !== 'object' || Array.isArray(msg)) return error('bad-message', 'a message must be a JSON object with a "t" field');
      const m = msg as Record<string, unknown>;
      if (m.t === 'hello') {
        if (bound) return error('bad-message', 'this connection has said hello already');
        if (typeof m.match !== 'string' || typeof m.token !== 'string') return error('bad-message', 'hello needs "match" and "token"');
        const match = matches.get(m.match);
        if (!match && matches.damaged(m.match)) { error('damaged', DAMAGED); ws.close(4503, 'damaged match'); return; }
        if (!match) { error('unknown-match', `there is no match '${m.match.slice(0, 40)}'`); ws.close(4404, 'unknown match'); return; }
        const seat = match.who(m.token);
        if (seat === null) { error('forbidden', 'this token is not one of this match'); ws.close(4403, 'bad token'); return; }
        if (perMatch.get(match.id) >= maxPerMatch) {
          error('too-many-connections', `this match has ${maxPerMatch} connections already; close a tab and try again`);
          ws.close(4429, 'too many connections to this match');
          return;
        }
        perMatch.add((helloMatch = match.id));
        const b: Bound = { seat, act: (d, p) => match.act(seat, d, p) };
        bound = b;
        send({ t: 'welcome', match: match.id, seat, seats: match.seatKinds, meta: match.meta });
        match.watch({ seat, send: sendText }).then((stop) => {
          if (closed) stop();
          else b.stop = stop;
        }, () => ws.close(1011, 'internal error'));
        return;
      }
      if (m.t === 'act') {
        if (!bound) return error('hello-first', 'say hello with your match and token first');
        if (bound.seat < 0) return error('forbidden', 'the host does not play');
        const decision = m.decision;
        if (typeof decision !== 'number') return error('bad-message', 'act needs "decision" (the number of the decision answered) and "positions"');
        bound.act(decision, m.positions).then(
          () => send({ t: 'acted', decision }),
          (e: unknown) => {
            if (e instanceof MatchRefusal) error(e.code, e.message);
            else { error('unavailable', 'internal error'); process.stderr.write(`babelkit serve: act: ${(e as Error).stack ?? String(e)}\n`); }
          },
        );
        return;
      }
      return error('bad-message', `unknown message kind ${JSON.stringify(m.t)} (hello, act)`);
    });
    ws.on('close', () => {
      closed = true;
      total--;
      perAddress.remove(address);
      if (helloMatch !== null) perMatch.remove(helloMatch);
      bound?.stop?.();
    });
    ws.on('error', () => undefined);
  });

  const beat = setInterval(() => {
    for (const ws of wss.clients) {
      if (!alive.has(ws)) { ws.terminate(); continue; }
      alive.delete(ws);
      ws.ping();
    }
  }, o.heartbeat ?? 30_000);
  beat.unref();

  return {
    upgrade(req, socket, head) {
      const no = o.admit?.(req);
      if (no) return refuseUpgrade(socket, no.status, no.message);
      if (total >= maxTotal) return refuseUpgrade(socket, 503, `the server has ${maxTotal} connections open; try again later`);
      if (perAddress.get(req.socket.remoteAddress ?? '') >= maxPerAddress) return refuseUpgrade(socket, 503, `${maxPerAddress} connections from this address are open already`);
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    },
    close() {
      clearInterval(beat);
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
  };
}
