import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { conversationListSchema } from '@parley/protocol/conversation';
import { historyReplySchema } from '@parley/protocol/message';
import { parsesAsEncodes, serializerCompiler } from './response-serializer';

const serializerFor = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' });

describe('parsesAsEncodes', () => {
  it('accepts plain data at any depth', () => {
    const schema = z.object({
      id: z.number().int(),
      name: z.string().trim().max(5),
      tags: z.array(z.enum(['a', 'b'])),
      maybe: z.string().nullable().optional(),
      either: z.union([z.literal(1), z.object({ x: z.boolean() })]),
      map: z.record(z.string(), z.number()),
    });
    expect(parsesAsEncodes(schema)).toBe(true);
  });

  const inside = (leaf: z.ZodType) =>
    [
      ['an object field', z.object({ a: leaf })],
      ['an array item', z.array(leaf)],
      ['a union option', z.union([z.string(), leaf])],
      ['an optional', z.object({ a: leaf.optional() })],
      ['a nullable', leaf.nullable()],
      ['a record value', z.record(z.string(), leaf)],
    ] as const;

  const changing = [
    ['a transform', z.string().transform((v) => v.length)],
    ['a default', z.string().default('x')],
    ['a codec', z.codec(z.string(), z.number(), { decode: Number, encode: String })],
    ['a pipe', z.string().pipe(z.string())],
  ] as const;

  for (const [what, leaf] of changing) {
    it.each(inside(leaf))(`refuses ${what} inside %s`, (_, schema) => {
      expect(parsesAsEncodes(schema)).toBe(false);
    });
  }

  it('keeps the busiest replies on the parse path', () => {
    expect(parsesAsEncodes(conversationListSchema)).toBe(true);
    expect(parsesAsEncodes(historyReplySchema)).toBe(true);
  });
});

describe('serializerCompiler', () => {
  const plain = z.object({ id: z.number(), name: z.string() });
  const withDefault = z.object({ id: z.number(), name: z.string().default('anon') });

  it.each([
    ['parsed', plain],
    ['encoded', withDefault],
  ])('drops keys outside the contract (%s)', (_, schema) => {
    const json = serializerFor(schema)({ id: 1, name: 'a', password_hash: 'secret' });
    expect(JSON.parse(json)).toEqual({ id: 1, name: 'a' });
  });

  it.each([
    ['parsed', plain],
    ['encoded', withDefault],
  ])('refuses a reply that breaks the contract (%s)', (_, schema) => {
    expect(() => serializerFor(schema)({ id: 'one', name: 'a' })).toThrow(
      ResponseSerializationError,
    );
  });

  it('encodes through a codec as before', () => {
    const schema = z.object({
      at: z.codec(z.string(), z.number(), { decode: Number, encode: String }),
    });
    expect(serializerFor(schema)({ at: 5 })).toBe('{"at":"5"}');
  });
});
