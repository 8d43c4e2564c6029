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

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { api, type ApiOptions } from './http-api.js';
import { Matches } from './matches.js';
import { packageRoot, Rulesets } from './rulesets.js';
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
  const rulesets = new Rulesets(root);
  const { matches, problems } = await Matches.open(o.data, rulesets, {
    maxLive: o.maxLive,
    onError: (e) => log(`babelkit serve: ${(e as Error).stack ?? String(e)}`),
  });
  const handleApi = api(matches, { ...o.api, publicUrl: o.publicUrl });
  const pages = staticFiles(o.pages ?? join(root, 'dist-editor'));
  const ws = sockets(matches, o.sockets);

  const server: Server = createServer((req, res) => {
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
