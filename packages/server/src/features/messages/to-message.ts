import { messageReplyMarkupSchema } from '@parley/protocol/bot-markup';
import type { MessageReplyMarkup } from '@parley/protocol/bot-markup';
import type { Message, MessageRef } from '@parley/protocol/message';
import type { Reaction } from '@parley/protocol/reactions';
import type { Kysely } from 'kysely';
import { flag } from '../../store/types';
import type { Database } from '../../store/types';
import * as files from '../files/queries';
import { toAttachedFile } from '../files/to-file';
import * as q from './queries';
import { reactionsOf } from './reaction-queries';
import type { MessageWithSender, RefRow } from './queries';
import { compiledOnceForList } from '../../store/compiled-once';

// Rows → protocol Messages. Parents and forwarded originals of a whole page
// are loaded with one query; a deleted one becomes {id, deleted: true}. The
// page's files likewise, with one more query only when some row has a file;
// and the page's reactions with one query, and its senders' pictures with one more.

const senderOf = (row: MessageWithSender) =>
  row.user_id === null ? null : { id: row.user_id, name: row.sender_name ?? '' };

/** A quoted or forwarded message; a channel's post is signed by the channel (its id and name). */
function refOf(id: number | null, refs: Map<number, RefRow>): MessageRef | null {
  if (id === null) return null;
  const row = refs.get(id);
  if (!row || row.deleted_at !== null) {
    return { id, message: null, type: null, sender: null, deleted: true };
  }
  const sender =
    row.channel_name !== null && row.user_id !== null
      ? { id: row.conversation_id, name: row.channel_name }
      : senderOf(row);
  return { id, message: row.message, type: row.type, sender, deleted: false };
}

/** The stored markup (JSON written by the bots feature); anything unreadable counts as none. */
function replyMarkupOf(value: string | null): MessageReplyMarkup | null {
  if (value === null) return null;
  try {
    const parsed = messageReplyMarkupSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The page's senders' pictures, one query (a page has few senders). */
const avatarsOf = compiledOnceForList((db, ids: readonly number[]) =>
  db.selectFrom('users').select(['id', 'avatar']).where('id', 'in', ids),
);

async function senderAvatars(
  db: Kysely<Database>,
  ids: number[],
): Promise<Map<number, string | null>> {
  const rows = await avatarsOf(db, ids);
  return new Map(rows.map((u) => [u.id, u.avatar]));
}

/**
 * Rows → API messages, with one query per kind of thing they point at.
 * `fresh`: the rows were inserted by the caller's own transaction, so no one
 * has reacted to them yet and their reactions are not looked up. A row that
 * carries its sender's picture (`findById`) needs no look-up for it either.
 */
export async function toMessages(
  db: Kysely<Database>,
  rows: MessageWithSender[],
  options: { fresh?: boolean } = {},
): Promise<Message[]> {
  const refIds = new Set<number>();
  const fileIds = new Set<number>();
  for (const r of rows) {
    if (r.parent_id !== null) refIds.add(r.parent_id);
    if (r.forwarded_id !== null) refIds.add(r.forwarded_id);
    if (r.file_id !== null) fileIds.add(r.file_id);
  }
  const senderIds = [
    ...new Set(
      rows.flatMap((r) => (r.user_id === null || r.sender_avatar !== undefined ? [] : [r.user_id])),
    ),
  ];
  const [refRows, fileRows, reactions, avatars] = await Promise.all([
    q.findByIds(db, [...refIds]),
    files.findByIds(db, [...fileIds]),
    options.fresh
      ? new Map<number, Reaction[]>()
      : reactionsOf(
          db,
          rows.map((r) => r.id),
        ),
    senderAvatars(db, senderIds),
  ]);
  const refs = new Map(refRows.map((r) => [r.id, r]));
  const attached = new Map(fileRows.map((f) => [f.id, toAttachedFile(f)]));
  return rows.map((r) => {
    const file = r.file_id === null ? null : (attached.get(r.file_id) ?? null);
    return {
      id: r.id,
      conversation_id: r.conversation_id,
      uuid: r.uuid,
      message: r.message,
      type: r.type,
      file: file?.url ?? null,
      attached_file: file,
      created_at: r.created_at,
      updated_at: r.updated_at,
      edited: flag(r.edited),
      parent_id: r.parent_id,
      parent: refOf(r.parent_id, refs),
      forwarded_id: r.forwarded_id,
      forwarded: refOf(r.forwarded_id, refs),
      user_id: r.user_id,
      sender:
        r.user_id === null
          ? null
          : {
              id: r.user_id,
              name: r.sender_name ?? '',
              avatar: r.sender_avatar ?? avatars.get(r.user_id) ?? null,
            },
      views: r.views,
      reply_markup: r.deleted_at === null ? replyMarkupOf(r.reply_markup) : null,
      reactions: reactions.get(r.id) ?? [],
    };
  });
}
