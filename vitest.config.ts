import { defineConfig } from 'vitest/config';

// Tests that time themselves (a server answering within so many milliseconds while it is flooded or loading a
// hostile upload, a parser stopping a bomb quickly) run alone, after the rest: on a 2-core machine another test
// file running beside them would take the core they measure.
// The server's other tests (a crash, the store, the seed, the match in a browser) wait with generous timeouts
// only, and their servers allow a sent ruleset two minutes to load (test/helpers/serve.ts): they run with the rest.
const ALONE = [
  'test/server/connection-flood.test.ts',
  'test/server/hostile-upload.test.ts',
  'test/server/load.test.ts',
  'test/load/source.test.ts',
  'test/editor/yaml-edit.test.ts',
];

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup-ajv.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // a worker process runs file after file with the modules it has loaded (the engine, the loader, Playwright):
    // importing them afresh for each of 140 files cost about a tenth of the run. No test mocks a module or leaves
    // global state behind (process.env changed in a test is put back).
    isolate: false,
    // a babelkit command a test starts plays its games on one worker thread unless the test says --workers: two
    // test files already run at once, and more threads than cores only add start-up and contention
    env: { BABELKIT_WORKERS: '1' },
    // the JSON report lets .ci/run print the runner's own pass/fail counts
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results.json' },
    projects: [
      {
        extends: true,
        // three files at a time on two cores: most tests wait on a child process, a browser or a worker as often as
        // they compute. Measured on a fresh clone, one run each: these files took 816 s with two at a time and 799 s
        // with three (the engine got faster in between too), so the third gains little; it stays while it costs nothing
        test: { name: 'suite', include: ['test/**/*.test.ts'], exclude: ALONE, maxWorkers: 3, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: { name: 'timed', include: ALONE, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
