// 1,500 WebSocket connections saying hello to one match (a token for one's own match costs nothing) made every
// other request wait seconds: each hello pushed the match's views to every socket, and the rate limits were
// per connection (#30: 4). Connections are now capped per client address, per match and in all; under the
// same flood /api/info and an ongoing match still answer promptly.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { CreatedMatch } from '../../server/protocol.js';
import { json, post, startTestServer, type TestServer } from '../helpers/serve.js';

let s: TestServer;
const BB = 'rulesets/babel-builders.yaml';

beforeAll(async () => {
  s = await startTestServer();
});

afterAll(async () => {
  await s?.dispose();
});

/** Opens a socket: it, or the HTTP status its upgrade was refused with. */
function connect(keep: WebSocket[]): Promise<WebSocket | number | string> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`${s.url.replace('http', 'ws')}ws`);
    keep.push(ws);
    ws.on('unexpected-response', (_q, res) => { res.resume(); resolve(res.statusCode!); });
    ws.on('open', () => resolve(ws));
    ws.on('error', (e) => resolve(e.message));
  });
}

type Outcome = 'welcomed' | 'closed-4429' | 'other';

/** Says hello on an open socket: how the server took it (the socket stays open if welcomed). */
function hello(ws: WebSocket, match: string, token: string): Promise<Outcome> {
  return new Promise((resolve) => {
    ws.on('message', (d) => { if (JSON.parse(d.toString()).t === 'welcome') resolve('welcomed'); });
    ws.on('close', (code) => resolve(code === 4429 ? 'closed-4429' : 'other'));
    ws.send(JSON.stringify({ t: 'hello', match, token }));
  });
}

/** Milliseconds each of n sequential requests takes. */
async function probe(url: string, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const r = await fetch(url);
    await r.text();
    expect(r.status).toBe(200);
    out.push(performance.now() - t0);
  }
  return out;
}

const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('a flood of connections', () => {
  it('1,500 sockets saying hello to one match: capped per address and per match; /api/info and the match still answer', async () => {
    const flooded = (await post(`${s.url}api/matches`, { ruleset: BB, players: 5, bots: [false, true, true, true, true] })).body as CreatedMatch;
    const other = (await post(`${s.url}api/matches`, { ruleset: BB, players: 5, bots: [false, true, true, true, true] })).body as CreatedMatch;
    const keep: WebSocket[] = [];
    try {
      const token = flooded.seats[0]!.token!;
      // 1,500 sockets from one address: 300 are let in, the rest refused at the upgrade (503)
      const opening: Promise<WebSocket | number | string>[] = [];
      for (let i = 0; i < 1500; i++) {
        opening.push(connect(keep));
        if (i % 100 === 99) await new Promise((r) => setTimeout(r, 0));
      }
      const duringOpen = await probe(`${s.url}api/info`, 20);
      const opened = await Promise.all(opening);
      const open = opened.filter((x): x is WebSocket => typeof x === 'object');
      // refused: the connection closed at once (past 300 open from one address, HTTP keep-alive ones included), or
      // the upgrade answered 503 (past the sockets' own cap)
      const refused = opened.filter((x) => x === 503 || x === 'read ECONNRESET' || x === 'socket hang up');
      expect(open.length).toBeLessThanOrEqual(300);
      expect(open.length).toBeGreaterThan(290);
      expect(refused.length).toBe(1500 - open.length);
      // all of them say hello to one match: 50 are welcomed, the rest closed (4429)
      const outcomes = open.map((ws) => hello(ws, flooded.id, token));
      const during = await probe(`${s.url}api/info`, 20);
      const seatView = await probe(`${s.url}api/matches/${other.id}/view?token=${other.seats[0]!.token}`, 20);
      const got = await Promise.all(outcomes);
      const count = (o: Outcome) => got.filter((x) => x === o).length;
      expect(count('welcomed')).toBe(50);
      expect(count('closed-4429')).toBe(open.length - 50);
      const after = await probe(`${s.url}api/info`, 20);
      // (the flooding client runs in this process too, so a probe also waits for its own sockets: before the caps a
      // probe took 6.6 s)
      for (const xs of [duringOpen, during, seatView, after]) {
        expect(median(xs)).toBeLessThan(100);
        expect(Math.max(...xs)).toBeLessThan(1000);
      }
    } finally {
      for (const ws of keep) ws.terminate();
    }
    // the sockets closed, the same address connects again
    await new Promise((r) => setTimeout(r, 200));
    const again: WebSocket[] = [];
    const ws = await connect(again);
    expect(typeof ws).toBe('object');
    expect(await hello(ws as WebSocket, flooded.id, flooded.seats[0]!.token!)).toBe('welcomed');
    for (const x of again) x.terminate();
  }, 120_000);
});
