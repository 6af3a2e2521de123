import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '@parley/protocol/message';
import { FORWARD_MAX } from '@parley/protocol/constants';
import { syncActions } from '../../lib/sync-actions';
import { toast } from '../../ui/toast';
import { useConversationStore } from '../conversations/store';
import { deleteMessage, editMessage, forwardMessages } from './api';
import type { ComposerMode } from './Composer';
import type { MessageAction } from './ui/MessageMenu';
import { useTaskPanel } from '../tasks/panel-store';
import { copyLink, copyMessages, firstLinkOf } from './copy-messages';
import { useSelectionStore } from './selection-store';

// What a user does in an open chat: send, reply, edit, delete,
// forward, pin, copy, select — one message, or (selection mode) several. Each call's reply goes to the one dispatcher (lib/sync-actions:
// history and the list once); nothing here writes a store itself.

/** Time order: forwards and deletes of a selection go oldest first. */
const byId = (a: Message, b: Message) => a.id - b.id;

export function useConversationActions(id: number, title: string, timeZone: string | null) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<ComposerMode>({ kind: 'new' });
  const [target, setTarget] = useState<Message | null>(null);
  const [forwarding, setForwarding] = useState<Message[] | null>(null);
  // Delete for everyone cannot be undone: asked about first.
  const [deletingForAll, setDeletingForAll] = useState<Message | null>(null);
  const pinMessage = useConversationStore((s) => s.pinMessage);

  const reset = () => {
    setMode({ kind: 'new' });
    setTarget(null);
  };

  const submit = async (text: string) => {
    const { send, commit } = syncActions();
    if (mode.kind === 'edit' && target) {
      const edited = await editMessage(target.id, text).catch(() => null);
      if (edited) commit({ type: 'message.edited', message: edited });
    } else {
      const parent =
        mode.kind === 'reply' && target
          ? {
              id: target.id,
              message: target.message,
              type: target.type,
              sender: target.sender,
              deleted: false,
            }
          : null;
      void send(id, text, parent);
    }
    reset();
  };

  const pick = async (action: MessageAction, m: Message) => {
    if (action === 'reply') {
      setTarget(m);
      setMode({ kind: 'reply', name: m.sender?.name ?? title, text: m.message });
    } else if (action === 'edit') {
      setTarget(m);
      setMode({ kind: 'edit', text: m.message });
    } else if (action === 'forward') {
      setForwarding([m]);
    } else if (action === 'copy') {
      await copyMessages([m], t, timeZone);
    } else if (action === 'copy-link') {
      const href = firstLinkOf(m);
      if (href) await copyLink(href, t);
    } else if (action === 'select') {
      useSelectionStore.getState().start(id, m.id);
    } else if (action === 'task') {
      useTaskPanel.getState().fromMessage(id, m.id);
    } else if (action === 'pin') {
      await pinMessage(id, m.id).catch(() => undefined);
    } else if (action === 'delete-everyone') {
      setDeletingForAll(m);
    } else {
      await remove([m], 'me');
    }
  };

  /**
   * Deletes one by one, oldest first: the route takes one message (one
   * event each, which the other members' clients already apply).
   */
  const remove = async (ms: Message[], scope: 'me' | 'everyone') => {
    for (const m of [...ms].sort(byId)) {
      // A refusal stops here; the API client has shown why (api/http.ts).
      const done = await deleteMessage(m.id, scope).then(
        () => true,
        () => false,
      );
      if (!done) return;
      syncActions().commit({
        type: 'message.deleted',
        conversation_id: id,
        message_id: m.id,
        scope,
      });
    }
  };

  /**
   * One request for all of them (the server copies them in id, that is
   * time, order); a selection larger than the route takes goes in chunks.
   */
  const forwardTo = async (to: number) => {
    const ms = forwarding;
    setForwarding(null);
    if (!ms) return;
    const ids = [...ms].sort(byId).map((m) => m.id);
    let sent = 0;
    for (let start = 0; start < ids.length; start += FORWARD_MAX) {
      // A refusal stops here; the API client has shown why (api/http.ts).
      const chunk = ids.slice(start, start + FORWARD_MAX);
      const copies = await forwardMessages(chunk, id, to).catch(() => null);
      if (copies === null) break;
      for (const copy of copies) syncActions().commit({ type: 'message.sent', message: copy });
      sent += copies.length;
    }
    if (sent > 0) {
      toast.success(t('messages.forwarded', { count: sent }));
      useSelectionStore.getState().clear();
    }
  };

  return {
    mode,
    forwarding,
    deletingForAll,
    confirmDeleteForAll: () => {
      setDeletingForAll(null);
      if (deletingForAll) void remove([deletingForAll], 'everyone');
    },
    cancelDeleteForAll: () => setDeletingForAll(null),
    submit,
    pick,
    forwardTo,
    /** A selection's Forward: the same dialog, with all of them. */
    forwardMany: (ms: Message[]) => setForwarding(ms),
    removeMany: remove,
    copyMany: (ms: Message[]) => copyMessages(ms, t, timeZone),
    cancelMode: reset,
    cancelForward: () => setForwarding(null),
    sendText: (text: string) => void syncActions().send(id, text, null),
    retry: (uuid: string) => void syncActions().retry(uuid),
  };
}
