// The seed of a hosted match decides every deal and every bot's draws: a seat that learns it, or can guess it,
// reads every hidden hand and role. A match created without a seed gets 256 bits from the operating system's
// CSPRNG (a `key:` seed: each random stream — the game's, each bot's — starts from HMAC-SHA-256 of it); the seed
// never reaches a seat or the host's public screen, over HTTP or the WebSocket, in decimal, hex or base64, nor
// in the status; the replay holds it once the match has ended. The attack that read every hand before (try the
// guessable seeds until the engine's view of a seat matches the server's) finds a match hosted with a guessable
// seed — as the editor's "Host on this server" sent (1) — and nothing for one the server seeded.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { botStreams, Match, nextFloat, seedRng, type Game, type PlayerView } from '../../engine/index-node.js';
import { readCreateRequest } from '../../server/matches.js';
import { parseMatchFile, type MatchStart } from '../../server/store.js';
import { pickPositions } from '../../bench/serve-clients.js';
import { loadShipped } from '../../bench/serve-load.js';
import type { CreatedMatch, ServerMessage } from '../../server/protocol.js';
import { json, post, startTestServer, type TestServer } from '../helpers/serve.js';

const BB = 'rulesets/babel-builders.yaml';
let s: TestServer;
let g: Game;

beforeAll(async () => {
  s = await startTestServer();
  g = loadShipped(BB);
});

afterAll(async () => {
  await s?.dispose();
});

// imported when used, so that the tests of the served traffic run (and fail) on a server without them
const seeds = () => import('../../server/seeds.js');
const hashes = () => import('../../engine/sha256.js');
/** A key seed: `key:` and 32 to 64 hex digits (engine/rng.ts). */
const KEY_SEED = /^key:(?:[0-9a-f]{2}){16,32}$/;

describe('the seed generator', () => {
  it('draws 256 bits from node:crypto for every match created without a seed', async () => {
    const { newMatchSeed, SEED_BYTES } = await seeds();
    expect(SEED_BYTES * 8).toBeGreaterThanOrEqual(128);
    const asked: number[] = [];
    const bytes = randomBytes(SEED_BYTES);
    const seed = newMatchSeed((n) => { asked.push(n); return bytes; });
    expect(asked).toEqual([SEED_BYTES]);
    expect(seed).toBe(`key:${bytes.toString('hex')}`);
    expect(() => newMatchSeed(() => Buffer.alloc(8))).toThrow(/too few bytes/);
    const many = Array.from({ length: 2000 }, () => newMatchSeed());
    for (const x of many) expect(x).toMatch(/^key:[0-9a-f]{64}$/);
    expect(new Set(many).size).toBe(many.length);
    // a request without a seed gets one; a script may still give one, and it is marked as given
    const r = readCreateRequest({ ruleset: BB, players: 5 });
    expect(r.seed).toMatch(KEY_SEED);
    expect(r.seedGiven).toBe(false);
    expect(readCreateRequest({ ruleset: BB, players: 5, seed: 7 })).toMatchObject({ seed: 7, seedGiven: true });
  });

  it('SHA-256 and HMAC-SHA-256 of the engine (it runs in browsers too) agree with node:crypto', async () => {
    const { hmacSha256, sha256 } = await hashes();
    for (let i = 0; i < 200; i++) {
      const key = randomBytes(i % 70), msg = randomBytes((i * 7) % 150);
      expect(Buffer.from(sha256(msg)).toString('hex')).toBe(createHash('sha256').update(msg).digest('hex'));
      expect(Buffer.from(hmacSha256(key, msg)).toString('hex')).toBe(createHmac('sha256', key).update(msg).digest('hex'));
    }
  });

  it("every stream of a key seed starts from HMAC-SHA-256(key, its name): the game's and each bot's", async () => {
    const seed = (await seeds()).newMatchSeed();
    const key = Buffer.from(seed.slice(4), 'hex');
    const expected = (stream: string) => {
      const mac = createHmac('sha256', key).update(stream).digest();
      const r = new Uint32Array([mac.readUInt32BE(0), mac.readUInt32BE(4), mac.readUInt32BE(8), mac.readUInt32BE(12)]);
      for (let i = 0; i < 12; i++) nextFloat(r);
      return Array.from(r);
    };
    expect(Array.from(seedRng(seed, 'game'))).toEqual(expected('game'));
    expect(botStreams(seed, 5).map((r) => Array.from(r))).toEqual([0, 1, 2, 3, 4].map((p) => expected(`bot:${p}`)));
    // numbers and other texts seed as before (simulate's seeded results do not move)
    expect(Array.from(seedRng(7, 'game'))).toEqual(Array.from(seedRng(7, 'game')));
    expect(Array.from(seedRng('key:12', 'game'))).not.toEqual(expected('game'));
  });
});

