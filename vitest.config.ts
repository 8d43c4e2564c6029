import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup-ajv.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // the JSON report lets .ci/run print the runner's own pass/fail counts
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results.json' },
  },
});
