// The live connection of a seat's page or the host's page (`/ws`, protocol.ts). Each connection says hello
// with its match and token, then is sent its own messages only. Messages are refused, with an error that
// says why and nothing changed, when they are too large (the socket is closed, code 1009), not JSON, of an
// unknown kind, too many (a token bucket per connection; a socket that keeps flooding is closed, 1008), or
// not allowed to this seat now.

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
}

/** A connection that said hello: its seat (-1: the host) and how to act and stop watching. */
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

  wss.on('connection', (ws: WebSocket) => {
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
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    },
    close() {
      clearInterval(beat);
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
  };
}
