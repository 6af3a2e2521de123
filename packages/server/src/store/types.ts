import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { WhoCanAdd } from '@parley/protocol/rules/group-consent';
import type { AdminTables } from './admin-tables';
import type { BotTables } from './bot-tables';
import type { PushTables } from './push-tables';
import type { ReactionTables } from './reaction-tables';
import type { TaskTables } from './task-tables';

// Kysely table types. One schema for both dialects, so two conventions:
//
// - Flags are written as 0/1 and read as boolean (PostgreSQL) or 0/1
//   (SQLite). PostgreSQL accepts the text '1'/'0' for a boolean parameter and
//   better-sqlite3 refuses JS booleans, so 0/1 is the one form both take.
//   Read them through `flag()` below.
// - Timestamps are ISO-8601 strings both ways: SQLite stores the text, and
//   the pg pool's type parser turns timestamptz back into an ISO string
//   (see db.ts). ISO strings in UTC also sort correctly as text.

export type Flag = ColumnType<boolean | number, number | undefined, number>;
export type Timestamp = string;

export interface UsersTable {
  id: Generated<number>;
  name: string;
  username: string;
  /** username lower-cased: the unique, case-insensitive form. */
  username_key: string;
  login: string;
  login_key: string;
  password_hash: string;
  status: string | null;
  timezone: ColumnType<string, string | undefined, string>;
  avatar: string | null;
  notifications: Flag;
  paranoid: Flag;
  muted: Flag;
  hide_status: Flag;
  allow_search: Flag;
  load_links: Flag;
  max_time_inactive: number | null;
  /** Who may add the user to groups without an invitation (0018). */
  who_can_add: ColumnType<WhoCanAdd, WhoCanAdd | undefined, WhoCanAdd>;
  secret_hash: string | null;
  /** Consecutive wrong passwords since the last successful sign-in. */
  failed_logins: ColumnType<number, number | undefined, number>;
  last_active_at: Timestamp | null;
  created_at: Timestamp;
  /** The user's event sequence (user_events.seq of the newest row). */
  last_seq: ColumnType<number, number | undefined, number>;
  /** Shown on the paranoid lock screen (0004-settings). */
  secret_hint: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the System chat last warned of deletion for inactivity. */
  inactivity_warned_at: ColumnType<
    Timestamp | null,
    Timestamp | null | undefined,
    Timestamp | null
  >;
  /** Set when the account was erased for inactivity. */
  deleted_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** A bot account (0014-bots); its settings are in `bots`. */
  is_bot: ColumnType<boolean | number, number | undefined, number>;
  /** An official account (spec 6), such as the built-in bot that makes bots. */
  is_official: ColumnType<boolean | number, number | undefined, number>;
  /** A bot's owner; null for people (and the official bot). */
  bot_owner_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Administers the server (0020-admin). */
  is_admin: ColumnType<boolean | number, number | undefined, number>;
  /** Set while an admin has disabled the account (0020-admin). */
  disabled_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** Last connected: written on the last socket's close and once a minute online (0022). */
  last_seen_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** The interface language the web app reported (0027); the official bot answers in it. */
  locale: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  /** The refresh-token family this session owns (random, never reused). */
  family_id: string;
  device: string;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  session_id: number;
  /** sha256 of the token, hex. The token itself is never stored. */
  token_hash: string;
  created_at: Timestamp;
  used_at: Timestamp | null;
  replaced_by: number | null;
  expires_at: Timestamp;
}

export interface ServerKeysTable {
  /** What the key is for, e.g. 'jwt-hs256'. */
  name: string;
  secret: string;
  created_at: Timestamp;
}

export type ConversationKind = 'direct' | 'group' | 'channel' | 'saved' | 'system';
export type MemberRole = 'owner' | 'moderator' | 'publisher';

export interface ConversationsTable {
  id: Generated<number>;
  type: ConversationKind;
  name: string | null;
  description: string | null;
  avatar: string | null;
  /**
   * At most one conversation per key: 'direct:<minId>:<maxId>', 'saved:<userId>',
   * 'system:<userId>'; null for groups and channels.
   */
  unique_key: string | null;
  created_by: number | null;
  created_at: Timestamp;
  last_message_id: number | null;
  last_message_at: Timestamp | null;
  /** last_message_at, else created_at: the list's sort key (indexed). */
  last_activity_at: Timestamp;
  /** Newest conversation_events.seq of this conversation. */
  last_seq: ColumnType<number, number | undefined, number>;
  pinned_message_id: number | null;
  is_official: Flag;
  /** A public group or channel's username; null when private (0005-groups). */
  username: ColumnType<string | null, string | null | undefined, string | null>;
  username_key: ColumnType<string | null, string | null | undefined, string | null>;
  allow_invitation: ColumnType<boolean | number, number | undefined, number>;
  invitation_token: ColumnType<string | null, string | null | undefined, string | null>;
  has_tasks: ColumnType<boolean | number, number | undefined, number>;
  /** Post task changes in the chat as service lines (0016-tasks). */
  task_service_lines: ColumnType<boolean | number, number | undefined, number>;
  /** Raised by every change of the task board (0016-tasks): its cache key. */
  tasks_version: ColumnType<number, number | undefined, number>;
  /** Channels only: the identity posts are published under. */
  publisher_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** Groups only: days without activity before a member is removed; null = never. */
  max_time_inactive: ColumnType<number | null, number | null | undefined, number | null>;
  /** Groups only: seconds a member waits between messages; null = off (0017-quotas). */
  slow_mode_seconds: ColumnType<number | null, number | null | undefined, number | null>;
  /** Direct chats: how many of the two links are blocked (0 lets sends through unread). */
  direct_blocks: ColumnType<number, number | undefined, number>;
}