/** Every text the server sends one page: its WebSocket messages, as sent. */
class Recorder {
  readonly texts: string[] = [];
  view: PlayerView | null = null;
  decision = 0;
  /** the last decision this seat answered */
  private answered = -1;
  ended = false;
  private ws!: WebSocket;
  private r: () => number;
  constructor(readonly match: string, readonly token: string, seed: number) {
    let x = seed;
    this.r = () => ((x = (x * 16807) % 2147483647) / 2147483647);
  }

  open(): Promise<void> {
    this.ws = new WebSocket(`${s.url.replace('http', 'ws')}ws`);
    return new Promise((resolve) => {
      this.ws.on('open', () => this.ws.send(JSON.stringify({ t: 'hello', match: this.match, token: this.token })));
      this.ws.on('message', (d) => {
        const text = d.toString();
        this.texts.push(text);
        const m = JSON.parse(text) as ServerMessage;
        if (m.t === 'view' || m.t === 'table') {
          this.view = m.view;
          if (m.view.ended) this.ended = true;
          // a seat answers each decision once, as the seat page does: a view sent again for the same open decision
          // (another seat acted meanwhile) is not answered again, or the answers pile up to the server's rate limit
          if (m.t === 'view' && m.view.prompt && m.decision !== this.answered) {
            this.answered = m.decision;
            this.ws.send(JSON.stringify({ t: 'act', decision: m.decision, positions: pickPositions(m.view.prompt, this.r) }));
          }
          if (m.t === 'view') this.decision = m.decision;
          resolve();
        }
      });
    });
  }

  close(): void {
    this.ws.close();
  }
}

/** The forms in which a seed could show: as given, its key in hex (either case), base64 and base64url, each
 *  32-bit word of it in decimal, and the game stream's first state (what a leak of the state would show). */
function forms(seed: number | string): string[] {
  if (typeof seed === 'number') return [String(seed)];
  const out = [seed];
  if (KEY_SEED.test(seed)) {
    const key = Buffer.from(seed.slice(4), 'hex');
    out.push(key.toString('hex'), key.toString('hex').toUpperCase(), key.toString('base64'), key.toString('base64url'));
    // a 16-character piece of each is enough to look for
    for (let i = 0; i + 16 <= 64; i += 16) out.push(key.toString('hex').slice(i, i + 16));
    for (let i = 0; i < key.length; i += 4) { const w = key.readUInt32BE(i); if (w > 99999) out.push(String(w)); }
    for (const r of [seedRng(seed, 'game'), ...botStreams(seed, 5)]) for (const w of r) if (w > 99999) out.push(String(w));
  }
  return out;
}

async function storedStart(id: string): Promise<MatchStart> {
  const { records } = parseMatchFile(readFileSync(join(s.data, 'matches', `${id}.log`), 'utf8'));
  return (records[0] as { start: MatchStart }).start;
}

/** Tries seeds until the engine's view of seat 0 before any action matches the one the server sent it. */
function attack(first: PlayerView, candidates: Iterable<number | string>): number | string | null {
  const want = JSON.stringify({ zones: first.zones, roles: (first as { roles?: unknown }).roles ?? null });
  for (const c of candidates) {
    const m = Match.start(g, { players: 5, seed: c, log: false });
    const v = m.view(0);
    if (JSON.stringify({ zones: v.zones, roles: (v as { roles?: unknown }).roles ?? null }) === want) return c;
  }
  return null;
}

