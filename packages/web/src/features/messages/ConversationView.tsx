import { useCallback, useEffect, useState } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../ui/toast';
import type { Conversation } from '@parley/protocol/conversation';
import { previewsAllowed } from '@parley/protocol/link-preview';
import type { Message } from '@parley/protocol/message';
import { can, roleOf } from '@parley/protocol/permissions';
import { publisherIdentity } from '@parley/protocol/rules/conversation-info';
import { ButtonLink } from '../../ui/ButtonLink';
import { Spinner } from '../../ui/Spinner';
import { useAuthStore } from '../auth/store';
import { toLastMessage } from '../conversations/events';
import { conversationTitle, toListItem } from '../conversations/list-item';
import { useOnlineUser, useTypingIds } from '../conversations/live-store';
import { archivedConversations, orderedConversations } from '../conversations/reducers';
import { useConversationStore } from '../conversations/store';
import { typingNameFrom, typingText } from '../conversations/typing';
import { ConversationAvatar } from '../conversations/ui/ConversationAvatar';
import { useGroupUi } from '../groups/store';
import { deleteMessage, editMessage, forwardMessages } from './api';
import { Composer } from './Composer';
import { CustomKeyboard } from './ui/CustomKeyboard';
import type { ComposerMode } from './Composer';
import { MessageHistory } from './MessageHistory';
import { useMessageStore } from './store';
import { useUploadStore } from './upload-store';
import { ForwardDialog } from './ui/ForwardDialog';
import { MessageMenu } from './ui/MessageMenu';
import { PinnedBar } from './ui/PinnedBar';
import { UploadTray } from './ui/UploadTray';
import type { MessageAction } from './ui/MessageMenu';
import { useReadMarker } from './use-read-marker';
import { useJumpStore } from './jump-store';
import { useThread } from './use-thread';
import { useTypingSender } from './use-typing-sender';

