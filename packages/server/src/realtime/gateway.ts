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
import { LastSeenRecorder } from './last-seen-recorder';
import { PresenceWatchers } from './presence-watchers';
import { createUpgradeRelease } from './upgrade-release';
import { socketErrorHandler } from './socket-errors';
import { WriteCoalescer } from './write-coalescer';
import { logRoundFailure } from '../store/unavailable';

// GET /api/v1/ws. The Origin is checked before the upgrade (a page on another
// site must not open a socket with the user's cookies around); the token
// comes in the first frame, never in the URL, so it stays out of access logs.

export interface GatewayOptions extends Omit<
  ConnectionDeps,
  | 'log'
  | 'coalescer'
  | 'presenceWatchers'
  | 'lastSeen'
  | 'socketClosed'
  | 'claimSocket'
  | 'releaseSocket'
> {
  publicUrl: string | null;
  heartbeatMs: number;
  /** Signed-in sockets one user may hold open on this node (MAX_SOCKETS_PER_USER). */
  socketsPerUser: number;
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
    // The dead node's last once-a-minute write: at most a minute old.
    await options.bus.publish(channels.presence, {
      user_id: userId,
      online: false,
      last_seen_at: state.lastSeenAt,
    });
  }
}

/** What /metrics reads from the gateway. */
export interface GatewayStats {
  /** Sockets open now (also those still before hello). */
  openSockets(): number;
  /** Frames written to sockets since start. */
  framesSent(): number;
  /** Writes the last-seen time of this node's online users not written within a minute (tests). */
  lastSeenRound(): Promise<number>;
}

export async function registerGateway(
  app: FastifyInstance,
  options: GatewayOptions,
): Promise<GatewayStats> {
  const connections = new Set<Connection>();
  /** Resolves the shutdown's wait once the last socket has closed. */
  let drained: (() => void) | null = null;
  const presenceWatchers = new PresenceWatchers(options.bus);
  app.addHook('onClose', () => presenceWatchers.close());
  const lastSeen = new LastSeenRecorder(options.db, options.now);
  lastSeen.start();
  app.addHook('onClose', async () => lastSeen.stop());
  const onSocketError = socketErrorHandler(app.log);
  const releaseUpgradeRequest = createUpgradeRelease(onSocketError);
  // Signed-in sockets per user on this node. The newest over the cap is
  // refused (4029) rather than the oldest closed: closing the oldest would
  // make two tabs over the cap take turns reconnecting and closing each other.
  const socketsOf = new Map<number, number>();
  // One deps object for every socket (a copy per socket cost ~200 bytes),
  // and the server's logger rather than the upgrade request's child logger,
  // which would keep the request's objects alive as long as the socket.
  const deps: ConnectionDeps = {
    ...options,
    log: app.log,
    coalescer: new WriteCoalescer(),
    presenceWatchers,
    lastSeen,
    socketClosed: (connection) => {
      connections.delete(connection);
      if (connections.size === 0) drained?.();
    },
    claimSocket: (userId) => {
      const open = socketsOf.get(userId) ?? 0;
      if (open >= options.socketsPerUser) {
        app.log.warn({ userId, open }, 'realtime: socket refused, too many for this user');
        return false;
      }
      socketsOf.set(userId, open + 1);
      return true;
    },
    releaseSocket: (userId) => {
      const open = (socketsOf.get(userId) ?? 1) - 1;
      if (open <= 0) socketsOf.delete(userId);
      else socketsOf.set(userId, open);
    },
  };

  await app.register(websocket, {
    // No compression: shared frames are written pre-framed (ws-frame.ts).
    // No client tracking: `connections` is the one list of sockets (ws's own
    // set cost a set entry and a close listener per socket).
    options: { maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false, clientTracking: false },
    // A client's bad frame is logged at info and rate-limited (socket-errors.ts).
    errorHandler: (error, socket) => onSocketError(error, socket),
    // Shutdown: every socket gets 1001 (clients reconnect elsewhere and
    // resume), and the close waits until each has closed.
    preClose: async function () {
      const allClosed = new Promise<void>((resolve) => {
        drained = resolve;
        if (connections.size === 0) resolve();
      });
      for (const c of connections) c.close(WS_CLOSE.goingAway, 'server shutting down');
      await allClosed;
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
      logRoundFailure(app.log, 'realtime: expired presence report', error),
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
      const raw = request.raw.socket;
      releaseUpgradeRequest(socket, raw);
      connections.add(new Connection(socket, raw, deps));
    },
  );
  return {
    openSockets: () => connections.size,
    framesSent: () => deps.coalescer.frames,
    lastSeenRound: () => lastSeen.round(),
  };
}
