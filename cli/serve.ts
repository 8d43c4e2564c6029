// `babelkit serve`: parses its options, builds the web pages if they are missing, and runs the match server
// (server/, imported only here so that the other commands start fast) until Ctrl+C.

import { existsSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, UsageError, type ArgSpec } from './args.js';
import { applyCompileFlag } from './compile-flag.js';
export { SERVE_USAGE } from './serve-usage.js';

const SPEC: ArgSpec = { port: 'int', host: 'string', data: 'string', 'public-url': 'string', build: 'flag', 'allow-host': 'string', 'allow-origin': 'string', 'max-connections': 'int', 'no-compile': 'flag' };

export interface ServeArgs {
  port: number;
  host: string;
  data: string;
  publicUrl?: string;
  build: boolean;
  /** more names the server answers to (Host), and origins whose pages may create matches and connect */
  allowHosts: string[];
  allowOrigins: string[];
  /** open connections one client address may hold (HTTP and WebSocket) */
  maxConnections?: number;
}

const list = (v: unknown): string[] => (typeof v === 'string' ? v.split(',').map((x) => x.trim()).filter(Boolean) : []);

export function parseServeArgs(args: string[]): ServeArgs {
  const { positional, values } = parseArgs(args, SPEC);
  applyCompileFlag(values);
  if (positional.length) throw new UsageError(`serve takes no file (got '${positional[0]}')`);
  const port = (values.port as number | undefined) ?? 4180;
  if (port > 65535) throw new UsageError(`--port must be between 0 and 65535, not ${port}`);
  let publicUrl = values['public-url'] as string | undefined;
  if (publicUrl !== undefined) {
    let u: URL;
    try {
      u = new URL(publicUrl);
    } catch {
      throw new UsageError(`--public-url needs an address like https://playtest.example.org/, not '${publicUrl}'`);
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new UsageError('--public-url must start with http:// or https://');
    publicUrl = u.href.endsWith('/') ? u.href : `${u.href}/`;
  }
  const allowOrigins = list(values['allow-origin']);
  for (const o of allowOrigins) {
    let u: URL | null = null;
    try { u = new URL(o); } catch { /* below */ }
    if (!u || (u.protocol !== 'http:' && u.protocol !== 'https:')) throw new UsageError(`--allow-origin needs origins like https://example.org, not '${o}'`);
  }
  return {
    port, host: (values.host as string | undefined) ?? '127.0.0.1', data: resolve((values.data as string | undefined) ?? 'babelkit-data'), publicUrl, build: !!values.build,
    allowHosts: list(values['allow-host']), allowOrigins, maxConnections: values['max-connections'] as number | undefined,
  };
}

/** The package folder (dist/cli/serve.js once built, cli/serve.ts in the sources). */
function packageDir(): string {
  for (const up of ['../..', '..']) {
    const d = fileURLToPath(new URL(`${up}/`, import.meta.url));
    if (existsSync(join(d, 'package.json')) && existsSync(join(d, 'editor'))) return d;
  }
  return fileURLToPath(new URL('../../', import.meta.url));
}

async function buildPages(root: string): Promise<void> {
  const t = Date.now();
  process.stdout.write('babelkit serve: building the web pages… ');
  process.env.NODE_ENV ??= 'production';
  const { build } = await import('vite');
  await build({ configFile: join(root, 'editor', 'vite.config.ts'), logLevel: 'error' });
  process.stdout.write(`done in ${((Date.now() - t) / 1000).toFixed(1)} s\n`);
}

/** Addresses of this machine on the local network (for --host 0.0.0.0). */
function lanAddresses(): string[] {
  return Object.values(networkInterfaces()).flatMap((l) => (l ?? []).filter((a) => a.family === 'IPv4' && !a.internal).map((a) => a.address));
}

export async function serveCmd(args: string[]): Promise<number> {
  const a = parseServeArgs(args);
  const root = packageDir();
  const pages = join(root, 'dist-editor');
  if (a.build || !['index.html', 'play.html', 'host.html'].every((f) => existsSync(join(pages, f)))) await buildPages(root);
  const { startServer } = await import('../server/index.js');
  let server;
  try {
    server = await startServer({ port: a.port, host: a.host, data: a.data, pages, publicUrl: a.publicUrl, allowHosts: a.allowHosts, allowOrigins: a.allowOrigins,
      maxHttpPerAddress: a.maxConnections, sockets: a.maxConnections ? { maxPerAddress: a.maxConnections } : undefined });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    process.stderr.write(`babelkit serve: cannot listen on ${a.host}:${a.port}: ${code === 'EADDRINUSE' ? 'the port is in use (choose another with --port)' : (e as Error).message}\n`);
    return 1;
  }
  for (const p of server.problems) process.stderr.write(`babelkit serve: ${p}\n`);
  const n = server.matches.size;
  const wildcard = a.host === '0.0.0.0' || a.host === '::';
  const shown = a.publicUrl ?? (wildcard ? `http://${lanAddresses()[0] ?? '127.0.0.1'}:${server.port}/` : server.url);
  process.stdout.write(`babelkit serve: ${server.url} (data in ${a.data}; ${n} stored match${n === 1 ? '' : 'es'} resumed)\n`);
  process.stdout.write(`  host a match: ${shown}host.html   the editor: ${shown}\n`);
  if (wildcard) for (const ip of lanAddresses()) process.stdout.write(`  on this network: http://${ip}:${server.port}/\n`);
  process.stdout.write('  Ctrl+C to stop\n');
  return new Promise<number>((done) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      void server.close().then(() => done(0));
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
