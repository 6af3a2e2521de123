import { defineConfig } from 'vitest/config';

// The bench's pure logic (summaries, medians); the scenarios themselves run
// through `npm run bench`, never here.
export default defineConfig({
  test: { name: 'bench', include: ['**/*.test.ts'], environment: 'node' },
});
