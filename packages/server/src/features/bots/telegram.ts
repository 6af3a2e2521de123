import type { Kysely } from 'kysely';
import type { Message } from '@parley/protocol/message';
import { BOT_COMMAND_SOURCE } from '@parley/protocol/rules/bot-commands';
import { flag } from '../../store/types';
import type { Database } from '../../store/types';

// Parley's rows and messages as the Bot API's objects (core.telegram.org/bots/api):
// User, Chat, Message, CallbackQuery, ChatMemberUpdated. A chat's id is the
// conversation's id (a private chat's too: Telegram would use the user's id).

export interface TgUser {
  id: number;
  is_bot: boolean;
  first_name: string;
  username: string;
  /** A person's interface language, when their app reported it (users.locale), as Telegram's. */
  language_code?: string;
}

export interface TgChat {
  id: number;
  type: 'private' | 'group' | 'channel';
  title?: string;
  username?: string;
  first_name?: string;
}

export interface TgEntity {
  type: 'bot_command' | 'mention' | 'url';
  offset: number;
  length: number;
}

export type TgMessage = Record<string, unknown> & { message_id: number; chat: TgChat };

export const unixTime = (iso: string) => Math.floor(Date.parse(iso) / 1000);

export function tgUser(row: {
  id: number;
  name: string;
  username: string;
  is_bot: boolean | number;
  locale?: string | null;
}): TgUser {
  return {
    id: row.id,
    is_bot: flag(row.is_bot),
    first_name: row.name,
    username: row.username,
    ...(row.locale ? { language_code: row.locale } : {}),
  };
}

export async function usersById(db: Kysely<Database>, ids: number[]): Promise<Map<number, TgUser>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name', 'username', 'is_bot', 'locale'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, tgUser(r)]));
}

/**
 * The Chat of a conversation as `botId` sees it: a direct chat is "private"
 * and named after the person in it; groups keep their title.
 */
export async function chatOf(
  db: Kysely<Database>,
  conversationId: number,
  botId: number,
): Promise<TgChat | null> {
  const c = await db
    .selectFrom('conversations')
    .select(['id', 'type', 'name', 'username'])
    .where('id', '=', conversationId)
    .executeTakeFirst();
  if (!c) return null;
  if (c.type === 'direct') {
    const other = await db
      .selectFrom('conversation_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.name', 'u.username'])
      .where('m.conversation_id', '=', c.id)
      .where('m.user_id', '!=', botId)
      .executeTakeFirst();
    return {
      id: c.id,
      type: 'private',
      first_name: other?.name ?? '',
      ...(other ? { username: other.username } : {}),
    };
  }
  return {
    id: c.id,
    type: c.type === 'channel' ? 'channel' : 'group',
    title: c.name ?? '',
    ...(c.username ? { username: c.username } : {}),
  };
}

// Commands by the shared rule (protocol rules/bot-commands.ts), as the web app taps them.
const ENTITY_PATTERN = new RegExp(
  `(^|\\s)(${BOT_COMMAND_SOURCE}|@[A-Za-z0-9_]{3,32}|https?:\\/\\/\\S+)`,
  'g',
);

/** Commands, mentions and links of a text, with UTF-16 offsets as the Bot API counts them. */
export function entitiesOf(text: string): TgEntity[] {
  const out: TgEntity[] = [];
  for (const match of text.matchAll(ENTITY_PATTERN)) {
    const token = match[2] ?? '';
    const offset = (match.index ?? 0) + (match[1]?.length ?? 0);
    const type = token.startsWith('/') ? 'bot_command' : token.startsWith('@') ? 'mention' : 'url';
    out.push({ type, offset, length: token.length });
  }
  return out;
}

/** A text and its entities under the Bot API's names for a text or a caption. */
function textFields(text: string, caption: boolean): Record<string, unknown> {
  if (text === '') return {};
  const entities = entitiesOf(text);
  const [t, e] = caption ? ['caption', 'caption_entities'] : ['text', 'entities'];
  return { [t]: text, ...(entities.length > 0 ? { [e]: entities } : {}) };
}

function fileFields(m: Message): Record<string, unknown> {
  const f = m.attached_file;
  if (!f) return {};
  if (f.is_image) {
    const size = { file_id: f.key, file_unique_id: f.key, file_size: f.size };
    return { photo: [{ ...size, width: f.width ?? 0, height: f.height ?? 0 }] };
  }
  return {
    document: {
      file_id: f.key,
      file_unique_id: f.key,
      file_name: f.name,
      mime_type: f.mime,
      file_size: f.size,
    },
  };
}

/** A protocol Message as the Bot API's Message; `users` holds its sender and its parent's. */
export function tgMessage(m: Message, chat: TgChat, users: Map<number, TgUser>): TgMessage {
  const from = m.user_id === null ? undefined : users.get(m.user_id);
  const date = unixTime(m.created_at);
  const parent = m.parent && !m.parent.deleted ? m.parent : null;
  const parentFrom = parent?.sender ? users.get(parent.sender.id) : undefined;
  const inline = m.reply_markup?.inline_keyboard;
  return {
    message_id: m.id,
    ...(from ? { from } : {}),
    chat,
    date,
    ...(m.edited ? { edit_date: unixTime(m.updated_at) } : {}),
    ...textFields(m.message, m.attached_file !== null),
    ...fileFields(m),
    ...(parent
      ? {
          reply_to_message: {
            message_id: parent.id,
            ...(parentFrom ? { from: parentFrom } : {}),
            chat,
            date,
            ...textFields(parent.message ?? '', false),
          },
        }
      : {}),
    ...(inline ? { reply_markup: { inline_keyboard: inline } } : {}),
  };
}

/** The users a Message names (sender, parent's sender): load them once with usersById. */
export const userIdsOf = (m: Message): number[] =>
  [m.user_id, m.parent?.sender?.id ?? null].filter((id): id is number => id !== null);
