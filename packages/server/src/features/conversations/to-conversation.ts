import { keyboardOptionsSchema } from '@parley/protocol/bot-markup';
import type { KeyboardOptions } from '@parley/protocol/bot-markup';
import { keyboardSchema } from '@parley/protocol/conversation';
import type { Conversation, Friend, Keyboard, LastMessage } from '@parley/protocol/conversation';
import type { MessageRef } from '@parley/protocol/message';
import type { Kysely } from 'kysely';
import { can, roleOf } from '@parley/protocol/permissions';
import { flag } from '../../store/types';
import type { Database } from '../../store/types';
import * as q from './queries';
import type { AccessRow, PreviewRow } from './queries';

// Rows → the protocol Conversation. A page of any length is hydrated with
// three more queries: the friends of its direct chats, the previews of its
// last and pinned messages, and the member counts of its groups and channels.

/** Spec 3: the stored string 'null' counts as an empty description. */
const description = (value: string | null) =>
  value === null || value === 'null' || value === '' ? null : value;

/** The stored keyboard (JSON written by setKeyboard); anything unreadable counts as none. */
function parseKeyboard(value: string | null): Keyboard | null {
  if (value === null) return null;
  try {
    const parsed = keyboardSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A bot's reply keyboard options (JSON written by the bots feature), else null. */
function parseKeyboardOptions(value: string | null): KeyboardOptions | null {
  if (value === null) return null;
  try {
    const parsed = keyboardOptionsSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const senderOf = (row: PreviewRow) =>
  row.user_id === null ? null : { id: row.user_id, name: row.sender_name ?? '' };

function pinnedRef(row: PreviewRow | undefined, id: number): MessageRef {
  if (!row || row.deleted_at !== null) {
    return { id, message: null, type: null, sender: null, deleted: true };
  }
  return { id, message: row.message, type: row.type, sender: senderOf(row), deleted: false };
}

function lastMessage(row: AccessRow, previews: Map<number, PreviewRow>): LastMessage | null {
  // A cleared history hides its last message too.
  if (row.last_message_id === null || row.last_message_id <= row.cleared) return null;
  const m = previews.get(row.last_message_id);
  if (!m || m.deleted_at !== null) return null;
  return {
    id: m.id,
    message: m.message,
    type: m.type,
    created_at: m.created_at,
    user_id: m.user_id,
    sender: senderOf(m),
  };
}

export async function toConversations(
  db: Kysely<Database>,
  userId: number,
  rows: AccessRow[],
): Promise<Conversation[]> {
  const directIds = rows.filter((r) => r.type === 'direct').map((r) => r.id);
  const messageIds = rows.flatMap((r) =>
    [r.last_message_id, r.pinned_message_id].filter((id): id is number => id !== null),
  );
  const managedIds = rows
    .filter((r) => r.type === 'group' || r.type === 'channel')
    .map((r) => r.id);
  const [friendRows, previewRows, counts] = await Promise.all([
    q.friendsOf(db, userId, directIds),
    q.messagePreviews(db, [...new Set(messageIds)]),
    q.memberCounts(db, managedIds),
  ]);
  const friends = new Map<number, Friend>(
    friendRows.map((f) => [
      f.conversation_id,
      {
        id: f.id,
        name: f.name,
        avatar: f.avatar,
        status: f.status,
        pivot: { blocked: flag(f.blocked) },
        is_bot: flag(f.is_bot ?? 0),
        is_official: flag(f.is_official ?? 0),
      },
    ]),
  );
  const ownBots = new Set(
    friendRows.filter((f) => f.bot_owner_id === userId).map((f) => f.conversation_id),
  );
  const previews = new Map(previewRows.map((p) => [p.id, p]));

  return rows.map((r) => {
    const friend = friends.get(r.id) ?? null;
    return {
      id: r.id,
      type: r.type,
      name: r.type === 'direct' ? (friend?.name ?? r.name) : r.name,
      description: description(r.description),
      avatar: r.type === 'direct' ? (friend?.avatar ?? null) : r.avatar,
      created_at: r.created_at,
      last_message_at: r.last_message_at,
      is_group: r.type === 'group',
      is_channel: r.type === 'channel',
      is_saved: r.type === 'saved',
      is_system: r.type === 'system',
      is_secret: false,
      // An official bot's chat is official too (spec 6), as is the System chat.
      is_official: flag(r.is_official) || r.type === 'system' || friend?.is_official === true,
      with_bot: friend?.is_bot === true,
      with_own_bot: ownBots.has(r.id),
      friend,
      pinned_message:
        r.pinned_message_id === null
          ? null
          : pinnedRef(previews.get(r.pinned_message_id), r.pinned_message_id),
      current_user: { last_message: lastMessage(r, previews) },
      pivot: {
        muted: flag(r.muted),
        blocked: flag(r.blocked),
        pinned: flag(r.pinned),
        hidden: flag(r.hidden),
        new_messages: r.new_messages,
        mentioned_message_id: r.mentioned_message_id,
        last_read_message_id: r.last_read_message_id,
        cleared: r.cleared,
        folder_id: r.folder_id,
        notifications: flag(r.notifications),
        keyboard: parseKeyboard(r.keyboard),
        keyboard_options: parseKeyboardOptions(r.keyboard_options),
        role: r.role,
      },
      last_seq: r.last_seq,
      username: r.username,
      members_count: counts.get(r.id) ?? (r.type === 'direct' ? 2 : 1),
      allow_invitation: flag(r.allow_invitation),
      // The link itself only for those who may hand it out.
      invitation_token: can(roleOf(r.role), 'manage_invites', r.type) ? r.invitation_token : null,
      has_tasks: flag(r.has_tasks),
      task_service_lines: flag(r.task_service_lines),
      publisher_hash: r.type === 'channel' ? r.publisher_hash : null,
      max_time_inactive: r.type === 'group' ? r.max_time_inactive : null,
      slow_mode_seconds: r.type === 'group' ? r.slow_mode_seconds : null,
    };
  });
}
