import { defineConfig } from 'vitest/config';

// One Vitest run covers the three packages and the bench's pure logic; each
// keeps its own config (environment, timeouts) beside its code.
export default defineConfig({
  test: {
    projects: ['packages/protocol', 'packages/server', 'packages/web', 'bench'],
  },
});
