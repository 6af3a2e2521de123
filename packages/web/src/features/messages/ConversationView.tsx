import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '@parley/protocol/conversation';
import { previewsAllowed } from '@parley/protocol/link-preview';
import type { Message } from '@parley/protocol/message';
import { can, roleOf } from '@parley/protocol/permissions';
import { publisherIdentity } from '@parley/protocol/rules/conversation-info';
import { useLaterTexts } from '../../lib/later-texts';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Spinner } from '../../ui/Spinner';
import { useAuthStore } from '../auth/store';
import { conversationTitle, toListItem } from '../conversations/list-item';
import { archivedConversations, orderedConversations } from '@parley/protocol/sync/list-reducers';
import { useConversationStore } from '../conversations/store';
import { useTypingIds } from '../conversations/live-store';
import { typingNameFrom, typingText } from '../conversations/typing';
import { Composer } from './Composer';
import { slowModeFor, useSendWait, useSendWaits } from './send-wait';
import { CustomKeyboard } from './ui/CustomKeyboard';
import { MessageHistory } from './MessageHistory';
import { useMessageStore } from './store';
import { useUploadStore } from './upload-store';
import { ForwardDialog } from './ui/ForwardDialog';
import { MessageMenu } from './ui/MessageMenu';
import { myReaction } from '@parley/protocol/reactions';
import { ReactionBar } from './reactions/ReactionBar';
import { toggleReaction } from './reactions/toggle';
import { PinnedBar } from './ui/PinnedBar';
import { UploadTray } from './ui/UploadTray';
import { useReadMarker } from './use-read-marker';
import { useJumpStore } from './jump-store';
import { offersFirstUnread } from './first-unread';
import { useThread } from './use-thread';
import { useTypingSender } from './use-typing-sender';
import { useConversationActions } from './use-conversation-actions';
import { useFilePreview } from './use-file-preview';
import { ConversationHeader } from './ConversationHeader';
import { SelectionHeader } from './SelectionHeader';
import { firstLinkOf } from './copy-messages';
import { useSelectionMode } from './use-selection-mode';
import { isSelectableMessage } from '@parley/protocol/rules/message-selection';
import { TasksPanelHost } from '../tasks/TasksPanelHost';
import { actorOf } from '../tasks/view';
import { canTask } from '@parley/protocol/rules/task-permissions';
import { TASK_NOTICE_TYPE } from '@parley/protocol/tasks';
import { useBotChat } from './use-bot-chat';
import { useMentionSource } from './use-mention-source';
import { BlockedBar, BlockedByBar, StartBar } from './ui/BotBars';

