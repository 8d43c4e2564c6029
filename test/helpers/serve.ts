// Helpers for the tests of `babelkit serve`: a server in this process on a free port with its own data
// folder, JSON requests, and a snapshot of everything a match's people can see plus its file's size (to
// check that a refused request changed nothing).

import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer, type ServerOptions } from '../../server/index.js';
import type { CreatedMatch } from '../../server/protocol.js';
import { EDITOR_DIST } from './browser.js';

export interface TestServer extends RunningServer {
  data: string;
  /** lines the server logged */
  logged: string[];
  /** close and remove the data folder */
  dispose(): Promise<void>;
}

export async function startTestServer(o: Partial<ServerOptions> = {}): Promise<TestServer> {
  const data = o.data ?? mkdtempSync(join(tmpdir(), 'bk-serve-'));
  const logged: string[] = [];
  // a sent ruleset's load is stopped after 10 s of wall time; a test machine running other test files beside this
  // one can take that long to start the loading worker, so test servers allow two minutes unless a test says
  // otherwise (test/server/security.test.ts checks the limit itself)
  const s = await startServer({ port: 0, pages: EDITOR_DIST, log: (l) => logged.push(l), ...o, uploads: { timeoutMs: 120_000, ...o.uploads }, data });
  return Object.assign(s, {
    data,
    logged,
    dispose: async () => {
      await s.close();
      rmSync(data, { recursive: true, force: true });
    },
  });
}

export async function json(url: string, init: RequestInit = {}): Promise<{ status: number; body: any }> {
  const r = await fetch(url, init);
  const text = await r.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: r.status, body };
}

export const post = (url: string, body: unknown) => json(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });

export function matchFiles(data: string): string[] {
  return readdirSync(join(data, 'matches')).sort();
}

/** The match file's size and every person's view: equal snapshots mean nothing changed. */
export async function snapshot(s: TestServer, m: CreatedMatch): Promise<{ size: number; views: unknown[] }> {
  const size = statSync(join(s.data, 'matches', `${m.id}.log`)).size;
  const views = await Promise.all(m.seats.filter((x) => x.token).map(async (x) => (await json(`${s.url}api/matches/${m.id}/view?token=${x.token}`)).body));
  const host = (await json(`${s.url}api/matches/${m.id}/view?token=${m.host.token}`)).body;
  return { size, views: [...views, host] };
}
