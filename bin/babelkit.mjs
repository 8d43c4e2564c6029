#!/usr/bin/env node
// The babelkit command. The TypeScript sources are compiled to dist/ by `npm ci` (prepare) or `npm run build`.
import { existsSync } from 'node:fs';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('babelkit: not built yet; run `npm ci` or `npm run build` in the babelkit folder first\n');
  process.exit(2);
}
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));
