// A web page the host visits must not be able to use the server through the host's browser (#30: 5). A page
// can send a POST as text/plain without a CORS preflight, open a WebSocket to any address, and — by pointing
// its own DNS name at 127.0.0.1 (DNS rebinding) — read answers sent to its own name. So: a POST must be
// application/json, a POST or a WebSocket whose Origin is not the server's own is refused, and a Host that is
// not a name the server answers to is refused before anything else. Scripts (no Origin) go on working.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import WebSocket from 'ws';
import { matchFiles, startTestServer, type TestServer } from '../helpers/serve.js';

let s: TestServer;
let port: number;
const BB = 'rulesets/babel-builders.yaml';
const body = JSON.stringify({ ruleset: BB, players: 5, bots: [false, true, true, true, true] });

beforeAll(async () => {
  s = await startTestServer({ allowOrigins: ['https://tools.example.org'], allowHosts: ['table.lan'] });
  port = s.port;
});

afterAll(async () => {
  await s?.dispose();
});

/** A raw HTTP request to the server with the headers a browser (or a rebound page) would send. */
function raw(method: string, path: string, headers: Record<string, string>, data?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers, setHost: false }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, text }));
    });
    req.on('error', reject);
    if (data !== undefined) req.end(data);
    else req.end();
  });
}

const here = () => `127.0.0.1:${port}`;

/** Opens /ws with these headers: 'open', or the HTTP status the upgrade was refused with. */
function wsOpen(headers: Record<string, string>): Promise<'open' | number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers });
    ws.on('open', () => { ws.close(); resolve('open'); });
    ws.on('unexpected-response', (_req, res) => { resolve(res.statusCode!); res.resume(); });
    ws.on('error', () => undefined);
  });
}

describe('what a web page can make the host’s browser do', () => {
  it('a text/plain POST (no preflight needed) creates nothing: 415', async () => {
    const before = matchFiles(s.data).length;
    const r = await raw('POST', '/api/matches', { Host: here(), 'Content-Type': 'text/plain;charset=UTF-8', 'Content-Length': String(Buffer.byteLength(body)) }, body);
    expect(r.status).toBe(415);
    expect(JSON.parse(r.text).error).toMatch(/application\/json/);
    const none = await raw('POST', '/api/matches', { Host: here(), 'Content-Length': String(Buffer.byteLength(body)) }, body);
    expect(none.status).toBe(415);
    expect(matchFiles(s.data).length).toBe(before);
  });

  it('a POST from another origin is refused, from the server’s own page or an allowed origin it is taken, and a script (no Origin) too', async () => {
    const before = matchFiles(s.data).length;
    const json = { Host: here(), 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) };
    for (const origin of ['http://evil.example', 'null', `http://127.0.0.1:${port + 1}`, 'https://tools.example.org.evil.example']) {
      const r = await raw('POST', '/api/matches', { ...json, Origin: origin }, body);
      expect(r.status, origin).toBe(403);
    }
    expect(matchFiles(s.data).length).toBe(before);
    expect((await raw('POST', '/api/matches', { ...json, Origin: `http://${here()}` }, body)).status).toBe(201);
    expect((await raw('POST', '/api/matches', { ...json, Origin: 'https://tools.example.org' }, body)).status).toBe(201);
    expect((await raw('POST', '/api/matches', json, body)).status).toBe(201);
    expect(matchFiles(s.data).length).toBe(before + 3);
  });

  it('a Host the server does not answer to (a rebound DNS name) gets no answer but 421, for the API and the pages', async () => {
    for (const path of ['/api/info', '/host.html', '/']) {
      const r = await raw('GET', path, { Host: `attacker.example:${port}` });
      expect(r.status, path).toBe(421);
      expect(r.text).not.toMatch(/rulesets\/|<html/i);
    }
    expect((await raw('GET', '/api/info', {})).status).toBe(400); // none at all (Node refuses it)
    for (const h of [here(), `localhost:${port}`, `[::1]:${port}`, `192.168.1.20:${port}`, `table.lan:${port}`, 'LOCALHOST']) {
      expect((await raw('GET', '/api/info', { Host: h })).status, h).toBe(200);
    }
  });

  it('the WebSocket takes the server’s own pages and scripts, not another origin or host', async () => {
    expect(await wsOpen({ Origin: 'http://evil.example' })).toBe(403);
    expect(await wsOpen({ Origin: 'null' })).toBe(403);
    expect(await wsOpen({ Host: `attacker.example:${port}`, Origin: `http://attacker.example:${port}` })).toBe(421);
    expect(await wsOpen({ Origin: `http://${here()}` })).toBe('open');
    expect(await wsOpen({ Origin: 'https://tools.example.org' })).toBe('open');
    expect(await wsOpen({})).toBe('open');
  });
});