/** The spec's "pivot": one user's link to one conversation. */
export interface ConversationMembersTable {
  conversation_id: number;
  user_id: number;
  role: MemberRole | null;
  muted: Flag;
  blocked: Flag;
  pinned: Flag;
  hidden: Flag;
  notifications: Flag;
  new_messages: ColumnType<number, number | undefined, number>;
  mentioned_message_id: number | null;
  last_read_message_id: number | null;
  /** Messages with id <= cleared are hidden for this user. */
  cleared: ColumnType<number, number | undefined, number>;
  /** JSON rows of button texts (spec 4 Keyboard), or null for none. */
  keyboard: ColumnType<string | null, string | null | undefined, string | null>;
  folder_id: number | null;
  joined_at: Timestamp;
  /** Left the group, or deleted a one-to-one chat for themselves. */
  deleted: Flag;
  /** 'member', or why not any more: 'left', 'removed', 'blocked' (0005-groups). */
  member_status: ColumnType<MemberStatus, MemberStatus | undefined, MemberStatus>;
  /** Slow mode: this member's last message sent while it was on (0017-quotas). */
  slow_mode_last_at: ColumnType<Timestamp | null, string | null | undefined, string | null>;
  /** JSON of protocol KeyboardOptions for a bot's reply keyboard; null otherwise (0014-bots). */
  keyboard_options: ColumnType<string | null, string | null | undefined, string | null>;
}

export type MemberStatus = 'member' | 'left' | 'removed' | 'blocked';

export interface MessagesTable {
  id: Generated<number>;
  conversation_id: number;
  /** null: posted by the server itself (the System conversation). */
  user_id: number | null;
  uuid: string;
  message: string;
  type: ColumnType<string, string | undefined, string>;
  parent_id: number | null;
  forwarded_id: number | null;
  edited: Flag;
  views: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: Timestamp | null;
  /** The attached file (0006-files); null without one, and after delete-for-everyone. */
  file_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** A bot's inline keyboard or force reply, JSON of protocol MessageReplyMarkup (0014-bots). */
  reply_markup: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface MessageHiddenTable {
  user_id: number;
  message_id: number;
}

export interface ConversationEventsTable {
  conversation_id: number;
  seq: number;
  type: string;
  /** JSON text. */
  payload: string;
  created_at: Timestamp;
}

export interface UserEventsTable {
  user_id: number;
  seq: number;
  type: string;
  payload: string;
  created_at: Timestamp;
}

/** One row per background job: the node whose lease is current acts (0004-settings). */
export interface JobLocksTable {
  name: string;
  holder: string | null;
  locked_until: Timestamp;
}

/** The link-preview cache: one row per normalized URL (0003-link-previews). */
export interface LinkPreviewsTable {
  url_key: string;
  /** 'ok', or a negative result kept for less time: 'none' (nothing to show), 'failed'. */
  status: 'ok' | 'none' | 'failed';
  title: string | null;
  description: string | null;
  site_name: string | null;
  image_key: string | null;
  /** WebP bytes of the thumbnail (bytea / blob). */
  image_data: Buffer | null;
  image_width: number | null;
  image_height: number | null;
  fetched_at: Timestamp;
  expires_at: Timestamp;
}

/** Uploaded files of messages (0006-files). */
export interface FilesTable {
  id: Generated<number>;
  /** 128 random bits, base64url: the file's URLs carry it. */
  key: string;
  uploader_id: number | null;
  blob_key: string;
  thumbnail_key: string | null;
  name: string;
  mime: string;
  /** bigint: pg returns it as a string; read it through Number(). */
  size: ColumnType<number | string, number, number>;
  width: number | null;
  height: number | null;
  created_at: Timestamp;
  /** Set by the first send that attaches it; an unattached upload is its uploader's alone. */
  attached_at: Timestamp | null;
}

/** A user's conversation folders (0007-folders); conversation_members.folder_id points here. */
export interface ConversationFoldersTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** 0-based order among the user's folders. */
  position: number;
  created_at: Timestamp;
}

export interface GroupInvitationsTable {
  id: Generated<number>;
  conversation_id: number;
  user_id: number;
  inviter_id: number;
  created_at: Timestamp;
}

export interface KnownDevicesTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 (hex) of the device cookie's random token. */
  token_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp;
}

export interface Database extends TaskTables, BotTables, PushTables, AdminTables, ReactionTables {
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  server_keys: ServerKeysTable;
  conversations: ConversationsTable;
  conversation_members: ConversationMembersTable;
  messages: MessagesTable;
  message_hidden: MessageHiddenTable;
  conversation_events: ConversationEventsTable;
  user_events: UserEventsTable;
  link_previews: LinkPreviewsTable;
  job_locks: JobLocksTable;
  files: FilesTable;
  conversation_folders: ConversationFoldersTable;
  group_invitations: GroupInvitationsTable;
  known_devices: KnownDevicesTable;
}

export type ConversationRow = Selectable<ConversationsTable>;
export type MemberRow = Selectable<ConversationMembersTable>;
export type MessageRow = Selectable<MessagesTable>;
export type FileRow = Selectable<FilesTable>;

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;

/** Reads a Flag column the same way on both dialects. */
export function flag(value: boolean | number): boolean {
  return value === true || value === 1;
}
