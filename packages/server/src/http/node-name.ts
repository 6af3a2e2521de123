import type { FastifyInstance } from 'fastify';

// NODE_NAME: every response says which node of a cluster answered it, in
// `X-Parley-Node` — HTTP replies through a hook, the WebSocket upgrade's 101
// through the ws server's `headers` event (that reply bypasses Fastify).
// Call after the gateway is registered. Unset, nothing is added.

export const NODE_HEADER = 'x-parley-node';

export function registerNodeName(app: FastifyInstance, name: string): void {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header(NODE_HEADER, name);
  });
  app.websocketServer.on('headers', (headers: string[]) => {
    headers.push(`X-Parley-Node: ${name}`);
  });
}
