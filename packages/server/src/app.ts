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
import {
  ACCESS_TOKEN_TTL_SECONDS,
  API_BASE,
  REFRESH_TOKEN_TTL_SECONDS,
  STORAGE_KEYS,
} from '@parley/protocol/constants';
import { FILE_MAX_BYTES_DEFAULT } from '@parley/protocol/file';
import { systemClock } from './clock';
import { createInProcessBus } from './bus/in-process';
import type { AppDeps } from './deps';
import { dismiss } from './features/groups/membership';
import { DEFAULT_REALTIME } from './deps';
import { adminRoutes } from './features/admin/routes';
import { createRegistrationGate } from './features/admin/registration';
import { createServerSettings } from './features/admin/server-settings';
import { createAdminService } from './features/admin/service';
import { authRoutes } from './features/auth/routes';
import { createAuthService } from './features/auth/service';
import { createKnownDevices } from './features/auth/known-devices';
import { createAccessTokens } from './features/auth/tokens';
import { sessionsRoutes } from './features/sessions/routes';
import { createSessionsPruneJob } from './features/sessions/prune-job';
import { createSessionsService } from './features/sessions/service';
import { usersRoutes } from './features/users/routes';
import { searchRoutes } from './features/search/routes';
import { createSearchService } from './features/search/service';
import { createUsersService } from './features/users/service';
import { conversationsRoutes } from './features/conversations/routes';
import { createConversationsService } from './features/conversations/service';
import { groupAvatarStore } from './features/groups/avatar';
import { createRoutes } from './features/groups/create-routes';
import { createGroupInactivityJob } from './features/groups/inactivity-job';
import { createMembersService } from './features/groups/members-service';
import { groupsRoutes } from './features/groups/routes';
import { invitationRoutes } from './features/groups/invitation-routes';
import { createInvitationsService } from './features/groups/invitations';
import { createSlowMode } from './features/groups/slow-mode';
import { createGroupsService } from './features/groups/service';
import { createGroupLines } from './features/groups/service-lines';
import { linkPreviewsRoutes } from './features/link-previews/routes';
import { createPreviewFetcher, fetcherOptions } from './features/link-previews/preview-fetcher';
import { createLinkPreviewsService } from './features/link-previews/service';
import { messagesRoutes } from './features/messages/routes';
import { reactionsRoutes } from './features/messages/reaction-routes';
import { createReactionsService } from './features/messages/reactions';
import { fileDownloadRoutes } from './features/files/download-routes';
import { createFilesService } from './features/files/service';
import { createFilesSweepJob } from './features/files/sweep-job';
import { fileUploadRoutes } from './features/files/upload-routes';
import { foldersRoutes } from './features/folders/routes';
import { tasksRoutes } from './features/tasks/routes';
import { createTasksService } from './features/tasks/service';
import { createFoldersService } from './features/folders/service';
import { botApiRoutes } from './features/bots/api-router';
import { createBotsFeature } from './features/bots/feature';
import { createBotHooks } from './features/bots/hooks';
import { botsRoutes } from './features/bots/routes';
import { createBotUpdates } from './features/bots/updates';
import type { Webhooks } from './features/bots/webhooks';
import { avatarRoutes } from './features/settings/avatar-routes';
import { settingsRoutes } from './features/settings/routes';
import { createSettingsService } from './features/settings/service';
import { pushRoutes } from './features/push/routes';
import { DEFAULT_PUSH, createPushService, vapidSubject } from './features/push/service';
import { createInactivityJob } from './jobs/inactivity';
import { createJobRunner } from './jobs/runner';
import { startSearchIndexer } from './store/search-indexer';
import { createLocalDiskStore } from './storage/local-disk';
import { eventTransaction } from './events/log';
import { createChannelViews } from './features/messages/channel-views';
import { createMessagesService } from './features/messages/service';
import { authGuard, decorateAuth } from './http/authenticate';
import { registerSecurityHeaders } from './http/security-headers';
import { registerCsrf } from './http/csrf';
import { errorHandler } from './http/errors';
import { healthRoutes } from './http/health';
import { registerJsonBody } from './http/json-body';
import { loggerOptions } from './http/logger';
import { registerOpenApi, registerOpenApiRoute } from './http/openapi';
import { registerRateLimits } from './http/rate-limit';
import { capConnectionsPerAddress, trustedPeer } from './http/address-cap';
import { DEFAULT_ABUSE_LIMITS } from './config';
import { registerSpa } from './http/spa';
import { validatorCompiler } from './http/validation';
import { createProfilesService } from './features/profiles/service';
import { profilesRoutes } from './features/profiles/routes';
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
  registerMetrics(app, {
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
  // SQLite: new messages reach the full-text index in batches (store/search-indexer.ts).
  const searchIndexer = startSearchIndexer(
    db,
    (error) => app.log.error({ err: error }, 'search index round failed'),
    deps.searchIndexMs,
  );
  app.addHook('onClose', () => searchIndexer.stop());
  // Background jobs tick on every node; a lease in job_locks lets one act per round.
  const jobs = createJobRunner({ db, now, log: app.log });
  const inactivity = createInactivityJob({
    now,
    users,
    settings,
    postNotice,
    log: app.log,
    intervalMs: deps.inactivityJobMs ?? 3_600_000,
  });
  if (deps.inactivityJobMs) jobs.start(inactivity.job);
  app.addHook('onClose', async () => jobs.stop());
  // Groups and channels; their inactivity job ticks with the account one.
  const groups = createGroupsService({
    db,
    now,
    publisher,
    conversations,
    users,
    storeAvatar: groupAvatarStore(blobs),
    lines: groupLines,
  });
  const groupMembers = createMembersService({
    db,
    now,
    publisher,
    conversations,
    lines: groupLines,
  });
  const groupInactivity = createGroupInactivityJob({
    db,
    now,
    members: groupMembers,
    intervalMs: deps.inactivityJobMs ?? 3_600_000,
  });
  if (deps.inactivityJobMs) jobs.start(groupInactivity.job);
  app.decorate('groupInactivityRound', groupInactivity.round);
  if (deps.files?.sweepMs) jobs.start(createFilesSweepJob(files, deps.files.sweepMs));
  app.decorate('filesSweep', files.sweep);
  if (deps.inactivityJobMs) jobs.start(createSessionsPruneJob(sessions, deps.inactivityJobMs));
  app.decorate('sessionsPrune', sessions.prune);
  app.decorate('jobs', {
    inactivityRound: inactivity.round,
    runner: jobs,
    inactivity: inactivity.job,
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
  const redis = deps.redis;
  const redisReady = redis ? () => redis.status === 'ready' && bus.connected() : undefined;
  await app.register(healthRoutes({ ping: deps.store.ping, redisReady }), { prefix: API_BASE });
  const devices = createKnownDevices({ db, now, secure: https });
  await app.register(authRoutes({ auth, limits, guard, devices, onLogout: push.forgetOnLogout }), {
    prefix: API_BASE,
  });
  await app.register(pushRoutes({ push, guard }), { prefix: API_BASE });
  await app.register(usersRoutes({ users, guard }), { prefix: API_BASE });
  await app.register(profilesRoutes({ profiles: createProfilesService({ db, now }), guard }), {
    prefix: API_BASE,
  });
  await app.register(searchRoutes({ search: createSearchService({ db, users }), guard, limits }), {
    prefix: API_BASE,
  });
  await app.register(sessionsRoutes({ sessions, guard }), { prefix: API_BASE });
  await app.register(conversationsRoutes({ conversations, guard }), { prefix: API_BASE });
  const folders = createFoldersService({ db, now, publisher, conversations });
  await app.register(foldersRoutes({ folders, guard }), { prefix: API_BASE });
  await app.register(messagesRoutes({ messages, guard, limits }), { prefix: API_BASE });
  const reactions = createReactionsService({
    db,
    now,
    conversations,
    messages,
    transaction: eventTransaction(db, publisher),
  });
  await app.register(reactionsRoutes({ reactions, guard, limits }), { prefix: API_BASE });
  const slowMode = createSlowMode({ db, now, publisher, conversations });
  await app.register(groupsRoutes({ groups, members: groupMembers, slowMode, guard }), {
    prefix: API_BASE,
  });
  await app.register(createRoutes({ groups, guard }), { prefix: API_BASE });
  const invitations = createInvitationsService({
    db,
    now,
    publisher,
    conversations,
    lines: groupLines,
  });
  await app.register(invitationRoutes({ invitations, guard }), { prefix: API_BASE });
  const tasks = createTasksService({
    db,
    now,
    publisher,
    conversations,
    messages,
    // In-app: the task.assigned user event; with the tab closed: Web Push.
    onAssigned: (assigned) => {
      void push.taskAssigned(assigned);
      deps.onTaskAssigned?.(assigned);
    },
  });
  await app.register(tasksRoutes({ tasks, guard }), { prefix: API_BASE });
  await app.register(linkPreviewsRoutes({ previews, guard, limits }), { prefix: API_BASE });
  await app.register(settingsRoutes({ settings, guard, limits }), { prefix: API_BASE });
  await app.register(avatarRoutes({ settings, blobs, guard }), { prefix: API_BASE });
  const maxBytes = deps.files?.maxBytes ?? FILE_MAX_BYTES_DEFAULT;
  await app.register(fileUploadRoutes({ files, guard, maxBytes, limits }), { prefix: API_BASE });
  // An <img> cannot send the Bearer header: file downloads also take the `token` cookie.
  const fileGuard = authGuard({ tokens, sessions, users }, { cookie: STORAGE_KEYS.tokenCookie });
  await app.register(fileDownloadRoutes({ files, guard: fileGuard }), { prefix: API_BASE });
  const bots = await createBotsFeature({
    db,
    now,
    bus,
    log: app.log,
    transaction: eventTransaction(db, publisher),
    conversations,
    messages,
    files,
    updates: botUpdates,
    hooks: botHooks,
    eraseUser: (id, at, trx) => users.eraseUser(id, at, trx),
    maxFileBytes: maxBytes,
    settings: deps.bots,
  });
  webhooks = bots.webhooks;
  app.addHook('onClose', async () => bots.webhooks.stop());
  await app.register(
    botsRoutes({ db, accounts: bots.accounts, callbacks: bots.callbacks, conversations, guard }),
    { prefix: API_BASE },
  );
  // The Bot API sits outside API_BASE, at /bot<token>/<method>, as Telegram's does.
  await app.register(botApiRoutes(bots.apiDeps, bots.methods));
  await app.register(adminRoutes({ admin, guard }), { prefix: API_BASE });
  registerOpenApiRoute(app);
  registerSpa(app, { webDist: config.webDist });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
