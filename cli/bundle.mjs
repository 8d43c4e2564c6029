#!/usr/bin/env node
// Build step (after tsc): bundles `babelkit validate` (dist/cli/validate-entry.js, the engine and the YAML parser)
// into one file, dist/cli/validate.bundle.mjs. Node then reads one file instead of some 230 modules: about 40 ms
// of a 300 ms check (`npm run bench` reports the whole process). Only our own code and the YAML parser go in: ajv
// is loaded on first use (engine/index-node.ts) and the schema check compiled by schemas/build-validator.mjs is
// imported at run time from dist/schemas/, as by the rest of the command line. bin/babelkit.mjs runs the bundle
// when it exists and the modules otherwise.
import { build } from 'rolldown';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/cli/', import.meta.url));
await build({
  input: `${dist}validate-entry.js`,
  platform: 'node',
  external: [/^ajv(\/|$)/],
  logLevel: 'warn',
  output: { file: `${dist}validate.bundle.mjs`, format: 'esm', codeSplitting: false },
});
