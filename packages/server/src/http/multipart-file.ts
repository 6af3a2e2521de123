// Reading one multipart file part whole, with its size limit kept. busboy
// cuts a file at the limit and marks the stream `truncated`; @fastify/
// multipart's toBuffer() only looks at that mark after each chunk it reads,
// so when the last chunk before the cut was already read, toBuffer() ended
// without an error and the cut file was taken as whole (issue 18: 6–9 of 12
// oversize avatars accepted). The mark is final once the stream has ended:
// checking it after toBuffer() is what makes the limit hold every time.

/** The error @fastify/multipart throws for a file over its limit; the routes answer it 413. */
export class FileTooLarge extends Error {
  override name = 'FileTooLarge';
  readonly code = 'FST_REQ_FILE_TOO_LARGE';
  readonly statusCode = 413;
  constructor() {
    super('request file too large');
  }
}

export interface FilePart {
  file: { truncated?: boolean };
  toBuffer(): Promise<Buffer>;
}

/** The whole file, or FileTooLarge when the stream was cut at the limit. */
export async function readWholeFile(part: FilePart): Promise<Buffer> {
  const data = await part.toBuffer();
  if (part.file.truncated) throw new FileTooLarge();
  return data;
}
