import { defineConfig } from 'vitest/config';

// One Vitest run covers the three packages; each package keeps its own
// config (environment, timeouts) beside its code.
export default defineConfig({
  test: {
    projects: ['packages/protocol', 'packages/server', 'packages/web'],
  },
});
