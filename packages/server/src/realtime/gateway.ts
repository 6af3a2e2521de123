import type { FastifyInstance, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import { API_BASE } from '@parley/protocol/constants';
import { MSG } from '@parley/protocol/messages';
import { WS_CLOSE } from '@parley/protocol/realtime';
import { channels } from '../bus/bus';
import { HttpError } from '../http/http-error';
import type { ConnectionDeps } from './connection';
import { Connection } from './connection';
import { userState } from './queries';
import { PresenceWatchers } from './presence-watchers';
import { WriteCoalescer } from './write-coalescer';

// GET /api/v1/ws. The Origin is checked before the upgrade (a page on another
// site must not open a socket with the user's cookies around); the token
// comes in the first frame, never in the URL, so it stays out of access logs.

export interface GatewayOptions extends Omit<
  ConnectionDeps,
  'log' | 'coalescer' | 'presenceWatchers'
> {
  publicUrl: string | null;
  heartbeatMs: number;
}

/** Largest client frame; hello with a few thousand conversations fits. */
const MAX_FRAME_BYTES = 256 * 1024;

/** PUBLIC_URL's origin when set, else the request's own scheme://Host. Absent Origin: not a browser. */
function originAllowed(request: FastifyRequest, publicUrl: string | null): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  const own = publicUrl ?? `${request.protocol}://${request.host}`;
  return origin === own;
}

async function reportOffline(options: GatewayOptions, userIds: number[]): Promise<void> {
  for (const userId of userIds) {
    const state = await userState(options.db, userId);
    if (!state || state.hidden) continue;
    await options.bus.publish(channels.presence, { user_id: userId, online: false });
  }
}

/** What /metrics reads from the gateway. */
export interface GatewayStats {
  /** Sockets open now (also those still before hello). */
  openSockets(): number;
  /** Frames written to sockets since start. */
  framesSent(): number;
}

export async function registerGateway(
  app: FastifyInstance,
  options: GatewayOptions,
): Promise<GatewayStats> {
  const connections = new Set<Connection>();
  const coalescer = new WriteCoalescer();
  const presenceWatchers = new PresenceWatchers(options.bus);
  app.addHook('onClose', () => presenceWatchers.close());

  await app.register(websocket, {
    // No compression: shared frames are written pre-framed (ws-frame.ts).
    options: { maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false },
    // Shutdown: every socket gets 1001 (clients reconnect elsewhere and resume).
    preClose: async function () {
      for (const c of connections) c.close(WS_CLOSE.goingAway, 'server shutting down');
      await new Promise<void>((resolve) => app.websocketServer.close(() => resolve()));
    },
  });

  const heartbeat = setInterval(() => {
    for (const c of connections) {
      if (!c.alive) c.terminate();
      else c.ping();
    }
  }, options.heartbeatMs);
  heartbeat.unref();
  app.addHook('onClose', async () => clearInterval(heartbeat));

  // Users of a node that died without disconnecting them: their contacts
  // learn it once the entries expired (one node reports each user).
  const stopSweep = options.presence.onExpired((userIds) => {
    void reportOffline(options, userIds).catch((error: unknown) =>
      app.log.error({ err: error }, 'realtime: expired presence report failed'),
    );
  });
  app.addHook('onClose', async () => stopSweep());

  app.get(
    `${API_BASE}/ws`,
    {
      websocket: true,
      schema: { hide: true },
      preValidation: async (request) => {
        if (!originAllowed(request, options.publicUrl)) {
          request.log.warn({ origin: request.headers.origin }, 'realtime: foreign Origin refused');
          throw new HttpError(403, MSG.forbidden);
        }
      },
    },
    (socket, request) => {
      const connection = new Connection(socket, request.raw.socket, {
        ...options,
        coalescer,
        presenceWatchers,
        log: request.log,
      });
      connections.add(connection);
      socket.on('close', () => connections.delete(connection));
    },
  );
  return { openSockets: () => connections.size, framesSent: () => coalescer.frames };
}
