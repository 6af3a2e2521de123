import { avatarIdOf } from '@parley/protocol/rules/avatar-color';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '@parley/protocol/conversation';
import { AccountBadge } from '../../ui/AccountBadge';
import { ButtonLink } from '../../ui/ButtonLink';
import { ConversationAvatar } from '../conversations/ui/ConversationAvatar';
import { useGroupUi } from '../groups/store';
import { usePeopleUi } from '../people/store';
import { useLastSeenLine } from '../people/use-last-seen-line';
import { useSeenFromProfile } from '../people/use-seen-from-profile';
import { TasksButton } from '../tasks/TasksButton';

/** The open chat's header: back, avatar, title, who is typing or the subtitle, the "⋯" menu. */
export function ConversationHeader({
  conversation,
  title,
  typing,
  ownId,
  onMore,
}: {
  conversation: Conversation;
  title: string;
  typing: string | null;
  ownId: number | null;
  /** The header's "⋯": opens the conversation menu at that point. */
  onMore: ((x: number, y: number) => void) | undefined;
}) {
  const { t } = useTranslation();
  const id = conversation.id;
  const direct = conversation.type === 'direct' ? conversation.friend : null;
  // A bot has no presence: its subtitle is "bot", never "last seen a long time ago".
  const bot = conversation.with_bot === true || direct?.is_bot === true;
  // Groups and channels: the header opens the info panel.
  const managed = conversation.is_group || conversation.is_channel;
  const openInfo = useGroupUi((s) => s.openInfo);
  const openProfile = usePeopleUi((s) => s.openProfile);
  // A direct chat: "online" / "last seen …", live; the header opens the profile.
  const seen = useLastSeenLine(direct?.id ?? 0);
  const friendOnline = direct && !bot ? seen.online : false;
  useSeenFromProfile(direct?.id);
  const onInfo = managed
    ? () => openInfo(id)
    : direct
      ? (event: MouseEvent<HTMLButtonElement>) => openProfile(direct.id, event.currentTarget)
      : undefined;
  const avatar = (
    <ConversationAvatar
      id={avatarIdOf(conversation)}
      name={title}
      src={conversation.avatar ?? conversation.friend?.avatar ?? null}
      kind={conversation.is_saved ? 'saved' : conversation.is_system ? 'system' : 'person'}
      size={40}
      online={friendOnline}
      onlineLabel={t('presence.online')}
    />
  );
  return (
    <header className="chat-pane-header">
      <ButtonLink
        to="/chat"
        variant="ghost"
        className="chat-back"
        aria-label={t('chat.backToList')}
      >
        ‹
      </ButtonLink>
      {onInfo ? (
        // The picture opens the same panel by mouse or touch; keyboards use the name's button.
        <button
          type="button"
          className="chat-pane-avatar-button"
          tabIndex={-1}
          aria-hidden="true"
          onClick={onInfo}
          data-testid="chat-avatar-open"
        >
          {avatar}
        </button>
      ) : (
        avatar
      )}
      <WhoBox onInfo={onInfo} label={t(managed ? 'groups.openInfo' : 'profile.open')}>
        <span className="chat-pane-title">
          <strong data-testid="chat-title">{title}</strong>
          {/* A bot's subtitle says "bot": only the official mark here. */}
          <AccountBadge official={conversation.is_official || direct?.is_official === true} />
        </span>
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
                    : bot
                      ? t('badge.bot')
                      : direct
                        ? seen.text
                        : (conversation.friend?.status ?? '')}
          </span>
        )}
      </WhoBox>
      {ownId !== null ? <TasksButton conversation={conversation} ownId={ownId} /> : null}
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
  );
}

/** The header's name and subtitle; a button that opens the info panel (groups, channels) or the profile (direct chats). */
function WhoBox({
  onInfo,
  label,
  children,
}: {
  onInfo: ((event: MouseEvent<HTMLButtonElement>) => void) | undefined;
  label: string;
  children: ReactNode;
}) {
  if (!onInfo) return <span className="chat-pane-who">{children}</span>;
  return (
    <button
      type="button"
      className="chat-pane-who chat-pane-who-button"
      onClick={onInfo}
      aria-label={label}
      data-testid="chat-info-open"
    >
      {children}
    </button>
  );
}
