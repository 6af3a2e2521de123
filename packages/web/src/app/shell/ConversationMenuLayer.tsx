import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useConversationStore } from '../../features/conversations/store';
import { useGroupUi } from '../../features/groups/store';
import {
  ConversationMenu,
  conversationActions,
} from '../../features/conversations/ui/ConversationMenu';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import type { ConversationAction } from '../../features/conversations/ui/ConversationMenu';
import { useMessageStore } from '../../features/messages/store';
import { FolderPicker, useFolderPicker } from '../../features/folders/FolderPicker';
import { setFriendBlocked } from '../../features/conversations/block-api';
import { useLaterTexts } from '../../lib/later-texts';
import { useConversationMenu } from './conversation-menu-store';

// The conversation menu's panel, its confirmations and the folder picker:
// a chunk of its own, loaded when a menu first opens (ConversationMenuHost).

export function ConversationMenuLayer({ activeId }: { activeId: number | null }) {
  const { t } = useTranslation();
  // Block and unblock are texts of locales/later.
  useLaterTexts();
  const navigate = useNavigate();
  const menu = useConversationMenu((s) => s.menu);
  const close = useConversationMenu((s) => s.close);
  const conversation = useConversationStore((s) => (menu ? s.byId[menu.id] : undefined));
  const [confirming, setConfirming] = useState<{
    id: number;
    action: 'clear' | 'delete' | 'block';
  } | null>(null);
  const onClose = useCallback(() => close(), [close]);
  const onCancel = useCallback(() => setConfirming(null), []);

  const run = async (id: number, action: ConversationAction) => {
    const store = useConversationStore.getState();
    if (action === 'info') {
      useGroupUi.getState().openInfo(id);
    } else if (action === 'pin' || action === 'unpin') {
      await store.setFlag(id, 'pin', action === 'pin');
    } else if (action === 'mute' || action === 'unmute') {
      await store.setFlag(id, 'mute', action === 'mute');
    } else if (action === 'hide') {
      await store.setFlag(id, 'hide', true);
      if (id === activeId) void navigate('/chat');
    } else if (action === 'unhide') {
      await store.setFlag(id, 'hide', false);
    } else if (action === 'block' || action === 'unblock') {
      await setFriendBlocked(id, action === 'block');
    } else if (action === 'clear') {
      await store.clear(id);
      useMessageStore.getState().clearThread(id);
    } else {
      await store.remove(id);
      if (id === activeId) void navigate('/chat');
    }
  };

  const pick = (action: ConversationAction) => {
    const id = menu?.id;
    close();
    if (id === undefined) return;
    if (action === 'folder') useFolderPicker.getState().open(id, menu?.x ?? 0, menu?.y ?? 0);
    else if (action === 'clear' || action === 'delete' || action === 'block')
      setConfirming({ id, action });
    else void run(id, action).catch(() => undefined);
  };

  return (
    <>
      {menu && conversation ? (
        <ConversationMenu
          x={menu.x}
          y={menu.y}
          actions={conversationActions(conversation)}
          onPick={pick}
          onClose={onClose}
        />
      ) : null}
      <FolderPicker />
      {confirming ? (
        <ConfirmDialog
          text={t(`conversations.confirm.${confirming.action}`)}
          confirm={t(`conversations.action.${confirming.action}`)}
          onConfirm={() => {
            setConfirming(null);
            void run(confirming.id, confirming.action).catch(() => undefined);
          }}
          onClose={onCancel}
        />
      ) : null}
    </>
  );
}
