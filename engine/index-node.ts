// The engine's public API for Node programs (the CLI): everything in index.ts, plus reading rulesets and
// their `extends` chains from disk.

export * from './index.js';
export { nodeReadFile, nodePathResolver, readStdin, resolveExtendsFromFile } from './load/node-files.js';
