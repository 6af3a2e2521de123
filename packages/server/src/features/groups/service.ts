import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Conversation } from '@parley/protocol/conversation';
import type { ConversationEventStored } from '@parley/protocol/events/conversation-events';
import { GROUP_MSG } from '@parley/protocol/group';
import type {
  ConversationPreview,
  CreateForm,
  CreateReply,
  EditInfoRequest,
  ToLookupReply,
} from '@parley/protocol/group';
import { MSG } from '@parley/protocol/messages';
import type { Role } from '@parley/protocol/permissions';
import { usernameKey } from '@parley/protocol/rules/username';
import type { Clock } from '../../clock';
import { HttpError } from '../../http/http-error';
import { isUniqueViolation } from '../../store/dialect';
import type { ConversationRow, ConversationsTable, Database } from '../../store/types';
import { flag } from '../../store/types';
import { appendConversationEvent, appendUserEvent, eventTransaction } from '../../events/log';
import type { EventPublisher } from '../../events/log';
import { insertConversation, insertMembers, memberCounts } from '../conversations/queries';
import type { ConversationsService } from '../conversations/service';
import type { UsersService } from '../users/service';
import { forbidden, invalid, notFound, requireCan } from './access';
import { admit, lockConversation, setRole } from './membership';
import { planAdd } from './consent';
import { invitationPeople, invite } from './invitation-store';
import { limitInvitations } from './invitation-limit';
import type { InvitationLimits } from './invitation-limit';
import * as q from './queries';
import type { GroupLines } from './service-lines';

// Groups and channels: creation (spec 3/5's form), info, roles, invite links,
// joining by link or username, and the public /to/:username lookup.
// Usernames share one namespace with users': /to/:username names one thing.

/** 128 random bits: an invite token cannot be guessed or enumerated. */
const newToken = () => randomBytes(16).toString('base64url');

const description = (value: string | null) =>
  value === null || value === 'null' || value === '' ? null : value;

