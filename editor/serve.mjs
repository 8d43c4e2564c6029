#!/usr/bin/env node
// `npm start`: builds the web editor (dist-editor/) and serves it on localhost, printing the URL.
// Options: --port N (default 4173, the next free one if taken), --open (open a browser), --no-build.
import { fileURLToPath } from 'node:url';
import { build, preview } from 'vite';

// a production bundle (Vite reads this when building; Lit's development build only when asked for)
process.env.NODE_ENV ??= 'production';

const args = process.argv.slice(2);
const portArg = args.indexOf('--port');
const port = portArg >= 0 ? Number(args[portArg + 1]) : Number(process.env.PORT ?? 4173);
const configFile = fileURLToPath(new URL('./vite.config.ts', import.meta.url));

if (!args.includes('--no-build')) {
  const t = Date.now();
  process.stdout.write('babelkit editor: building… ');
  await build({ configFile, logLevel: 'error' });
  process.stdout.write(`done in ${((Date.now() - t) / 1000).toFixed(1)} s\n`);
}
const server = await preview({ configFile, logLevel: 'warn', preview: { host: '127.0.0.1', port, strictPort: false, open: args.includes('--open') } });
const url = server.resolvedUrls?.local[0] ?? `http://127.0.0.1:${port}/`;
console.log(`babelkit editor: ${url}  (Ctrl+C to stop; the CLI works beside it: npx babelkit --help)`);
