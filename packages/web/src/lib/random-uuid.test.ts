import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { randomUuid } from './random-uuid';

describe('randomUuid', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives version 4 UUIDs the server accepts, all different', () => {
    const made = Array.from({ length: 200 }, randomUuid);
    for (const uuid of made) {
      expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(z.uuid().safeParse(uuid).success).toBe(true);
    }
    expect(new Set(made).size).toBe(made.length);
  });

  it('needs only getRandomValues (an insecure context has no randomUUID)', () => {
    const getRandomValues = crypto.getRandomValues.bind(crypto);
    vi.stubGlobal('crypto', { getRandomValues });
    expect(z.uuid().safeParse(randomUuid()).success).toBe(true);
  });
});
