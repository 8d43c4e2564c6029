#!/usr/bin/env node
// The babelkit command. The TypeScript sources are compiled to dist/ by `npm ci` (prepare) or `npm run build`.
import { existsSync } from 'node:fs';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('babelkit: not built yet; run `npm ci` or `npm run build` in the babelkit folder first\n');
  process.exit(2);
}
// `validate` is a short job: V8's optimizing compiler would spend more time than it saves (measured: 0.26 s →
// 0.22 s for Babel Builders, the whole process; `npm run bench` reports it). Every other command keeps it.
if (process.argv[2] === 'validate') (await import('node:v8')).default.setFlagsFromString('--no-opt');
// a reader that stops early (`| head`) is not an error
process.stdout.on('error', (e) => { if (e.code === 'EPIPE') process.exit(0); throw e; });
// the command runs from the bundles when the build made them (cli/bundle.mjs): it starts sooner. `validate` has its
// own, a single file
const bundle = new URL(process.argv[2] === 'validate' ? '../dist/cli/validate.bundle.mjs' : '../dist/cli/main.bundle.mjs', import.meta.url);
const { main } = await import((existsSync(bundle) ? bundle : entry).href);
process.exitCode = await main(process.argv.slice(2));
