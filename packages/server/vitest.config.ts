import { defineConfig } from 'vitest/config';

// Server suites share one PostgreSQL server and open real ports: run files
// one at a time so their timing does not depend on each other.
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 30_000,
    // after-hooks run in reverse order: a suite's own teardown before the shared server's (test/suite.ts).
    sequence: { hooks: 'stack' },
    hookTimeout: 60_000,
  },
});
