// The built editor (dist-editor/: the editor, the seat page play.html and the host page host.html) served
// as files. Only files under the folder, never a path that climbs out of it; hashed assets are cached for
// good, pages never.

import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.yaml': 'text/yaml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

export function staticFiles(root: string): (req: IncomingMessage, res: ServerResponse, pathname: string) => Promise<void> {
  const base = resolve(root);
  return async (req, res, pathname) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('method not allowed\n');
      return;
    }
    let rel: string;
    try {
      rel = decodeURIComponent(pathname);
    } catch {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('bad path\n');
      return;
    }
    if (rel.endsWith('/')) rel += 'index.html';
    const file = resolve(join(base, rel));
    if (rel.includes('\0') || (file !== base && !file.startsWith(base + sep))) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    const st = await stat(file).catch(() => null);
    if (!st || !st.isFile()) {
      const missing = rel === '/index.html' || rel === '/play.html' || rel === '/host.html';
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end(missing
        ? `the web pages are not built (${base} has no ${rel.slice(1)}): run \`npm run build:editor\`, or start \`babelkit serve --build\`\n`
        : 'not found\n');
      return;
    }
    const immutable = rel.startsWith('/assets/');
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'Content-Length': st.size,
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    });
    if (req.method === 'HEAD') { res.end(); return; }
    createReadStream(file).on('error', () => res.destroy()).pipe(res);
  };
}