/** `/chat/:id` with a known conversation: header, history, composer. */
export function ConversationView({
  conversation,
  onMore,
}: {
  conversation: Conversation;
  /** The header's "⋯": opens the conversation menu at that point. */
  onMore?: (x: number, y: number) => void;
}) {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const ownId = user?.id ?? null;
  const timeZone = user?.timezone ?? null;
  const id = conversation.id;
  // The divider stays where it was when the chat was opened, even as reading moves on.
  const [lastReadAtOpen] = useState(() =>
    conversation.pivot.new_messages > 0 ? (conversation.pivot.last_read_message_id ?? 0) : null,
  );
  const jump = useJumpStore((s) => (s.request?.conversationId === id ? s.request : null));
  const takeJump = useJumpStore((s) => s.take);
  const thread = useThread(id, {
    ownId,
    timeZone,
    group: conversation.is_group || conversation.is_channel,
    channel: conversation.is_channel,
    lastReadId: lastReadAtOpen,
    jump,
  });
  const [lastVisible, setLastVisible] = useState<number | null>(null);
  const [mode, setMode] = useState<ComposerMode>({ kind: 'new' });
  const [target, setTarget] = useState<Message | null>(null);
  const [menu, setMenu] = useState<{ message: Message; x: number; y: number } | null>(null);
  const [forwarding, setForwarding] = useState<Message | null>(null);
  const [highlight, setHighlight] = useState<number | null>(null);
  useReadMarker(id, lastVisible);

  const title = conversationTitle(conversation, t);
  const publisher = publisherIdentity(conversation);
  const pinned = conversation.pinned_message?.deleted ? null : conversation.pinned_message;
  const send = useMessageStore((s) => s.send);
  const retry = useMessageStore((s) => s.retry);
  const dispatch = useMessageStore((s) => s.dispatch);
  const noteLast = useConversationStore((s) => s.lastMessage);
  const pinMessage = useConversationStore((s) => s.pinMessage);
  const onTyping = useTypingSender(id);
  const typingIds = useTypingIds(id);
  const messages = useMessageStore((s) => s.threads[id]?.messages);
  const allUploads = useUploadStore((s) => s.uploads);
  const uploads = Object.values(allUploads).filter((u) => u.conversationId === id);
  const startUpload = useUploadStore((s) => s.start);
  const cancelUpload = useUploadStore((s) => s.cancel);
  const direct = conversation.type === 'direct' ? conversation.friend : null;
  // Groups and channels: the header opens the info panel; who may post is the matrix's call.
  const managed = conversation.is_group || conversation.is_channel;
  const mayPost = !managed || can(roleOf(conversation.pivot.role), 'post', conversation.type);
  const openInfo = useGroupUi((s) => s.openInfo);
  const setFlag = useConversationStore((s) => s.setFlag);
  const friendOnline = useOnlineUser(direct?.id);
  const typing = typingText(
    typingIds,
    (userId) =>
      typingNameFrom(conversation)(userId) ??
      messages?.findLast((m) => m.user_id === userId)?.sender?.name ??
      null,
    t,
  );

  const committed = (m: Message | null) => {
    if (m) noteLast(m.conversation_id, toLastMessage(m));
  };

  const submit = async (text: string) => {
    if (mode.kind === 'edit' && target) {
      const edited = await editMessage(target.id, text).catch(() => null);
      if (edited) dispatch({ type: 'message.edited', message: edited });
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
      void send(id, text, parent).then(committed);
    }
    setMode({ kind: 'new' });
    setTarget(null);
  };

  // Each file goes up on its own; when stored, it is sent as a message of its own.
  const attach = (files: File[]) => {
    for (const file of files) {
      startUpload(id, file, (stored) => void send(id, '', null, stored).then(committed));
    }
  };

  const pick = async (action: MessageAction) => {
    const m = menu?.message;
    setMenu(null);
    if (!m) return;
    if (action === 'reply') {
      setTarget(m);
      setMode({ kind: 'reply', name: m.sender?.name ?? title, text: m.message });
    } else if (action === 'edit') {
      setTarget(m);
      setMode({ kind: 'edit', text: m.message });
    } else if (action === 'forward') {
      setForwarding(m);
    } else if (action === 'pin') {
      await pinMessage(id, m.id).catch(() => undefined);
    } else {
      const scope = action === 'delete-everyone' ? 'everyone' : 'me';
      await deleteMessage(m.id, scope);
      dispatch({ type: 'message.deleted', conversation_id: id, message_id: m.id });
    }
  };

  const forwardTo = async (to: number) => {
    const m = forwarding;
    setForwarding(null);
    if (!m) return;
    const sent = await forwardMessages([m.id], id, to).catch(() => []);
    for (const copy of sent) {
      dispatch({ type: 'message.new', message: copy });
      committed(copy);
    }
    if (sent.length > 0) toast.success(t('messages.forwarded'));
  };

  /** Outlines a message for two seconds. */
  const flash = useCallback((messageId: number) => {
    setHighlight(messageId);
    setTimeout(() => setHighlight((h) => (h === messageId ? null : h)), 2000);
  }, []);

  const openParent = useCallback(
    (parentId: number) => {
      void thread.jumpTo(parentId);
      flash(parentId);
    },
    [thread, flash],
  );

  // A search result asked for a message here: the thread has started loading around it.
  useEffect(() => {
    if (!jump) return;
    flash(jump.messageId);
    takeJump(jump.seq);
  }, [jump, flash, takeJump]);

  const held = useConversationStore.getState();
  const targets = [...orderedConversations(held), ...archivedConversations(held)]
    .filter((c) => !c.is_system)
    .map((c) => toListItem(c, t, { ownId, timeZone }));

  return (
    <section className="chat-pane" data-testid="chat-open">
      <header className="chat-pane-header">
        <ButtonLink
          to="/chat"
          variant="ghost"
          className="chat-back"
          aria-label={t('chat.backToList')}
        >
          ‹
        </ButtonLink>
        <ConversationAvatar
          id={id}
          name={title}
          src={conversation.avatar ?? conversation.friend?.avatar ?? null}
          kind={conversation.is_saved ? 'saved' : conversation.is_system ? 'system' : 'person'}
          size={40}
          online={friendOnline}
          onlineLabel={t('presence.online')}
        />
        <WhoBox onInfo={managed ? () => openInfo(id) : undefined}>
          <strong data-testid="chat-title">{title}</strong>
          {typing ? (
            <span className="chat-pane-sub is-typing" data-testid="chat-typing">
              {typing}
            </span>
          ) : (
            <span
              className={`chat-pane-sub${friendOnline ? ' is-online' : ''}`}
              data-testid="chat-subtitle"
            >
              {managed && conversation.members_count !== undefined
                ? t(`groups.count.${conversation.type}`, { count: conversation.members_count })
                : conversation.is_group
                  ? t('conversations.groupLabel')
                  : conversation.is_saved
                    ? t('conversations.savedHint')
                    : conversation.is_system
                      ? t('conversations.systemHint')
                      : direct
                        ? t(friendOnline ? 'presence.online' : 'presence.recently')
                        : (conversation.friend?.status ?? '')}
            </span>
          )}
        </WhoBox>
        {onMore ? (
          <button
            type="button"
            className="icon-button chat-pane-more"
            aria-label={t('conversations.actions')}
            aria-haspopup="menu"
            data-testid="chat-more"
            onClick={(event) => {
              const box = event.currentTarget.getBoundingClientRect();
              onMore(box.right - 200, box.bottom + 4);
            }}
          >
            ⋯
          </button>
        ) : null}
      </header>
      {pinned ? (
        <PinnedBar
          pinned={pinned}
          timeZone={timeZone}
          onOpen={() => openParent(pinned.id)}
          onUnpin={() => void pinMessage(id, null).catch(() => undefined)}
        />
      ) : null}
      {thread.ready ? (
        <MessageHistory
          key={thread.listKey}
          items={thread.items}
          firstItemIndex={thread.firstItemIndex}
          initialIndex={thread.initialIndex}
          ownId={ownId}
          timeZone={timeZone}
          highlightId={highlight}
          unread={conversation.pivot.new_messages}
          linkPreviews={user !== null && previewsAllowed(user)}
          channel={conversation.is_channel}
          publisher={
            publisher ? { id, name: publisher.name ?? title, avatar: publisher.avatar } : null
          }
          hasNewer={thread.hasNewer}
          onOlder={thread.older}
          onNewer={thread.newer}
          onToBottom={(scroll) => (thread.hasNewer ? void thread.toLatest() : scroll())}
          onLastVisible={setLastVisible}
          onOpenParent={openParent}
          onMenu={(message: Message, event: MouseEvent) => {
            event.preventDefault();
            setMenu({ message, x: event.clientX, y: event.clientY });
          }}
          onRetry={(uuid) => void retry(uuid).then(committed)}
        />
      ) : (
        <div className="msg-history msg-loading">
          <Spinner size={40} />
        </div>
      )}
      <UploadTray uploads={uploads} onCancel={cancelUpload} />
      {conversation.is_system ? (
        <p className="composer-readonly">{t('messages.readOnly')}</p>
      ) : !mayPost ? (
        <div className="composer-readonly composer-channel" data-testid="composer-channel">
          <span>{t('groups.cantPost')}</span>
          <button
            type="button"
            className="btn btn-ghost btn-md"
            onClick={() =>
              void setFlag(id, 'mute', !conversation.pivot.muted).catch(() => undefined)
            }
            data-testid="channel-mute"
          >
            <span>
              {t(
                conversation.pivot.muted
                  ? 'conversations.action.unmute'
                  : 'conversations.action.mute',
              )}
            </span>
          </button>
        </div>
      ) : (
        <>
          {conversation.pivot.keyboard ? (
            <CustomKeyboard
              keyboard={conversation.pivot.keyboard}
              onPress={(text) => void send(id, text, null).then(committed)}
            />
          ) : null}
          <Composer
            key={id}
            conversationId={id}
            mode={mode}
            onSubmit={(text) => void submit(text)}
            onTyping={onTyping}
            onAttach={attach}
            onCancelMode={() => {
              setMode({ kind: 'new' });
              setTarget(null);
            }}
          />
        </>
      )}
      {menu ? (
        <MessageMenu
          x={menu.x}
          y={menu.y}
          own={menu.message.user_id !== null && menu.message.user_id === ownId}
          canPin={!conversation.is_system}
          onPick={(action) => void pick(action)}
          onClose={() => setMenu(null)}
        />
      ) : null}
      {forwarding ? (
        <ForwardDialog
          targets={targets}
          onPick={(to) => void forwardTo(to)}
          onClose={() => setForwarding(null)}
        />
      ) : null}
    </section>
  );
}

/** The header's name and subtitle; a button that opens the info panel for groups and channels. */
function WhoBox({ onInfo, children }: { onInfo: (() => void) | undefined; children: ReactNode }) {
  const { t } = useTranslation();
  if (!onInfo) return <span className="chat-pane-who">{children}</span>;
  return (
    <button
      type="button"
      className="chat-pane-who chat-pane-who-button"
      onClick={onInfo}
      aria-label={t('groups.openInfo')}
      data-testid="chat-info-open"
    >
      {children}
    </button>
  );
}
