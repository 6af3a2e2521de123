import { SIGN_IN_MESSAGE_TYPE } from '@parley/protocol/message';
import type { SignInNotice } from '@parley/protocol/message';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler } from './http/response-serializer';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from '@parley/protocol/constants';
import { systemClock } from './clock';
import { createInProcessBus } from './bus/in-process';
import type { AppDeps } from './deps';
import { dismiss } from './features/groups/membership';
import { DEFAULT_REALTIME } from './deps';
import { createRegistrationGate } from './features/admin/registration';
import { createServerSettings } from './features/admin/server-settings';
import { createAdminService } from './features/admin/service';
import { createAuthService } from './features/auth/service';
import { createAccessTokens } from './features/auth/tokens';
import { createSessionsService } from './features/sessions/service';
import { createUsersService } from './features/users/service';
import { createConversationsService } from './features/conversations/service';
import { groupAvatarStore } from './features/groups/avatar';
import { createMembersService } from './features/groups/members-service';
import { createGroupsService } from './features/groups/service';
import { createGroupLines } from './features/groups/service-lines';
import { createPreviewFetcher, fetcherOptions } from './features/link-previews/preview-fetcher';
import { createLinkPreviewsService } from './features/link-previews/service';
import { createFilesService } from './features/files/service';
import { createBotHooks } from './features/bots/hooks';
import { createBotUpdates } from './features/bots/updates';
import type { Webhooks } from './features/bots/webhooks';
import { createSettingsService } from './features/settings/service';
import { DEFAULT_PUSH, createPushService, vapidSubject } from './features/push/service';
import { createLocalDiskStore } from './storage/local-disk';
import { eventTransaction } from './events/log';
import { createChannelViews } from './features/messages/channel-views';
import { createMessagesService } from './features/messages/service';
import { authGuard, decorateAuth } from './http/authenticate';
import { registerSecurityHeaders } from './http/security-headers';
import { registerCsrf } from './http/csrf';
import { errorHandler } from './http/errors';
import { registerJsonBody } from './http/json-body';
import { loggerOptions } from './http/logger';
import { registerOpenApi, registerOpenApiRoute } from './http/openapi';
import { registerRateLimits } from './http/rate-limit';
import { capConnectionsPerAddress, trustedPeer } from './http/address-cap';
import { DEFAULT_ABUSE_LIMITS } from './config';
import { registerSpa } from './http/spa';
import { validatorCompiler } from './http/validation';
import { startBackgroundJobs } from './app-jobs';
import { registerApiRoutes } from './app-routes';
import { registerGateway } from './realtime/gateway';
import type { GatewayStats } from './realtime/gateway';
import { registerMetrics } from './metrics/routes';
import { registerNodeName } from './http/node-name';
import { createMemoryPresence } from './realtime/presence';
import { createEventPublisher } from './realtime/publisher';
import { groupCommitStats } from './store/group-commit';

/** A hop count becomes proxy-addr's trust function (Fastify accepts it, its types do not). */
function trustProxyOption(value: AppDeps['config']['trustProxy']) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

/** Request bodies above this get 413. Uploads will get their own, larger limit. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Builds the HTTP app over the given store without listening, so tests can
 * listen on port 0 and main.ts on the configured port.
 */
