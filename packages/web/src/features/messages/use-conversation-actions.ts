import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '@parley/protocol/message';
import { syncActions } from '../../lib/sync-actions';
import { toast } from '../../ui/toast';
import { useConversationStore } from '../conversations/store';
import { deleteMessage, editMessage, forwardMessages } from './api';
import type { ComposerMode } from './Composer';
import type { MessageAction } from './ui/MessageMenu';
import { useTaskPanel } from '../tasks/panel-store';

// What a user does in an open chat: send, reply, edit, delete,
// forward, pin. Each call's reply goes to the one dispatcher (lib/sync-actions:
// history and the list once); nothing here writes a store itself.

export function useConversationActions(id: number, title: string) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<ComposerMode>({ kind: 'new' });
  const [target, setTarget] = useState<Message | null>(null);
  const [forwarding, setForwarding] = useState<Message | null>(null);
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
      setForwarding(m);
    } else if (action === 'task') {
      useTaskPanel.getState().fromMessage(id, m.id);
    } else if (action === 'pin') {
      await pinMessage(id, m.id).catch(() => undefined);
    } else {
      const scope = action === 'delete-everyone' ? 'everyone' : 'me';
      await deleteMessage(m.id, scope);
      syncActions().commit({
        type: 'message.deleted',
        conversation_id: id,
        message_id: m.id,
        scope,
      });
    }
  };

  const forwardTo = async (to: number) => {
    const m = forwarding;
    setForwarding(null);
    if (!m) return;
    const sent = await forwardMessages([m.id], id, to).catch(() => []);
    for (const copy of sent) syncActions().commit({ type: 'message.sent', message: copy });
    if (sent.length > 0) toast.success(t('messages.forwarded'));
  };

  return {
    mode,
    forwarding,
    submit,
    pick,
    forwardTo,
    cancelMode: reset,
    cancelForward: () => setForwarding(null),
    sendText: (text: string) => void syncActions().send(id, text, null),
    retry: (uuid: string) => void syncActions().retry(uuid),
  };
}