// Shown only when a bot asks (an alert, a link to confirm): a chunk of its own.
const BotDialog = lazy(async () => ({ default: (await import('./ui/BotDialog')).BotDialog }));
// Opens when files are chosen, pasted or dropped: a chunk of its own.
const FilePreviewDialog = lazy(async () => ({
  default: (await import('./ui/FilePreviewDialog')).FilePreviewDialog,
}));

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
  // Bots' and blocking's texts (locales/later) load with the chat view.
  useLaterTexts();
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
  const [menu, setMenu] = useState<{ message: Message; x: number; y: number } | null>(null);
  const [highlight, setHighlight] = useState<number | null>(null);
  useReadMarker(id, lastVisible);

  const title = conversationTitle(conversation, t);
  const actions = useConversationActions(id, title, timeZone);
  const preview = useFilePreview(id);
  const publisher = publisherIdentity(conversation);
  const pinned = conversation.pinned_message?.deleted ? null : conversation.pinned_message;
  const pinMessage = useConversationStore((s) => s.pinMessage);
  const onTyping = useTypingSender(id);
  const typingIds = useTypingIds(id);
  const messages = useMessageStore((s) => s.threads[id]?.messages);
  const selection = useSelectionMode(conversation, messages, ownId);
  const sending = useMessageStore((s) =>
    Object.values(s.pending).some((p) => p.conversationId === id),
  );
  const allUploads = useUploadStore((s) => s.uploads);
  const uploads = Object.values(allUploads).filter((u) => u.conversationId === id);
  const cancelUpload = useUploadStore((s) => s.cancel);
  // Groups and channels: the header opens the info panel; who may post is the matrix's call.
  const managed = conversation.is_group || conversation.is_channel;
  const mayPost = !managed || can(roleOf(conversation.pivot.role), 'post', conversation.type);
  const slowMode = slowModeFor(conversation);
  const waitSeconds = useSendWait(id);
  const waitToSend = useSendWaits((s) => s.wait);
  const setFlag = useConversationStore((s) => s.setFlag);
  const bot = useBotChat(conversation, messages, ownId, actions.pick);
  const mentions = useMentionSource(conversation, messages, ownId);
  const keyboard = conversation.pivot.keyboard;
  const keyboardOptions = keyboard ? (conversation.pivot.keyboard_options ?? null) : null;
  // A new chat with a bot starts with its Start button (it sends /start).
  const startable =
    conversation.with_bot === true &&
    thread.ready &&
    (messages?.length ?? 0) === 0 &&
    !sending &&
    uploads.length === 0 &&
    !conversation.pivot.blocked;
  const typing = typingText(
    typingIds,
    (userId) =>
      typingNameFrom(conversation)(userId) ??
      messages?.findLast((m) => m.user_id === userId)?.sender?.name ??
      null,
    t,
  );

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
      {selection.active ? (
        <SelectionHeader
          selected={selection.selected}
          everyone={selection.everyone}
          onForward={actions.forwardMany}
          onCopy={actions.copyMany}
          onDelete={actions.removeMany}
          onCancel={selection.cancel}
        />
      ) : (
        <ConversationHeader
          conversation={conversation}
          title={title}
          typing={typing}
          ownId={ownId}
          onMore={onMore}
        />
      )}
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
          initialAlign={thread.initialAlign}
          focusOnOpen={thread.focusOnOpen}
          ownId={ownId}
          timeZone={timeZone}
          highlightId={highlight}
          unread={conversation.pivot.new_messages}
          offerFirstUnread={offersFirstUnread({
            unread: conversation.pivot.new_messages,
            lastReadId: conversation.pivot.last_read_message_id,
            newestVisibleId: lastVisible,
          })}
          linkPreviews={user !== null && previewsAllowed(user)}
          channel={conversation.is_channel}
          group={conversation.is_group}
          publisher={
            publisher ? { id, name: publisher.name ?? title, avatar: publisher.avatar } : null
          }
          hasNewer={thread.hasNewer}
          onOlder={thread.older}
          onNewer={thread.newer}
          onToBottom={() => void thread.toLatest()}
          onToFirstUnread={() =>
            void thread.toFirstUnread(conversation.pivot.last_read_message_id ?? 0)
          }
          onNewestVisible={setLastVisible}
          onOpenParent={openParent}
          onMenu={(message: Message, event: MouseEvent) => {
            event.preventDefault();
            setMenu({ message, x: event.clientX, y: event.clientY });
          }}
          onRetry={actions.retry}
          onButton={bot.onButton}
          onCommand={bot.commandsOf(actions.sendText)}
          selection={selection.history}
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
      ) : conversation.type === 'direct' && conversation.pivot.blocked ? (
        <BlockedBar conversationId={id} />
      ) : conversation.type === 'direct' && conversation.friend?.pivot.blocked ? (
        <BlockedByBar />
      ) : startable ? (
        <StartBar onStart={() => actions.sendText('/start')} />
      ) : (
        <>
          {keyboard ? (
            <CustomKeyboard
              key={JSON.stringify(keyboard)}
              keyboard={keyboard}
              options={keyboardOptions}
              onPress={actions.sendText}
            />
          ) : null}
          <Composer
            key={id}
            conversationId={id}
            mode={actions.mode}
            onSubmit={(text) => {
              // Slow mode: the countdown starts with the send (the server keeps the rule).
              if (actions.mode.kind !== 'edit' && slowMode > 0) waitToSend(id, slowMode);
              void actions.submit(text);
            }}
            waitSeconds={waitSeconds}
            slowMode={slowMode > 0}
            onTyping={onTyping}
            onAttach={preview.add}
            onCancelMode={actions.cancelMode}
            placeholder={
              actions.mode.kind === 'reply' && bot.forcePlaceholder
                ? bot.forcePlaceholder
                : keyboardOptions?.placeholder
            }
            loadCommands={bot.loadCommands}
            mentions={mentions}
          />
        </>
      )}
      {preview.open ? (
        <Suspense fallback={null}>
          <FilePreviewDialog
            files={preview.files}
            caption={preview.caption}
            note={preview.note}
            onCaption={preview.setCaption}
            onRemove={preview.remove}
            onAdd={preview.add}
            onSend={preview.send}
            onCancel={preview.cancel}
          />
        </Suspense>
      ) : null}
      {bot.dialog ? (
        <Suspense fallback={null}>
          <BotDialog dialog={bot.dialog} onClose={bot.closeDialog} />
        </Suspense>
      ) : null}
      {menu ? (
        <MessageMenu
          x={menu.x}
          y={menu.y}
          own={menu.message.user_id !== null && menu.message.user_id === ownId}
          canPin={!conversation.is_system}
          canCopy={menu.message.message !== ''}
          canCopyLink={firstLinkOf(menu.message) !== null}
          canSelect={isSelectableMessage(menu.message, conversation.is_system)}
          canTask={
            conversation.has_tasks === true &&
            ownId !== null &&
            menu.message.type !== TASK_NOTICE_TYPE &&
            canTask(actorOf(conversation, ownId), 'create_task')
          }
          header={
            // The System chat is read-only (the server refuses there too).
            conversation.is_system || ownId === null ? null : (
              <ReactionBar
                mine={myReaction(menu.message.reactions, ownId)}
                onPick={(emoji) => {
                  setMenu(null);
                  void toggleReaction(menu.message, emoji, ownId);
                }}
              />
            )
          }
          onPick={(action) => {
            setMenu(null);
            void actions.pick(action, menu.message);
          }}
          onClose={() => setMenu(null)}
        />
      ) : null}
      {ownId !== null ? (
        <TasksPanelHost conversation={conversation} ownId={ownId} onOpenMessage={openParent} />
      ) : null}
      {actions.deletingForAll ? (
        <ConfirmDialog
          text={t('messages.confirm.deleteEveryone')}
          confirm={t('messages.action.delete-everyone')}
          onConfirm={actions.confirmDeleteForAll}
          onClose={actions.cancelDeleteForAll}
        />
      ) : null}
      {actions.forwarding ? (
        <ForwardDialog
          targets={targets}
          onPick={(to) => void actions.forwardTo(to)}
          onClose={actions.cancelForward}
        />
      ) : null}
    </section>
  );
}
