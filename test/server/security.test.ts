// The match server refuses what it must, and each refusal changes nothing (the match's file and every view
// stay as they were): forged, swapped and missing tokens; another seat's turn; an answer sent again; a bot's
// seat; oversized, malformed and unknown messages over HTTP and the WebSocket; floods past the per-connection
// rate limit; unknown matches; paths outside the pages.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, Agent } from 'node:http';
import WebSocket from 'ws';
import type { CreatedMatch, ServerMessage } from '../../server/protocol.js';
import { json, matchFiles, post, snapshot, startTestServer, type TestServer } from '../helpers/serve.js';

let s: TestServer;
let m: CreatedMatch;
let other: CreatedMatch;

const BB = 'rulesets/babel-builders.yaml';

beforeAll(async () => {
  s = await startTestServer();
  m = (await post(`${s.url}api/matches`, { ruleset: BB, players: 5, seed: 11, bots: [false, false, false, 'greedy', true] })).body as CreatedMatch;
  other = (await post(`${s.url}api/matches`, { ruleset: BB, players: 5, seed: 12, bots: [false, true, true, true, true] })).body as CreatedMatch;
});

afterAll(async () => {
  await s?.dispose();
});

const viewUrl = (mm: CreatedMatch, token: string) => `${s.url}api/matches/${mm.id}/view?token=${encodeURIComponent(token)}`;
const actUrl = (mm: CreatedMatch, token: string) => `${s.url}api/matches/${mm.id}/actions?token=${encodeURIComponent(token)}`;

/** The person seat whose decision is open, with its view. */
async function toAct(mm: CreatedMatch): Promise<{ seat: number; token: string; decision: number; options: number }> {
  for (const x of mm.seats) {
    if (!x.token) continue;
    const v = (await json(viewUrl(mm, x.token))).body;
    if (v.view.prompt) return { seat: x.seat, token: x.token, decision: v.decision, options: v.view.prompt.options.length };
  }
  throw new Error('no person has a decision open');
}

/** A WebSocket with its messages queued and its close recorded. */
async function socket(): Promise<{ ws: WebSocket; next: () => Promise<ServerMessage>; closed: Promise<{ code: number; reason: string }> }> {
  const ws = new WebSocket(`${s.url.replace('http', 'ws')}ws`);
  const queue: ServerMessage[] = [];
  const waiting: ((m: ServerMessage) => void)[] = [];
  ws.on('message', (d) => {
    const msg = JSON.parse(d.toString()) as ServerMessage;
    const w = waiting.shift();
    if (w) w(msg);
    else queue.push(msg);
  });
  const closed = new Promise<{ code: number; reason: string }>((r) => ws.on('close', (code, reason) => r({ code, reason: reason.toString() })));
  ws.on('error', () => undefined);
  await new Promise((r) => ws.once('open', r));
  return { ws, next: () => (queue.length ? Promise.resolve(queue.shift()!) : new Promise((r) => waiting.push(r))), closed };
}

