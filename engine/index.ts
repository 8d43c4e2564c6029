// The engine's public API: the CLI, the editor and print import the engine only from here (a test keeps
// it so). It is browser-safe; Node file access for the loader is in index-node.ts. The list itself is in api.ts.
//
//   load      ruleset text (+ a reader for `extends`) → Game, or diagnostics with file:line:col
//   Match     one game in progress: start, decisions, act, bots, undo, rewind, replays
//   simulate  many bot games from one seed, aggregated
//   view      what one seat may see (hidden information enforced here)

import './load/schema/ajv-static.js';
export * from './api.js';
