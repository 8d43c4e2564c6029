// A stored match the server cannot resume (a damaged line in its file) is not "no such match": its seats and
// its host are told it is damaged, over HTTP (503) and over the WebSocket (error 'damaged', close 4503), and
// the server's log names the file and the line. Matches beside it are served as usual.

import { afterAll, beforeAll, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import type { CreatedMatch } from '../../server/protocol.js';
import { json, post, startTestServer, type TestServer } from '../helpers/serve.js';

let s: TestServer;
let broken: CreatedMatch;
let fine: CreatedMatch;

beforeAll(async () => {
  const first = await startTestServer();
  const body = { ruleset: 'rulesets/babel-builders.yaml', players: 5, seed: 3, bots: [false, true, true, true, true] };
  broken = (await post(`${first.url}api/matches`, body)).body;
  fine = (await post(`${first.url}api/matches`, body)).body;
  // the person answers once, so the file has an acknowledged action after its start
  const v = (await json(`${first.url}api/matches/${broken.id}/view?token=${broken.seats[0]!.token}`)).body;
  const p = v.view.prompt;
  if (p) expect((await post(`${first.url}api/matches/${broken.id}/actions?token=${broken.seats[0]!.token}`, { decision: v.decision, positions: Array.from({ length: Math.max(1, p.min) }, (_, i) => i) })).status).toBe(200);
  await first.close();
  // the last whole line loses a character: damage, not a torn write
  const path = join(first.data, 'matches', `${broken.id}.log`);
  const lines = readFileSync(path, 'utf8').split('\n');
  const k = lines.length - 2;
  lines[k] = lines[k]!.slice(0, 10) + lines[k]!.slice(11);
  writeFileSync(path, lines.join('\n'));
  s = await startTestServer({ data: first.data });
});

afterAll(async () => {
  await s?.dispose();
});

it('tells the seats and the host of a damaged match that it is damaged, over HTTP and the WebSocket', async () => {
  expect(s.problems).toEqual([expect.stringMatching(new RegExp(`${broken.id}\\.log: not resumed: line \\d+: the record is damaged`))]);
  for (const t of [broken.seats[0]!.token!, broken.host.token]) {
    const r = await json(`${s.url}api/matches/${broken.id}/view?token=${t}`);
    expect(r.status).toBe(503);
    expect(r.body.error).toMatch(/this match is damaged/);
  }
  const ws = new WebSocket(`${s.url.replace('http', 'ws')}ws`);
  const got: unknown[] = [];
  ws.on('message', (d) => got.push(JSON.parse(d.toString())));
  const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
  await new Promise((r) => ws.once('open', r));
  ws.send(JSON.stringify({ t: 'hello', match: broken.id, token: broken.seats[0]!.token }));
  expect(await closed).toBe(4503);
  expect(got).toEqual([{ t: 'error', code: 'damaged', message: expect.stringMatching(/this match is damaged/) }]);
  // a match that never existed is still unknown; the other match plays on
  expect((await json(`${s.url}api/matches/aaaaaaaaaaaaaaaa/view?token=x`)).status).toBe(404);
  expect((await json(`${s.url}api/matches/${fine.id}/view?token=${fine.seats[0]!.token}`)).status).toBe(200);
});