describe('creating a match', () => {
  it('answers 201 with one secret token and join link per person, none for a bot, and a host link', async () => {
    expect(m.id).toMatch(/^[a-z2-7]{16}$/);
    expect(m.seats.map((x) => x.kind)).toEqual(['person', 'person', 'person', 'greedy', 'greedy']);
    const tokens = m.seats.flatMap((x) => (x.token ? [x.token] : []));
    expect(tokens).toHaveLength(3);
    expect(new Set([...tokens, m.host.token]).size).toBe(4);
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (const x of m.seats) {
      if (x.token) expect(x.url).toBe(`${s.url}play.html#match=${m.id}&token=${x.token}`);
      else expect(x.url).toBeNull();
    }
    expect(m.host.url).toBe(`${s.url}host.html#match=${m.id}&token=${m.host.token}`);
    // the store keeps only hashes of the tokens
    const file = (await import('node:fs')).readFileSync(`${s.data}/matches/${m.id}.log`, 'utf8');
    for (const t of [...tokens, m.host.token]) expect(file).not.toContain(t);
  });

  it('refuses bad requests with a clear message and stores nothing', async () => {
    const before = matchFiles(s.data);
    const cases: [unknown, number, RegExp][] = [
      ['{"ruleset": "rulesets/babel-builders.yaml",\n "players": 5,\n "seed": tru }', 400, /malformed JSON at line 3, column 10/],
      ['', 400, /the body is empty/],
      [[1, 2], 400, /JSON object/],
      [{ ruleset: BB, players: 5, colour: 'red' }, 400, /unknown field 'colour'/],
      [{ ruleset: BB, players: 5, bots: [false, false, false, false, 'clever'] }, 400, /'bots\[4\]' is "clever"/],
      [{ ruleset: BB, players: 5, bots: [false] }, 400, /one entry per seat \(5\)/],
      [{ ruleset: BB, players: 3 }, 400, /5–10 players, not 3/],
      [{ ruleset: BB, players: 5, options: { handSize: 'many' } }, 400, /handSize/],
      [{ ruleset: 'rulesets/nope.yaml', players: 5 }, 422, /does not load/],
      [{ ruleset: '__proto__', players: 5 }, 422, /does not load/],
      [{ ruleset: { path: 'mine.yaml', files: { 'mine.yaml': 'extends: rulesets/babel-builders.yaml\nid: [1]\n' } }, players: 5 }, 422, /does not load/],
      [{ ruleset: { path: 'mine.yaml', files: { 'mine.yaml': 3 } }, players: 5 }, 400, /not a text/],
      [{ ruleset: BB, players: 5, seed: { a: 1 } }, 400, /'seed'/],
    ];
    for (const [body, status, message] of cases) {
      const r = await post(`${s.url}api/matches`, body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(r.body.error).toMatch(message);
    }
    const bad = await post(`${s.url}api/matches`, { ruleset: { path: 'mine.yaml', files: { 'mine.yaml': 'extends: rulesets/babel-builders.yaml\nid: [1]\n' } }, players: 5 });
    expect(bad.body.problems).toEqual(['mine.yaml:2:5: error: id: expected a string, got a list']);
    const huge = await post(`${s.url}api/matches`, { ruleset: { path: 'a.yaml', files: { 'a.yaml': 'x'.repeat(5 * 1024 * 1024) } }, players: 5 });
    expect(huge.status).toBe(413);
    expect(matchFiles(s.data)).toEqual(before);
  });

  it('stops a sent ruleset whose loading takes longer than the time allowed, and says so', async () => {
    const quick = await startTestServer({ uploads: { timeoutMs: 1 } });
    try {
      const r = await post(`${quick.url}api/matches`, { ruleset: { path: 'slow.yaml', files: { 'slow.yaml': 'extends: rulesets/babel-builders.yaml\nid: slow\n' } }, players: 5 });
      expect(r.status).toBe(422);
      expect(r.body.problems).toEqual(['slow.yaml:1:1: error: loading the ruleset took over 0.001 s and was stopped']);
      expect(matchFiles(quick.data)).toEqual([]);
      // the limit is per load: a shipped ruleset is not loaded in the worker and is hosted as ever
      expect((await post(`${quick.url}api/matches`, { ruleset: BB, players: 5 })).status).toBe(201);
    } finally {
      await quick.dispose();
    }
  });

  it('hosts a ruleset sent by the host (a variant of a shipped one), storing the texts it read', async () => {
    const text = 'extends: rulesets/babel-builders.yaml\nid: fewer-seals\nname: Fewer seals\n';
    const r = await post(`${s.url}api/matches`, { ruleset: { path: 'fewer.yaml', files: { 'fewer.yaml': text } }, players: 5, seed: 'x', bots: [false, true, true, true, true] });
    expect(r.status).toBe(201);
    const v = (await json(viewUrl(r.body, r.body.seats[0].token))).body;
    expect(v.view.game).toBe('fewer-seals');
    const file = (await import('node:fs')).readFileSync(`${s.data}/matches/${r.body.id}.log`, 'utf8');
    const startRec = JSON.parse(file.split('\n')[0]!.split('\t')[0]!).start;
    expect(Object.keys(startRec.ruleset.files)).toEqual(['fewer.yaml', 'rulesets/babel-builders.yaml']);
    expect(startRec.ruleset.bundled).toBe(false);
  });
});

describe('tokens', () => {
  it('a seat reads its own view only; a missing, forged or swapped token is refused', async () => {
    const seat0 = m.seats[0]!.token!;
    const v0 = (await json(viewUrl(m, seat0))).body;
    expect(v0.view.viewer).toBe(0);
    expect(v0.view.zones.hand[0].cards.length).toBe(v0.view.zones.hand[0].count);
    // another seat's hand is a count
    expect(v0.view.zones.hand[1].cards).toBeUndefined();
    expect((await json(viewUrl(m, m.host.token))).body.view.viewer).toBe(-1);
    expect((await json(`${s.url}api/matches/${m.id}/view`)).status).toBe(401);
    const forged = seat0.slice(0, -1) + (seat0.endsWith('A') ? 'B' : 'A');
    expect(await json(viewUrl(m, forged))).toEqual({ status: 403, body: { error: 'this token is not one of this match' } });
    // a token of one match is nothing in another
    expect((await json(viewUrl(m, other.seats[0]!.token!))).status).toBe(403);
    expect((await json(viewUrl(other, seat0))).status).toBe(403);
    expect((await json(viewUrl(m, ''))).status).toBe(401);
    expect((await json(`${s.url}api/matches/${m.id}/status?token=${seat0}`)).status).toBe(403);
    expect((await json(`${s.url}api/matches/${m.id}/status?token=${m.host.token}`)).body.seats.map((x: { kind: string }) => x.kind)).toEqual(['person', 'person', 'person', 'greedy', 'greedy']);
  });

  it('over the WebSocket: a bad token or an unknown match is refused and the connection closed', async () => {
    const a = await socket();
    a.ws.send(JSON.stringify({ t: 'hello', match: m.id, token: 'x'.repeat(43) }));
    expect(await a.next()).toEqual({ t: 'error', code: 'forbidden', message: 'this token is not one of this match' });
    expect((await a.closed).code).toBe(4403);
    const b = await socket();
    b.ws.send(JSON.stringify({ t: 'hello', match: 'aaaaaaaaaaaaaaaa', token: m.seats[0]!.token }));
    expect((await b.next()).t).toBe('error');
    expect((await b.closed).code).toBe(4404);
  });
});

describe('actions', () => {
  it('only the seat whose decision is open acts, once per decision; nobody acts for another seat, a bot or the host', async () => {
    const turn = await toAct(m);
    const idle = m.seats.find((x) => x.token && x.seat !== turn.seat)!;
    const idleView = (await json(viewUrl(m, idle.token!))).body;
    const before = await snapshot(s, m);
    // a seat with no decision open: its own token can only ever act for itself
    const r1 = await post(actUrl(m, idle.token!), { decision: idleView.decision, positions: [0] });
    expect(r1.status).toBe(idleView.view.prompt ? 200 : 409);
    if (!idleView.view.prompt) expect(r1.body.error).toMatch(/has no decision to make now/);
    // the host does not play
    expect((await post(actUrl(m, m.host.token), { decision: 0, positions: [0] })).status).toBe(403);
    // a decision number that is not the open one
    const ahead = await post(actUrl(m, turn.token), { decision: turn.decision + 1, positions: [0] });
    expect(ahead.status).toBe(409);
    expect(ahead.body.error).toMatch(/is not open/);
    // positions that are not an answer
    for (const positions of [[turn.options + 5], [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], ['x'], 'all', [-1]]) {
      const r = await post(actUrl(m, turn.token), { decision: turn.decision, positions });
      expect([400, 422], JSON.stringify(positions)).toContain(r.status);
    }
    expect((await post(actUrl(m, turn.token), { decision: turn.decision, positions: [0], player: 3 })).body.error).toMatch(/unknown field 'player'/);
    expect((await post(actUrl(m, turn.token), '{"decision": 0, "positions": [0,]}')).body.error).toMatch(/malformed JSON at line 1, column 33/);
    if (!idleView.view.prompt) expect(await snapshot(s, m)).toEqual(before);

    // the right answer is taken once; the same message again is refused as stale
    const t = await toAct(m);
    const pos = Array.from({ length: 3 }, (_, i) => i).slice(0, Math.max(1, (await json(viewUrl(m, t.token))).body.view.prompt.min));
    const ok = await post(actUrl(m, t.token), { decision: t.decision, positions: pos });
    expect(ok.status).toBe(200);
    expect(ok.body.decision).toBe(t.decision + 1);
    const after = await snapshot(s, m);
    const again = await post(actUrl(m, t.token), { decision: t.decision, positions: pos });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/is not open/);
    expect(await snapshot(s, m)).toEqual(after);
  });

  it('refuses oversized and malformed messages; a malformed one leaves the connection usable', async () => {
    const turn = await toAct(m);
    const before = await snapshot(s, m);
    const big = await post(actUrl(m, turn.token), { decision: turn.decision, positions: Array.from({ length: 5000 }, (_, i) => i) });
    expect(big.status).toBe(413);
    const c = await socket();
    c.ws.send(JSON.stringify({ t: 'act', decision: 0, positions: [0] }));
    expect(await c.next()).toMatchObject({ t: 'error', code: 'hello-first' });
    c.ws.send(JSON.stringify({ t: 'hello', match: m.id, token: turn.token }));
    expect(await c.next()).toMatchObject({ t: 'welcome', seat: turn.seat, seats: ['person', 'person', 'person', 'greedy', 'greedy'] });
    const first = await c.next();
    expect(first).toMatchObject({ t: 'view', decision: turn.decision, logFrom: 0 });
    for (const bad of ['{"t":"act",', '[]', '{"t":"dance"}', '{"t":"act","decision":"one","positions":[0]}', '{"t":"hello","match":"x","token":"y"}']) {
      c.ws.send(bad);
      expect(await c.next(), bad).toMatchObject({ t: 'error', code: 'bad-message' });
    }
    c.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await c.next()).toMatchObject({ t: 'error', code: 'bad-message', message: 'messages are JSON text' });
    expect(await snapshot(s, m)).toEqual(before);
    // still usable: a stale answer is told so
    c.ws.send(JSON.stringify({ t: 'act', decision: turn.decision - 1, positions: [0] }));
    expect(await c.next()).toMatchObject({ t: 'error', code: 'stale' });
    // too large: the socket is closed (1009), nothing taken
    c.ws.send(JSON.stringify({ t: 'act', decision: turn.decision, positions: [0], pad: 'x'.repeat(20_000) }));
    expect((await c.closed).code).toBe(1009);
    expect(await snapshot(s, m)).toEqual(before);
  });

  it('a flood on one connection is refused past the rate limit, then the socket is closed; nothing changes', async () => {
    const turn = await toAct(m);
    const before = await snapshot(s, m);
    const c = await socket();
    c.ws.send(JSON.stringify({ t: 'hello', match: m.id, token: turn.token }));
    await c.next();
    await c.next();
    for (let i = 0; i < 400 && c.ws.readyState === WebSocket.OPEN; i++) c.ws.send(JSON.stringify({ t: 'act', decision: turn.decision + 100, positions: [0] }));
    const codes = new Set<string>();
    const closed = await Promise.race([c.closed, (async () => { for (;;) { const x = await c.next(); if (x.t === 'error') codes.add(x.code); } })()]);
    expect(codes.has('rate-limited')).toBe(true);
    expect(closed).toEqual({ code: 1008, reason: 'too many messages' });
    expect(await snapshot(s, m)).toEqual(before);

    // HTTP: one keep-alive connection asking too fast gets 429s
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const statuses: number[] = [];
    await Promise.all(Array.from({ length: 120 }, () => new Promise<void>((resolve, reject) => {
      request(`${s.url}api/matches/${m.id}/view?token=${turn.token}`, { agent }, (res) => {
        statuses.push(res.statusCode!);
        res.resume();
        res.on('end', resolve);
      }).on('error', reject).end();
    })));
    agent.destroy();
    expect(statuses.filter((x) => x === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((x) => x === 200).length).toBeGreaterThanOrEqual(60);
  });
});

describe('everything else', () => {
  it('unknown matches, a replay before the end, and paths outside the pages are refused', async () => {
    expect((await json(`${s.url}api/matches/aaaaaaaaaaaaaaaa/view?token=x`)).status).toBe(404);
    expect((await json(`${s.url}api/matches/..%2F..%2Fetc/view?token=x`)).status).toBe(404);
    expect((await json(`${s.url}api/matches/${m.id}/replay`)).status).toBe(409);
    expect((await json(`${s.url}api/matches/${m.id}/nothing`)).status).toBe(404);
    expect((await json(`${s.url}api/nothing`)).status).toBe(404);
    expect((await json(`${s.url}api/matches`)).status).toBe(405);
    for (const p of ['../package.json', '..%2Fpackage.json', '%2e%2e/%2e%2e/package.json', 'assets/../../package.json']) {
      const r = await fetch(`${s.url}${p}`);
      expect(r.status, p).toBe(404);
    }
    const page = await fetch(`${s.url}play.html`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const info = (await json(`${s.url}api/info`)).body;
    expect(info.rulesets).toContain(BB);
    expect(info.bots).toEqual(['random', 'greedy', 'deduce', 'ismcts', 'guided', 'ahead']);
  });
});
