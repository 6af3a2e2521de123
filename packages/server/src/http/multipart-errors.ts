// A broken multipart body (no boundary, a boundary the body never uses, a
// body cut short) makes @fastify/busboy fail with a plain Error, without a
// code: @fastify/multipart hands it on from request.file() / request.parts()
// and from the file stream. These are its texts (@fastify/busboy 3:
// lib/types/multipart.js, deps/dicer, deps/streamsearch for the boundary's
// length), so the error handler can answer 400 instead of a 500. The
// multipart cases of test/bad-input.test.ts fail if a new version words
// them differently.
const BUSBOY_TEXTS = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^Unexpected end of multipart data$/,
  /^(Part|Preamble) terminated early due to unexpected end of multipart data$/,
  /^The needle cannot (be an empty String\/Buffer|have a length bigger than 256)\.$/,
];

/**
 * The 400's message. Only an API client that builds its own multipart body
 * meets it (the web's FormData never does), so it is not one of the texts the
 * web translates (protocol messages.ts): the chat screen's bundle stays smaller.
 */
export const MALFORMED_MULTIPART = 'The request body is not a valid multipart form.';

/** Whether `error` is busboy's report of a malformed multipart body. */
export function isMalformedMultipart(error: unknown): boolean {
  if (!(error instanceof Error) || 'code' in error) return false;
  return BUSBOY_TEXTS.some((text) => text.test(error.message));
}
