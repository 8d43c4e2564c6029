// The engine's public API for Node programs (the CLI): everything in api.ts, plus reading rulesets and
// their `extends` chains from disk.

import { createRequire } from 'node:module';
import { useAjv } from './load/schema/schema-check.js';

// ajv is loaded on first use: only a ruleset that fails the schema check compiled at build time needs it to
// explain why (a valid one is answered by that check; `babelkit validate` starts about 45 ms sooner).
let ajv: unknown;
useAjv(() => (ajv ??= createRequire(import.meta.url)('ajv/dist/2020.js')));

export * from './api.js';
import { setCompiledExpressions } from './expr/emit.js';
// `--no-compile` reaches worker threads (simulation, the server's loader) through the environment they inherit
if (process.env.BABELKIT_NO_COMPILE === '1') setCompiledExpressions(false);
export { nodeReadFile, nodeReadImage, nodePathResolver, readStdin, resolveExtendsFromFile } from './load/files/node-files.js';
