// The HTTP API, for scripts, tests and the host's page:
//   GET  /api/info                            the server: its shipped rulesets and bots
//   POST /api/matches                         { ruleset, players, seed, options, bots } → 201 { id, seats, host }
//   GET  /api/matches/:id/view?token=T        a seat's view and decision count (the host's token: the table)
//   GET  /api/matches/:id/status?token=HOST   the match as the host sees it
//   POST /api/matches/:id/actions?token=T     { decision, positions } → the seat's new view, once stored
//   GET  /api/matches/:id/replay              the replay, once the match has ended
// Every refusal is JSON { error, problems? } with a status: 400 bad input, 401 no token, 403 a token that is
// not this seat's, 404 no such match, 409 not now, 413 too large, 415 not JSON, 422 not legal, 429 too fast, 503. Host, Origin: guard.ts.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { botEntries } from '../engine/index-node.js';
import { HOST, MatchRefusal } from './hosted-match.js';
import { isJsonType } from './guard.js';
import { JsonSyntaxError, parseJson } from './json-text.js';
import { CreateError, DEFAULT_BOT, readCreateRequest, type Matches } from './matches.js';
import { RateLimit } from './rate-limit.js';
import { DAMAGED } from './protocol.js';
import { newMatchSeed } from './seeds.js';

export class HttpError extends Error {
  constructor(readonly status: number, message: string, readonly problems: string[] = []) {
    super(message);
  }
}

export interface ApiOptions {
  /** the address the pages are reached at (join links); default: http:// and the request's Host */
  publicUrl?: string;
  /** the largest request body: a match's ruleset texts */
  maxBody?: number;
  /** the largest body of an action */
  maxActionBody?: number;
  /** requests per second per connection, and the burst allowed */
  rate?: { perSecond: number; burst: number };
  /** rulesets a client address may send (POST /api/matches with its files): per minute, and at once */
  uploads?: { perMinute: number; burst: number };
  /** a seed for a match created without one (default: a 256-bit key from the system's CSPRNG) */
  randomSeed?: () => number | string;
}

/** The registered bots as `/api/info` lists them: name, one-line description, budget, whether a live table
 *  offers it (the host page's seat lists). */
function botList(): { name: string; description: string; budget: { default: number; max: number; unit: string } | null; atTable: boolean }[] {
  return botEntries().map((b) => ({ name: b.name, description: b.description, budget: b.budget ?? null, atTable: b.atTable }));
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(text);
}

/** Reads a JSON body of at most `limit` bytes, declared as JSON (a page may send text/plain to any server
 *  without asking first; application/json it may not, guard.ts). */
async function readJson(req: IncomingMessage, limit: number): Promise<unknown> {
  if (!isJsonType(req.headers['content-type'])) throw new HttpError(415, `send the body as Content-Type: application/json (not '${String(req.headers['content-type'] ?? 'none').slice(0, 80)}')`);
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > limit) throw new HttpError(413, `the body is ${declared} bytes; at most ${limit} are accepted`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req as AsyncIterable<Buffer>) {
    size += c.length;
    if (size > limit) throw new HttpError(413, `the body is over ${limit} bytes; at most ${limit} are accepted`);
    chunks.push(c);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) throw new HttpError(400, 'the body is empty: send JSON');
  try {
    return parseJson(text);
  } catch (e) {
    if (e instanceof JsonSyntaxError) throw new HttpError(400, e.message);
    throw e;
  }
}