export async function buildApp(deps: AppDeps) {
  const now = deps.now ?? systemClock;
  const { config } = deps;
  const abuse = { ...DEFAULT_ABUSE_LIMITS, ...config.abuseLimits };
  const app = Fastify({
    // Slow clients (slowloris): headers within headersTimeout, the whole
    // request within requestTimeout, idle keep-alive closed after
    // keepAliveTimeout. Node checks them every connectionsCheckingInterval
    // (30 s by default, which let a slow-header client live 66–80 s).
    keepAliveTimeout: abuse.keepAliveTimeoutMs,
    requestTimeout: abuse.requestTimeoutMs,
    http: {
      headersTimeout: abuse.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, abuse.headersTimeoutMs),
    },
    logger: deps.logger ?? loggerOptions(config.logLevel),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    genReqId: () => randomUUID(),
    // While closing, new requests get 503 and idle keep-alive sockets are
    // closed, so in-flight requests finish and the process can exit.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();
  // Fastify closes the idle keep-alive sockets once, as close() starts. A
  // socket busy at that moment and idle a moment later would hold the close
  // open for the whole keep-alive timeout (72 s; seen in the test suite's
  // teardown). So while closing, idle sockets keep being closed.
  app.addHook('preClose', async () => {
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    app.server.once('close', () => clearInterval(sweep));
  });

  capConnectionsPerAddress(app.server, {
    max: abuse.connectionsPerAddress,
    trusted: trustedPeer(config.trustProxy),
    log: app.log,
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  registerJsonBody(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(cookie);
  const https = config.publicUrl?.startsWith('https://') ?? false;
  registerSecurityHeaders(app, { https });
  registerCsrf(app, { publicUrl: config.publicUrl });
  decorateAuth(app);
  const limits = await registerRateLimits(app, {
    rules: config.rateLimits,
    redis: deps.redis ?? null,
    ...(deps.rateLimitPrefix ? { keyPrefix: deps.rateLimitPrefix } : {}),
  });
  await registerOpenApi(app);

  // Realtime: a bus and presence passed in are the caller's to close; the
  // single-node defaults are closed with the app.
  const bus = deps.bus ?? createInProcessBus((error) => app.log.error({ err: error }, 'bus'));
  const presence = deps.presence ?? createMemoryPresence();
  if (!deps.bus) app.addHook('onClose', () => bus.close());
  if (!deps.presence) app.addHook('onClose', () => presence.close());
  // Web Push: the VAPID keys are loaded (or made) now; every committed new
  // message is queued for push after realtime has been told (features/push).
  const push = await createPushService({
    db: deps.store.db,
    now,
    log: app.log,
    settings: { ...DEFAULT_PUSH, subject: vapidSubject(config.publicUrl), ...deps.push },
  });
  app.addHook('onClose', () => push.close());
  app.decorate('push', push);
  // Message events carry the message: the publisher reads it through the
  // messages service (built below; only called after a commit).
  const publisher = push.wrapPublisher(
    createEventPublisher(bus, (ids) => messages.byIds(ids), app.log),
  );
  // Before any route, so every route is timed; the gateway's counts are read once it exists.
  let gateway: GatewayStats | null = null;
  await registerMetrics(app, {
    token: config.metricsToken ?? null,
    sources: {
      openSockets: () => gateway?.openSockets() ?? 0,
      framesSent: () => gateway?.framesSent() ?? 0,
      busStats: bus.stats,
      publisherStats: publisher.stats,
      // null on PostgreSQL, which has no group commit: the counters stay at 0.
      groupCommitStats: groupCommitStats(deps.store.db),
      pushStats: push.worker.stats,
    },
  });

  const { db } = deps.store;
  const users = createUsersService(db, now);
  const sessions = createSessionsService(db, now, {
    refreshTtlSeconds: deps.refreshTokenTtlSeconds ?? REFRESH_TOKEN_TTL_SECONDS,
    log: app.log,
    onRevoked: publisher.sessionsRevoked,
  });
  const tokens = createAccessTokens(
    db,
    now,
    deps.accessTokenTtlSeconds ?? ACCESS_TOKEN_TTL_SECONDS,
  );
  // Bots hear of messages and membership changes inside their transactions
  // (features/bots/hooks.ts); webhook delivery is built further down.
  let webhooks: Webhooks | null = null;
  const botUpdates = createBotUpdates({
    db,
    now,
    bus,
    onWebhookUpdate: (botId) => webhooks?.kick(botId),
  });
  const botHooks = createBotHooks(botUpdates);
  const conversations = createConversationsService(
    db,
    now,
    users,
    publisher,
    // Deleting a group from the list is leaving it: its service line too
    // (`groupLines` is built below, with the messages service; this runs later).
    async (trx, id, userId, at) => {
      if (await dismiss(trx, id, userId, 'left', at)) {
        await groupLines.left(trx, id, userId, userId, 'left');
      }
    },
    botHooks.membership,
  );
  // Uploaded files: main.ts passes DATA_DIR/blobs; tests and tools get a temporary directory.
  const blobs = deps.blobs ?? createLocalDiskStore(mkdtempSync(join(tmpdir(), 'parley-blobs-')));
  const files = createFilesService({
    db,
    now,
    blobs,
    log: app.log,
    quotaBytes: abuse.uploadQuotaBytes,
  });
  // Channel reads' view counts, told in a throttled event (messages/channel-views.ts).
  const channelViews = createChannelViews({
    db,
    now,
    transaction: eventTransaction(db, publisher),
    log: app.log,
    intervalMs: deps.channelViewsMs,
  });
  app.addHook('onClose', async () => channelViews.close());
  const messages = createMessagesService(
    db,
    now,
    conversations,
    publisher,
    files,
    channelViews,
    botHooks.messages,
  );
  // Service lines of groups and channels (groups/service-lines.ts).
  const groupLines = createGroupLines(messages);
  // The operator's controls (docs/ADMIN.md): settings read per use, so every node agrees.
  const serverSettings = createServerSettings(db);
  const registration = createRegistrationGate({ db, now, serverSettings });
  const auth = createAuthService(
    users,
    sessions,
    tokens,
    conversations.provisionUser,
    async (userId, client) => {
      // The sign-in has happened: a failed notice is logged, never turned into a failed sign-in.
      const notice: SignInNotice = { ...client, at: now().toISOString() };
      try {
        await messages.postSystemNotice(userId, SIGN_IN_MESSAGE_TYPE, JSON.stringify(notice));
      } catch (error) {
        app.log.error({ err: error, userId }, 'sign-in notice not posted');
      }
    },
    registration,
  );
  const guard = authGuard({ tokens, sessions, users });
  const previews = createLinkPreviewsService({
    db,
    now,
    log: app.log,
    visibleMessage: messages.visibleTo,
    settingsOf: users.getUser,
    fetchPreview: createPreviewFetcher(fetcherOptions(deps.linkPreviews)),
  });

  const postNotice = (userId: number, type: string, text: string) =>
    messages.postSystemNotice(userId, type, text);
  const settings = createSettingsService({
    db,
    now,
    users,
    sessions,
    publisher,
    bus,
    presence,
    blobs,
    postNotice,
    serverSettings,
  });
  const admin = createAdminService({
    db,
    now,
    sessions,
    serverSettings,
    eraseAccount: settings.eraseAccount,
    setPasswordHash: users.setPasswordHash,
  });
  // The host command line (`npm run admin`) drives the same service (admin/cli.ts).
  app.decorate('admin', admin);
  // Groups and channels.
  const groups = createGroupsService({
    db,
    now,
    publisher,
    conversations,
    users,
    storeAvatar: groupAvatarStore(blobs),
    lines: groupLines,
    limits,
  });
  const groupMembers = createMembersService({
    db,
    now,
    publisher,
    conversations,
    lines: groupLines,
    limits,
  });
  // Background jobs: the search indexer, account and group inactivity, files, sessions.
  startBackgroundJobs(app, {
    deps,
    db,
    now,
    users,
    settings,
    postNotice,
    groupMembers,
    files,
    sessions,
  });

  // Before every other route: @fastify/websocket must see the upgrade requests first.
  gateway = await registerGateway(app, {
    ...DEFAULT_REALTIME,
    ...deps.realtime,
    db,
    bus,
    presence,
    tokens,
    sessions,
    loadMessages: messages.byIds,
    sendMessage: messages.send,
    limitSend: limits.sendPerUserId,
    limitTyping: limits.typingPerChat,
    socketsPerUser: abuse.socketsPerUser,
    visibility: push.visibility,
    now,
    publicUrl: config.publicUrl,
  });
  const lastSeenRound = gateway.lastSeenRound;
  app.decorate('lastSeenRound', () => lastSeenRound());
  if (config.nodeName) registerNodeName(app, config.nodeName);
  webhooks = (
    await registerApiRoutes(app, {
      deps,
      bus,
      db,
      now,
      https,
      auth,
      limits,
      guard,
      push,
      users,
      sessions,
      conversations,
      publisher,
      messages,
      groups,
      groupMembers,
      groupLines,
      previews,
      settings,
      blobs,
      files,
      tokens,
      botUpdates,
      botHooks,
      admin,
    })
  ).webhooks;
  registerOpenApiRoute(app);
  registerSpa(app, { webDist: config.webDist });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
