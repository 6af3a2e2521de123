import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in for other people's web sites in the link-preview suites: a
// plain HTTP server on 127.0.0.1 (never anything else) that counts the
// requests for each path, so a test can tell a cache hit from a fetch.

export type Handler = (request: IncomingMessage, response: ServerResponse) => void;

export interface Origin {
  port: number;
  /** http://127.0.0.1:port */
  url: string;
  hits(path: string): number;
  close(): Promise<void>;
}

export async function startOrigin(routes: Record<string, Handler>): Promise<Origin> {
  const hits = new Map<string, number>();
  const open = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    open.add(response);
    response.on('close', () => open.delete(response));
    const handler = routes[path];
    if (handler) handler(request, response);
    else response.writeHead(404).end('not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    hits: (path) => hits.get(path) ?? 0,
    async close() {
      for (const response of open) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const html =
  (body: string, contentType = 'text/html; charset=utf-8'): Handler =>
  (_request, response) => {
    response.writeHead(200, { 'content-type': contentType }).end(body);
  };

export const redirect =
  (location: string, status = 302): Handler =>
  (_request, response) => {
    response.writeHead(status, { location }).end();
  };

export const bytes =
  (data: Buffer, contentType: string): Handler =>
  (_request, response) => {
    response.writeHead(200, { 'content-type': contentType }).end(data);
  };

/** Sends the headers and a little of the body, then nothing more. */
export const stalls: Handler = (_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html' });
  response.write('<html><head><title>never fin');
};
