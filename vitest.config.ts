import { defineConfig } from 'vitest/config';

// Tests that time themselves (a server answering within so many milliseconds while it is flooded or loading a
// hostile upload, a parser stopping a bomb quickly) run alone, after the rest: on a 2-core machine another test
// file running beside them would take the core they measure.
const ALONE = ['test/server/**/*.test.ts', 'test/load/source.test.ts', 'test/editor/yaml-edit.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup-ajv.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // the JSON report lets .ci/run print the runner's own pass/fail counts
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results.json' },
    projects: [
      {
        extends: true,
        // two files at a time: most tests wait on a child process, a browser or a worker as often as they compute
        test: { name: 'suite', include: ['test/**/*.test.ts'], exclude: ALONE, maxWorkers: 2, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: { name: 'timed', include: ALONE, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