function* guessable(): Generator<number | string> {
  for (let i = 0; i < 2000; i++) yield i;
  yield 'x';
  yield 'seed';
}

describe('a hosted match', () => {
  it('never sends its seed to a seat or to the host, over HTTP or the WebSocket, until it has ended; the replay holds it then', async () => {
    const created = await post(`${s.url}api/matches`, { ruleset: BB, players: 5, bots: [false, false, 'greedy', 'random', true] });
    expect(created.status).toBe(201);
    const m = created.body as CreatedMatch;
    const seed = (await storedStart(m.id)).seed;
    expect(seed).toMatch(/^key:[0-9a-f]{64}$/);
    const http: string[] = [JSON.stringify(created.body)];
    const get = async (u: string) => { const r = await fetch(u); const t = await r.text(); http.push(t); return { status: r.status, body: JSON.parse(t) }; };
    const seats = m.seats.filter((x) => x.token).map((x, i) => new Recorder(m.id, x.token!, 11 + i));
    const host = new Recorder(m.id, m.host.token, 1);
    await Promise.all([...seats, host].map((r) => r.open()));
    const status = await get(`${s.url}api/matches/${m.id}/status?token=${m.host.token}`);
    expect(status.body.secretSeed).toBe(true);
    expect(Object.keys(status.body)).not.toContain('seed');
    expect((await get(`${s.url}api/matches/${m.id}/replay`)).status).toBe(409);
    for (const x of m.seats) if (x.token) await get(`${s.url}api/matches/${m.id}/view?token=${x.token}`);
    await get(`${s.url}api/matches/${m.id}/view?token=${m.host.token}`);
    // the seats play the game to its end (over the WebSocket; the bots decide between)
    const t0 = Date.now();
    while (!seats.every((r) => r.ended) && Date.now() - t0 < 120_000) await new Promise((r) => setTimeout(r, 20));
    expect(seats.every((r) => r.ended)).toBe(true);
    await get(`${s.url}api/matches/${m.id}/status?token=${m.host.token}`);
    for (const r of [...seats, host]) r.close();
    const sent = [...http, ...seats.flatMap((r) => r.texts), ...host.texts];
    expect(sent.length).toBeGreaterThan(50);
    for (const f of forms(seed)) for (const t of sent) expect(t.includes(f), `'${f}' in ${t.slice(0, 200)}`).toBe(false);
    // once ended, the replay names the seed, and replays
    const rp = await json(`${s.url}api/matches/${m.id}/replay`);
    expect(rp.body.seed).toBe(seed);
    expect(Match.fromReplay(g, rp.body).problems).toEqual([]);
  }, 300_000);

  it('the guessing attack finds a seed given as the editor gave it, and nothing for a seed the server drew', async () => {
    const make = async (seed?: number) => {
      const m = (await post(`${s.url}api/matches`, { ruleset: BB, players: 5, ...(seed === undefined ? {} : { seed }), bots: [false, true, true, true, true] })).body as CreatedMatch;
      return (await json(`${s.url}api/matches/${m.id}/view?token=${m.seats[0]!.token}`)).body.view as PlayerView;
    };
    expect(attack(await make(1), guessable())).toBe(1);
    const secret = await make();
    expect(attack(secret, guessable())).toBeNull();
  }, 300_000);

  it('the host page is told whether the seed is secret, never what it is', async () => {
    const m = (await post(`${s.url}api/matches`, { ruleset: BB, players: 5, seed: 'for a test', bots: [false, true, true, true, true] })).body as CreatedMatch;
    const st = (await json(`${s.url}api/matches/${m.id}/status?token=${m.host.token}`)).body;
    expect(st.secretSeed).toBe(false);
    expect(JSON.stringify(st)).not.toContain('for a test');
  });
});
