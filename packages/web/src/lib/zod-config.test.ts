import { expect, it } from 'vitest';

// lib/zod-config.ts sets zod's global config before zod loads; this fails if
// a zod upgrade stops adopting it (the CSP would then report zod's eval probe).
it('makes zod jitless before any schema is built', async () => {
  await import('./zod-config');
  const { config, z } = await import('zod');
  expect(config().jitless).toBe(true);
  expect(z.object({ a: z.number() }).parse({ a: 1 })).toEqual({ a: 1 });
});
