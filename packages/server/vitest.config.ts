import { defineConfig } from 'vitest/config';

// Server suites share one PostgreSQL server and open real ports: run files
// one at a time so their timing does not depend on each other. They also
// share one module graph (isolate: false): every suite builds its own app,
// store and bus, so re-importing the server for each of 56 files only cost
// time (import 36 s of a 170 s run; 105 s without it, and the suite passes
// with its files shuffled).
export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    isolate: false,
    testTimeout: 30_000,
    // after-hooks run in reverse order: a suite's own teardown before the shared server's (test/suite.ts).
    sequence: { hooks: 'stack' },
    hookTimeout: 60_000,
  },
});
