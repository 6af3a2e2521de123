import type { Kysely } from 'kysely';
import { FOLDER_MSG, FOLDERS_MAX } from '@parley/protocol/folder';
import type { FolderChangeReply, FolderList } from '@parley/protocol/folder';
import { MSG } from '@parley/protocol/messages';
import type { Clock } from '../../clock';
import { HttpError } from '../../http/http-error';
import type { Database } from '../../store/types';
import { appendUserEvent, eventTransaction } from '../../events/log';
import type { EventPublisher } from '../../events/log';
import type { ConversationsService } from '../conversations/service';
import * as q from './queries';

// A user's conversation folders. Every change runs under the user's folder
// lock, writes the new state and appends one user event in the same
// transaction: `folders.changed` with the whole list, or, for an assignment,
// `conversation.updated {folder_id}` like the other pivot flags. The user's
// other tabs follow from those (docs/REALTIME.md).

const notFound = () => new HttpError(404, MSG.notFound);
const invalid = (field: string, message: string) =>
  new HttpError(422, MSG.validationFailed, { [field]: [message] });

export function createFoldersService(deps: {
  db: Kysely<Database>;
  now: Clock;
  publisher: EventPublisher;
  conversations: ConversationsService;
}) {
  const { db, now } = deps;
  const transaction = eventTransaction(db, deps.publisher);

  /**
   * Runs `change` under the user's folder lock, then appends `folders.changed`
   * with the list as it now is. `change` answers whatever the reply adds.
   */
  function changeFolders<T extends object>(
    userId: number,
    change: (trx: Kysely<Database>) => Promise<T>,
  ): Promise<FolderChangeReply & T> {
    return transaction(async (trx) => {
      await q.lockFolders(trx, userId);
      const extra = await change(trx);
      const folders = await q.listFolders(trx, userId);
      const at = now().toISOString();
      const seq = await appendUserEvent(trx, userId, 'folders.changed', { folders }, at);
      return { status: 'ok' as const, folders, user_seq: seq, ...extra };
    });
  }

  return {
    async list(userId: number): Promise<FolderList> {
      // Before the list: an event with a higher seq is newer than what the list shows.
      const userSeq = await q.userLastSeq(db, userId);
      return { folders: await q.listFolders(db, userId), user_seq: userSeq };
    },

    create(userId: number, name: string) {
      return changeFolders(userId, async (trx) => {
        const count = (await q.listFolders(trx, userId)).length;
        if (count >= FOLDERS_MAX) throw invalid('name', FOLDER_MSG.tooMany);
        const values = { user_id: userId, name, position: count, created_at: now().toISOString() };
        const id = await q.insertFolder(trx, values);
        return { folder: { id, name, position: count } };
      });
    },

    rename(userId: number, folderId: number, name: string) {
      return changeFolders(userId, async (trx) => {
        if (!(await q.renameFolder(trx, userId, folderId, name))) throw notFound();
        return {};
      });
    },

    /** Deleting a folder keeps its conversations; they only leave the folder. */
    remove(userId: number, folderId: number) {
      return changeFolders(userId, async (trx) => {
        if (!(await q.deleteFolder(trx, userId, folderId))) throw notFound();
        // The others close the gap, keeping their order.
        const rest = await q.listFolders(trx, userId);
        await q.setPositions(
          trx,
          userId,
          rest.map((f) => f.id),
        );
        return {};
      });
    },

    /** `ids` must be exactly the user's folders, each once. */
    reorder(userId: number, ids: readonly number[]) {
      return changeFolders(userId, async (trx) => {
        const own = new Set((await q.listFolders(trx, userId)).map((f) => f.id));
        const exact = ids.length === own.size && new Set(ids).size === ids.length;
        if (!exact || !ids.every((id) => own.has(id))) {
          throw invalid('ids', FOLDER_MSG.orderMismatch);
        }
        await q.setPositions(trx, userId, ids);
        return {};
      });
    },

    /** Spec 4 "Folder assignment": the caller's link gets folder_id (null: out of any folder). */
    async assign(userId: number, conversationId: number, folderId: number | null) {
      const row = await deps.conversations.requireAccess(userId, conversationId);
      const reply = { status: 'ok' as const, folder_id: folderId };
      if (row.folder_id === folderId) return reply;
      await transaction(async (trx) => {
        await q.lockFolders(trx, userId);
        // Checked under the lock: a folder deleted meanwhile must not be pointed at.
        if (folderId !== null && !(await q.ownFolderExists(trx, userId, folderId))) {
          throw notFound();
        }
        await q.setFolderOfLink(trx, userId, conversationId, folderId);
        const payload = { conversation_id: conversationId, folder_id: folderId };
        await appendUserEvent(trx, userId, 'conversation.updated', payload, now().toISOString());
      });
      return reply;
    },
  };
}

export type FoldersService = ReturnType<typeof createFoldersService>;
