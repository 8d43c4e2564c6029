// Tests that import the loader directly (engine/load/index.ts), not through an entry point, get ajv the way the
// browser does; the command-line tests run the real binary, which loads it on first use (engine/index-node.ts).
import '../engine/load/schema/ajv-static.js';
