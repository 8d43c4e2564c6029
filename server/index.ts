// `babelkit serve`: one process that serves the web pages (the editor, a seat's page, the host's page),
// the HTTP API and the live connections, and hosts matches stored in DATA/matches (store.ts).
//
//   server/index.ts        startServer(): wires the parts below to one HTTP server
//   server/matches.ts      creating (checked, stored), finding and resuming matches
//   server/hosted-match.ts one match: the engine's Match, its file, serial changes, views pushed on change
//   server/store.ts        the append-only, fsynced match files
//   server/rulesets.ts     shipped rulesets and rulesets sent by a host
//   server/http-api.ts     the HTTP API          server/sockets.ts   the WebSocket protocol (protocol.ts)
//   server/static-files.ts the built pages       server/tokens.ts    ids, tokens, constant-time checks
//   server/upload-loader.ts, load-worker.ts: a sent ruleset is loaded in a worker thread first
//   server/guard.ts        Host, Origin and content-type checks (what a web page cannot make a browser do)

import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Guard, type GuardOptions } from './guard.js';
import { join } from 'node:path';
import { api, type ApiOptions } from './http-api.js';
import { Matches } from './matches.js';
import { packageRoot, Rulesets } from './rulesets.js';
import type { UploadLoaderOptions } from './upload-loader.js';
import { sockets, type SocketOptions } from './sockets.js';
import { staticFiles } from './static-files.js';

export interface ServerOptions {
  port?: number;
  host?: string;
  /** the folder of the match store */
  data: string;
  /** the built pages (default: the package's dist-editor/) */
  pages?: string;
  /** the address people reach the server at, when behind a reverse proxy (join links use it) */
  publicUrl?: string;
  api?: Omit<ApiOptions, 'publicUrl'>;
  sockets?: SocketOptions;
  maxLive?: number;
  /** more host names the server answers to, and origins whose pages may create matches and connect */
  allowHosts?: GuardOptions['allowHosts'];
  allowOrigins?: GuardOptions['allowOrigins'];
  /** how rulesets sent by hosts are loaded first (a worker thread's time and heap limits) */
  uploads?: UploadLoaderOptions;
  /** open HTTP connections from one client address (default 300; past it a new one is closed at once) */
  maxHttpPerAddress?: number;
  /** told about errors no request is waiting for (default: stderr) */
  log?: (line: string) => void;
}

export interface RunningServer {
  /** http://host:port/ as bound */
  url: string;
  port: number;
  matches: Matches;
  /** stored matches that could not be resumed, one line each */
  problems: string[];
  close(): Promise<void>;
}

export async function startServer(o: ServerOptions): Promise<RunningServer> {
  const log = o.log ?? ((l: string) => process.stderr.write(`${l}\n`));
  const root = packageRoot();
  const rulesets = new Rulesets(root, o.uploads);
  const { matches, problems } = await Matches.open(o.data, rulesets, {
    maxLive: o.maxLive,
    onError: (e) => log(`babelkit serve: ${(e as Error).stack ?? String(e)}`),
  });
  const guard = new Guard({ publicUrl: o.publicUrl, allowHosts: o.allowHosts, allowOrigins: o.allowOrigins });
  const handleApi = api(matches, { ...o.api, publicUrl: o.publicUrl });
  const pages = staticFiles(o.pages ?? join(root, 'dist-editor'));
  const ws = sockets(matches, { ...o.sockets, admit: (req) => guard.check(req, true) });

  const server: Server = createServer((req, res) => {
    const refused = guard.check(req, req.method !== 'GET' && req.method !== 'HEAD');
    if (refused) {
      const body = JSON.stringify({ error: refused.message });
      res.writeHead(refused.status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body), Connection: 'close' }).end(body);
      return;
    }
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      res.writeHead(400).end();
      return;
    }
    const done = url.pathname === '/api' || url.pathname.startsWith('/api/') ? handleApi(req, res, url) : pages(req, res, url.pathname);
    done.catch((e: unknown) => {
      log(`babelkit serve: ${req.method} ${url.pathname}: ${(e as Error).stack ?? String(e)}`);
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  server.on('upgrade', (req, socket, head) => {
    if (new URL(req.url ?? '/', 'http://localhost').pathname !== '/ws') { socket.destroy(); return; }
    ws.upgrade(req, socket, head);
  });
  server.on('clientError', (_e, socket) => socket.destroy());
  // HTTP connections per client address (the WebSocket ones are counted in sockets.ts)
  const maxHttp = o.maxHttpPerAddress ?? 300;
  const httpOpen = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const a = socket.remoteAddress ?? '';
    const n = httpOpen.get(a) ?? 0;
    if (n >= maxHttp) { socket.destroy(); return; }
    httpOpen.set(a, n + 1);
    socket.once('close', () => { const k = (httpOpen.get(a) ?? 1) - 1; if (k > 0) httpOpen.set(a, k); else httpOpen.delete(a); });
  });
  server.maxConnections = 5000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 4180, o.host ?? '127.0.0.1', () => resolve());
  });
  const addr = server.address() as AddressInfo;
  const shownHost = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  return {
    url: `http://${shownHost}:${addr.port}/`,
    port: addr.port,
    matches,
    problems,
    async close() {
      ws.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await matches.close();
    },
  };
}
