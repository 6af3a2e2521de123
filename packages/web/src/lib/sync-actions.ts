import type { AttachedFile } from '@parley/protocol/file';
import type { Message, MessageRef } from '@parley/protocol/message';
import type { LocalCommit } from '@parley/protocol/sync/commits';

// How a view hands what it did to the one dispatcher (sync/) without
// importing it: sync/ composes the stores, so the features below it cannot
// import sync/ back (no folder-level cycles). sync/outbox.ts provides these
// when the chat's realtime module loads, before any chat view renders.

export type SyncActions = {
  /** Sends from the composer (optimistic, socket or HTTP, same uuid); the reply is committed. */
  send: (
    conversationId: number,
    text: string,
    parent: MessageRef | null,
    file?: AttachedFile | null,
  ) => Promise<Message | null>;
  retry: (uuid: string) => Promise<Message | null>;
  /** A call's reply (an edit, a delete, a forward) into history and the list, once. */
  commit: (change: LocalCommit) => void;
  /** A call answered 404 for a conversation: not the user's any more, it leaves list and history. */
  gone: (conversationIds: number[]) => void;
};

let provided: SyncActions | null = null;

export function provideSyncActions(actions: SyncActions): void {
  provided = actions;
}

export function syncActions(): SyncActions {
  if (!provided) throw new Error('sync actions used before sync/outbox.ts loaded');
  return provided;
}
