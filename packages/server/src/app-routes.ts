import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { API_BASE, STORAGE_KEYS } from '@parley/protocol/constants';
import { FILE_MAX_BYTES_DEFAULT } from '@parley/protocol/file';
import type { Clock } from './clock';
import type { AppDeps } from './deps';
import type { Bus } from './bus/bus';
import { eventTransaction } from './events/log';
import type { EventPublisher } from './events/log';
import { adminRoutes } from './features/admin/routes';
import type { createAdminService } from './features/admin/service';
import { createKnownDevices } from './features/auth/known-devices';
import { authRoutes } from './features/auth/routes';
import type { createAuthService } from './features/auth/service';
import type { createAccessTokens } from './features/auth/tokens';
import { botApiRoutes } from './features/bots/api-router';
import { createBotsFeature } from './features/bots/feature';
import type { createBotHooks } from './features/bots/hooks';
import { botsRoutes } from './features/bots/routes';
import type { createBotUpdates } from './features/bots/updates';
import type { Webhooks } from './features/bots/webhooks';
import { conversationsRoutes } from './features/conversations/routes';
import type { createConversationsService } from './features/conversations/service';
import { fileDownloadRoutes } from './features/files/download-routes';
import type { createFilesService } from './features/files/service';
import { fileUploadRoutes } from './features/files/upload-routes';
import { foldersRoutes } from './features/folders/routes';
import { createFoldersService } from './features/folders/service';
import { createRoutes } from './features/groups/create-routes';
import { invitationRoutes } from './features/groups/invitation-routes';
import { createInvitationsService } from './features/groups/invitations';
import type { createMembersService } from './features/groups/members-service';
import { groupsRoutes } from './features/groups/routes';
import type { createGroupsService } from './features/groups/service';
import type { createGroupLines } from './features/groups/service-lines';
import { createSlowMode } from './features/groups/slow-mode';
import { linkPreviewsRoutes } from './features/link-previews/routes';
import type { createLinkPreviewsService } from './features/link-previews/service';
import { reactionsRoutes } from './features/messages/reaction-routes';
import { createReactionsService } from './features/messages/reactions';
import { messagesRoutes } from './features/messages/routes';
import type { createMessagesService } from './features/messages/service';
import { profilesRoutes } from './features/profiles/routes';
import { createProfilesService } from './features/profiles/service';
import { pushRoutes } from './features/push/routes';
import type { createPushService } from './features/push/service';
import { searchRoutes } from './features/search/routes';
import { createSearchService } from './features/search/service';
import { sessionsRoutes } from './features/sessions/routes';
import type { createSessionsService } from './features/sessions/service';
import { avatarRoutes } from './features/settings/avatar-routes';
import { settingsRoutes } from './features/settings/routes';
import type { createSettingsService } from './features/settings/service';
import { tasksRoutes } from './features/tasks/routes';
import { createTasksService } from './features/tasks/service';
import { usersRoutes } from './features/users/routes';
import type { createUsersService } from './features/users/service';
import { authGuard } from './http/authenticate';
import { healthRoutes } from './http/health';
import type { registerRateLimits } from './http/rate-limit';
import type { BlobStore } from './storage/blob-store';
import type { Database } from './store/types';

// The API's routes, area by area, over the services buildApp (app.ts) made.
// The services only routes use (folders, reactions, slow mode, invitations,
// tasks, the bots) are made here beside their routes.

export interface RouteContext {
  deps: AppDeps;
  bus: Bus;
  db: Kysely<Database>;
  now: Clock;
  /** The public URL is https: cookies are Secure. */
  https: boolean;
  auth: ReturnType<typeof createAuthService>;
  limits: Awaited<ReturnType<typeof registerRateLimits>>;
  guard: ReturnType<typeof authGuard>;
  push: Awaited<ReturnType<typeof createPushService>>;
  users: ReturnType<typeof createUsersService>;
  sessions: ReturnType<typeof createSessionsService>;
  conversations: ReturnType<typeof createConversationsService>;
  publisher: EventPublisher;
  messages: ReturnType<typeof createMessagesService>;
  groups: ReturnType<typeof createGroupsService>;
  groupMembers: ReturnType<typeof createMembersService>;
  groupLines: ReturnType<typeof createGroupLines>;
  previews: ReturnType<typeof createLinkPreviewsService>;
  settings: ReturnType<typeof createSettingsService>;
  blobs: BlobStore;
  files: ReturnType<typeof createFilesService>;
  tokens: ReturnType<typeof createAccessTokens>;
  botUpdates: ReturnType<typeof createBotUpdates>;
  botHooks: ReturnType<typeof createBotHooks>;
  admin: ReturnType<typeof createAdminService>;
}

export async function registerApiRoutes(
  app: FastifyInstance,
  context: RouteContext,
): Promise<{ webhooks: Webhooks }> {
  const {
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
  } = context;
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
  const tasks = createTasksService({
    db,
    now,
    publisher,
    conversations,
    messages,
    limitSend: limits.sendPerUserId,
    // In-app: the task.assigned user event; with the tab closed: Web Push.
    onAssigned: (assigned) => {
      void push.taskAssigned(assigned);
      deps.onTaskAssigned?.(assigned);
    },
  });
  await app.register(
    conversationsRoutes({ conversations, guard, taskGroups: tasks.board.taskGroups }),
    { prefix: API_BASE },
  );
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
  app.addHook('onClose', async () => bots.webhooks.stop());
  await app.register(
    botsRoutes({ db, accounts: bots.accounts, callbacks: bots.callbacks, conversations, guard }),
    { prefix: API_BASE },
  );
  // The Bot API sits outside API_BASE, at /bot<token>/<method>, as Telegram's does.
  await app.register(botApiRoutes(bots.apiDeps, bots.methods));
  await app.register(adminRoutes({ admin, guard }), { prefix: API_BASE });
  return { webhooks: bots.webhooks };
}