export function createGroupsService(deps: {
  db: Kysely<Database>;
  now: Clock;
  publisher: EventPublisher;
  conversations: ConversationsService;
  users: UsersService;
  /** Stores a validated avatar upload and answers its URL (422 HttpError when refused). */
  storeAvatar: (data: Buffer) => Promise<string>;
  lines: GroupLines;
  limits: InvitationLimits;
}) {
  const { db, conversations, users } = deps;
  const transaction = eventTransaction(db, deps.publisher);

  /** 422 when a user or another public conversation already has this username. */
  async function requireFreeUsername(username: string, self?: number): Promise<void> {
    const taken =
      (await users.findPublicByUsername(username)) !== null ||
      ((await q.publicByUsernameKey(db, usernameKey(username)))?.id ?? self) !== self;
    if (taken) throw invalid('username', MSG.usernameTaken);
  }

  async function preview(
    row: ConversationRow,
    userId: number | null,
  ): Promise<ConversationPreview> {
    const counts = await memberCounts(db, [row.id]);
    const link = userId === null ? undefined : await q.linkOf(db, row.id, userId);
    return {
      id: row.id,
      type: row.type === 'channel' ? 'channel' : 'group',
      name: row.name,
      username: row.username,
      description: description(row.description),
      avatar: row.avatar,
      members_count: counts.get(row.id) ?? 0,
      is_member: link?.member_status === 'member',
    };
  }

  /** Joins by link or username: a blocked or removed user cannot come back on their own. */
  async function join(userId: number, row: ConversationRow): Promise<Conversation> {
    const link = await q.linkOf(db, row.id, userId);
    if (link?.member_status === 'blocked' || link?.member_status === 'removed') {
      throw forbidden(GROUP_MSG.removedFromConversation);
    }
    await transaction(async (trx) => {
      await lockConversation(trx, row.id);
      if (await admit(trx, row.id, userId, deps.now().toISOString())) {
        await deps.lines.joined(trx, row.id, userId, null);
      }
    });
    return conversations.get(userId, row.id);
  }

  async function byToken(token: string): Promise<ConversationRow> {
    const row = await q.byInvitationToken(db, token);
    if (!row) throw new HttpError(404, GROUP_MSG.invalidInvite);
    if (!flag(row.allow_invitation)) throw forbidden(GROUP_MSG.invitesOff);
    return row;
  }

  /** Writes changed info and tells every member (`payload`: what they may see). */
  async function saveInfo(
    conversationId: number,
    change: Partial<Record<keyof ConversationsTable, unknown>>,
    payload: ConversationEventStored<'conversation.info'>,
    /** Its service line, if the change has one (a new name or picture). */
    line?: (trx: Kysely<Database>) => Promise<void>,
  ): Promise<void> {
    const at = deps.now().toISOString();
    try {
      await transaction(async (trx) => {
        await lockConversation(trx, conversationId);
        await trx
          .updateTable('conversations')
          .set(change as never) // keys and value types come from editInfo below
          .where('id', '=', conversationId)
          .execute();
        await appendConversationEvent(trx, conversationId, 'conversation.info', payload, at);
        await line?.(trx);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw invalid('username', MSG.usernameTaken);
      throw error;
    }
  }

  return {
    /** Spec 3/5: a group or channel with the caller as owner and their friends as members. */
    async create(
      userId: number,
      kind: 'group' | 'channel',
      form: CreateForm,
      avatar: Buffer | null,
    ): Promise<CreateReply> {
      const others = [...new Set(form.member_ids)].filter((id) => id !== userId);
      // Those who let the creator add them are members at once; the others are asked (consent.ts).
      const plan = await planAdd(db, userId, others, 'member_ids');
      await limitInvitations(db, deps.limits, userId, null, plan);
      if (form.username) await requireFreeUsername(form.username);
      const avatarUrl = avatar ? await deps.storeAvatar(avatar) : null;
      const at = deps.now().toISOString();
      let id: number;
      try {
        id = await transaction(async (trx) => {
          const created = await insertConversation(trx, {
            type: kind,
            name: form.name,
            description: form.description,
            avatar: avatarUrl,
            unique_key: null,
            created_by: userId,
            created_at: at,
            last_activity_at: at,
            username: form.username,
            username_key: form.username ? usernameKey(form.username) : null,
            has_tasks: form.has_tasks ? 1 : 0,
            publisher_hash: kind === 'channel' ? randomBytes(16).toString('hex') : null,
          });
          const members = [userId, ...plan.add].sort((a, b) => a - b);
          await insertMembers(
            trx,
            members.map((m) => ({
              conversation_id: created,
              user_id: m,
              role: m === userId ? ('owner' as const) : null,
              joined_at: at,
            })),
          );
          const payload = { conversation_id: created };
          await appendConversationEvent(trx, created, 'conversation.created', payload, at);
          for (const m of members) {
            await appendUserEvent(trx, m, 'conversation.joined', payload, at);
          }
          await deps.lines.created(trx, created, userId, form.name);
          await conversations.hooks.joined(trx, created, plan.add, userId, at);
          await invite(trx, created, userId, plan.invite, at);
          return created;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw invalid('username', MSG.usernameTaken);
        throw error;
      }
      return {
        ...(await conversations.get(userId, id)),
        invited: await invitationPeople(db, plan.invite),
      };
    },

    /** Name, description, visibility and username, has_tasks, max_time_inactive (groups). */
    async editInfo(userId: number, conversationId: number, input: EditInfoRequest) {
      const row = requireCan(
        await conversations.requireAccess(userId, conversationId),
        'edit_info',
      );
      const change: Partial<Record<keyof ConversationsTable, unknown>> = {};
      // What members are told: the changed fields as they read them.
      const payload: ConversationEventStored<'conversation.info'> = {};
      if (input.name !== undefined) change.name = payload.name = input.name;
      if (input.description !== undefined) {
        change.description = payload.description = input.description;
      }
      if (input.has_tasks !== undefined) {
        change.has_tasks = input.has_tasks ? 1 : 0;
        payload.has_tasks = input.has_tasks;
      }
      if (input.max_time_inactive !== undefined) {
        if (row.type !== 'group')
          throw invalid('max_time_inactive', GROUP_MSG.inactivityGroupsOnly);
        change.max_time_inactive = payload.max_time_inactive = input.max_time_inactive;
      }
      const goesPrivate = input.type === 'private';
      const username = goesPrivate ? null : (input.username ?? row.username ?? null) || null;
      if (input.type === 'public' && !username) {
        const text =
          row.type === 'group'
            ? GROUP_MSG.publicGroupNeedsUsername
            : GROUP_MSG.publicChannelNeedsUsername;
        throw invalid('username', text);
      }
      if (username !== row.username) {
        if (username) await requireFreeUsername(username, conversationId);
        change.username = payload.username = username;
        change.username_key = username ? usernameKey(username) : null;
      }
      // Only a name that really changed gets a line ("… changed the group name to …").
      const newName = input.name !== undefined && input.name !== row.name ? input.name : null;
      const line =
        newName === null
          ? undefined
          : (trx: Kysely<Database>) => deps.lines.renamed(trx, conversationId, userId, newName);
      if (Object.keys(change).length > 0) await saveInfo(conversationId, change, payload, line);
      return conversations.get(userId, conversationId);
    },

    /** A new avatar (or a replacement): checked like the create form's, by the caller's right first. */
    async setAvatar(userId: number, conversationId: number, data: Buffer): Promise<Conversation> {
      requireCan(await conversations.requireAccess(userId, conversationId), 'edit_info');
      const avatar = await deps.storeAvatar(data);
      await saveInfo(conversationId, { avatar }, { avatar }, (trx) =>
        deps.lines.photo(trx, conversationId, userId),
      );
      return conversations.get(userId, conversationId);
    },

    /** Spec 7: POST /user/role. The owner alone; 'owner' hands ownership on (they become moderator). */
    async setRole(
      userId: number,
      conversationId: number,
      targetId: number,
      role: Role | null,
    ): Promise<void> {
      requireCan(await conversations.requireAccess(userId, conversationId), 'change_roles');
      if (targetId === userId) throw invalid('user_id', GROUP_MSG.notYourself);
      const target = await q.linkOf(db, conversationId, targetId);
      if (target?.member_status !== 'member') throw new HttpError(404, GROUP_MSG.notAMember);
      const stored = role === 'member' || role === null ? null : role;
      const at = deps.now().toISOString();
      await transaction(async (trx) => {
        await lockConversation(trx, conversationId);
        await setRole(trx, conversationId, targetId, stored, at);
        if (stored === 'owner') await setRole(trx, conversationId, userId, 'moderator', at);
      });
    },

    /** A new invite link (the old one stops working). */
    async regenerateInvitation(userId: number, conversationId: number) {
      const row = requireCan(
        await conversations.requireAccess(userId, conversationId),
        'manage_invites',
      );
      const token = newToken();
      await saveInfo(conversationId, { invitation_token: token }, { invitation_changed: true });
      return { token, allow: flag(row.allow_invitation) };
    },

    async revokeInvitation(userId: number, conversationId: number) {
      const row = requireCan(
        await conversations.requireAccess(userId, conversationId),
        'manage_invites',
      );
      await saveInfo(conversationId, { invitation_token: null }, { invitation_changed: true });
      return { token: null, allow: flag(row.allow_invitation) };
    },

    async setAllowInvitation(userId: number, conversationId: number, allow: boolean) {
      const row = requireCan(
        await conversations.requireAccess(userId, conversationId),
        'manage_invites',
      );
      await saveInfo(
        conversationId,
        { allow_invitation: allow ? 1 : 0 },
        { allow_invitation: allow },
      );
      return { token: row.invitation_token, allow };
    },

    /** The join page's card: no member list. */
    async previewByToken(userId: number, token: string): Promise<ConversationPreview> {
      return preview(await byToken(token), userId);
    },

    joinByToken: async (userId: number, token: string) => join(userId, await byToken(token)),

    /** A public group or channel by its username, without an invite. */
    async joinByUsername(userId: number, username: string): Promise<Conversation> {
      const row = await q.publicByUsernameKey(db, usernameKey(username));
      if (!row) throw notFound();
      return join(userId, row);
    },

    /** GET /to/:username (public): a user, else a public group or channel. */
    async lookup(username: string): Promise<ToLookupReply> {
      const user = await users.findPublicByUsername(username);
      if (user) return { kind: 'user', user };
      const row = await q.publicByUsernameKey(db, usernameKey(username));
      if (!row) throw notFound();
      return { kind: 'conversation', conversation: await preview(row, null) };
    },
  };
}

export type GroupsService = ReturnType<typeof createGroupsService>;
