import type { FastifyInstance } from 'fastify';
import { MSG } from '@parley/protocol/messages';
import { HttpError } from './http-error';

/** Deeper JSON than this is refused before it is parsed into objects. */
export const MAX_JSON_DEPTH = 32;

/** Deepest [ / { nesting of a JSON text, ignoring brackets inside strings. Linear, no recursion. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > max) max = depth;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    }
  }
  return max;
}

/**
 * The only body parser: JSON. text/plain and everything else get 415 (uploads
 * will register multipart in their own feature). An empty JSON body counts
 * as no body, so the schema answers (422, or accepted where the body is
 * optional, like /logout). `__proto__` and `constructor.prototype` keys are
 * removed by Fastify's secure parser rather than refused.
 */
export function registerJsonBody(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  const parse = app.getDefaultJsonParser('remove', 'remove');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    if (jsonDepth(text) > MAX_JSON_DEPTH) {
      done(
        new HttpError(422, MSG.validationFailed, {
          _: [`The request body is nested deeper than ${MAX_JSON_DEPTH} levels.`],
        }),
        undefined,
      );
      return;
    }
    parse(request, text, done);
  });
}