export function api(matches: Matches, o: ApiOptions = {}): (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void> {
  const maxBody = o.maxBody ?? 4 * 1024 * 1024;
  const maxAction = o.maxActionBody ?? 16 * 1024;
  const rate = o.rate ?? { perSecond: 20, burst: 60 };
  const limits = new WeakMap<Socket, RateLimit>();
  const randomSeed = o.randomSeed ?? newMatchSeed;
  const uploadRate = o.uploads ?? { perMinute: 20, burst: 10 };
  /** uploads per client address: each costs a load in the worker (shipped rulesets cost nothing) */
  const uploadsBy = new Map<string, RateLimit>();
  const mayUpload = (req: IncomingMessage): boolean => {
    const a = req.socket.remoteAddress ?? '';
    let l = uploadsBy.get(a);
    if (!l) {
      if (uploadsBy.size >= 10_000) uploadsBy.delete(uploadsBy.keys().next().value!);
      uploadsBy.set(a, (l = new RateLimit(uploadRate.perMinute / 60, uploadRate.burst)));
    }
    return l.take();
  };

  const base = (req: IncomingMessage) => o.publicUrl ?? `http://${req.headers.host ?? 'localhost'}/`;

  const matchOf = (id: string) => {
    const m = matches.get(id);
    if (m) return m;
    if (matches.damaged(id)) throw new HttpError(503, DAMAGED);
    throw new HttpError(404, `there is no match '${id}'`);
  };

  /** The seat (HOST: the host's) of the request's token. */
  const seatOf = (url: URL, m: NonNullable<ReturnType<typeof matches.get>>): number => {
    const token = url.searchParams.get('token');
    if (!token) throw new HttpError(401, 'give the token of your seat: ?token=…');
    const seat = m.who(token);
    if (seat === null) throw new HttpError(403, 'this token is not one of this match');
    return seat;
  };

  async function route(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const parts = url.pathname.split('/').filter(Boolean).slice(1); // after "api"
    const method = req.method ?? 'GET';
    const allow = (...ms: string[]) => {
      if (!ms.includes(method)) throw new HttpError(405, `${url.pathname} takes ${ms.join(' or ')}`);
    };
    if (parts.length === 1 && parts[0] === 'info') {
      allow('GET');
      return send(res, 200, { server: 'babelkit', rulesets: matches.rulesets.list(), names: matches.rulesets.names(), bots: botEntries().map((b) => b.name), botList: botList(), defaultBot: DEFAULT_BOT });
    }
    if (parts[0] !== 'matches') throw new HttpError(404, `no API at ${url.pathname}`);
    if (parts.length === 1) {
      allow('POST');
      const body = await readJson(req, maxBody);
      const sent = !!body && typeof body === 'object' && typeof (body as { ruleset?: unknown }).ruleset === 'object';
      if (sent && !mayUpload(req)) throw new HttpError(429, `at most ${uploadRate.burst} rulesets at once and ${uploadRate.perMinute} a minute may be sent from one address; try again in a minute`);
      try {
        const created = await matches.create(readCreateRequest(body, randomSeed), base(req));
        return send(res, 201, created);
      } catch (e) {
        if (e instanceof CreateError) throw new HttpError(e.status, e.message, e.problems);
        throw e;
      }
    }
    const m = matchOf(parts[1]!);
    const what = parts.slice(2).join('/');
    if (what === 'view') {
      allow('GET');
      const seat = seatOf(url, m);
      return send(res, 200, await m.view(seat));
    }
    if (what === 'status') {
      allow('GET');
      if (seatOf(url, m) !== HOST) throw new HttpError(403, "the match's state is for its host");
      return send(res, 200, m.status());
    }
    if (what === 'actions') {
      allow('POST');
      const seat = seatOf(url, m);
      const body = await readJson(req, maxAction);
      if (seat < 0) throw new HttpError(403, 'the host does not play: use a seat\'s token');
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, 'send { decision, positions }');
      const b = body as Record<string, unknown>;
      for (const k of Object.keys(b)) if (k !== 'decision' && k !== 'positions') throw new HttpError(400, `unknown field '${k}' (fields: decision, positions)`);
      await m.act(seat, b.decision as number, b.positions);
      return send(res, 200, await m.view(seat));
    }
    if (what === 'replay') {
      allow('GET');
      const r = await m.replay();
      if (!r) throw new HttpError(409, 'the match is still being played: its replay is ready once it has ended');
      res.setHeader('Content-Disposition', `attachment; filename="${m.game.id}-${m.id}-replay.json"`);
      return send(res, 200, r);
    }
    throw new HttpError(404, `no API at ${url.pathname}`);
  }

  return async (req, res, url) => {
    let limit = limits.get(req.socket);
    if (!limit) limits.set(req.socket, (limit = new RateLimit(rate.perSecond, rate.burst)));
    try {
      if (!limit.take()) throw new HttpError(429, 'too many requests on this connection; slow down');
      await route(req, res, url);
    } catch (e) {
      let err: HttpError;
      if (e instanceof HttpError) err = e;
      else if (e instanceof MatchRefusal) err = new HttpError(e.status, e.message);
      else {
        err = new HttpError(500, 'internal error');
        process.stderr.write(`babelkit serve: ${req.method} ${url.pathname}: ${(e as Error).stack ?? String(e)}\n`);
      }
      // a body not read to its end would be taken for the next request on this connection
      if (err.status === 413 || err.status === 415) res.setHeader('Connection', 'close');
      send(res, err.status, err.problems.length ? { error: err.message, problems: err.problems } : { error: err.message });
    }
  };
}
