import { avatarIdOf } from '@parley/protocol/rules/avatar-color';
import { AccountBadge } from '../../../ui/AccountBadge';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { previewSenderName } from '@parley/protocol/rules/preview';
import type { FoundMessage } from '@parley/protocol/search';
import { listTime } from '../../../lib/format-time';
import { Avatar } from '../../../ui/Avatar';
import { Spinner } from '../../../ui/Spinner';
import { useAuthStore } from '../../auth/store';
import { conversationTitle, withFileLabel } from '../../conversations/list-item';
import { ConversationAvatar } from '../../conversations/ui/ConversationAvatar';
import { HiddenTag } from '../../conversations/ui/HiddenTag';
import { RESULTS_ID, optionId } from '../options';
import type { SearchOption } from '../options';
import { Highlighted } from './Highlighted';

const SECTIONS = [
  ['chat', 'search.chats'],
  ['user', 'search.people'],
  ['group', 'search.groups'],
  ['message', 'search.messages'],
] as const;

export type SearchResultsProps = {
  options: SearchOption[];
  /** Index in `options` chosen with the arrow keys; -1: none. */
  active: number;
  /** The answer for the current text is not here yet. */
  pending: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  timeZone: string | null;
  onPick: (option: SearchOption) => void;
  onMore: () => void;
};

/** Presentational: the search box's results in sections, a listbox the input drives. */
export function SearchResults(props: SearchResultsProps) {
  const { t } = useTranslation();
  const { options, active } = props;
  const activeOption = options[active];

  useEffect(() => {
    if (activeOption)
      document.getElementById(optionId(activeOption))?.scrollIntoView({ block: 'nearest' });
  }, [activeOption]);

  if (options.length === 0) {
    return (
      <div className="conv-empty search-empty" data-testid="search-empty">
        {props.pending ? (
          <Spinner size={28} />
        ) : (
          <p className="conv-empty-title">{t('search.noResults')}</p>
        )}
      </div>
    );
  }
  return (
    <div className="search-results" data-testid="search-results">
      <ul id={RESULTS_ID} role="listbox" aria-label={t('chat.search')}>
        {SECTIONS.map(([kind, title]) => {
          const rows = options.filter((o) => o.kind === kind);
          if (rows.length === 0) return null;
          return (
            <li key={kind} role="presentation" className="search-section">
              <h2 className="search-section-title" id={`search-section-${kind}`}>
                {t(title)}
              </h2>
              <ul role="group" aria-labelledby={`search-section-${kind}`}>
                {rows.map((option) => (
                  <li
                    key={option.key}
                    id={optionId(option)}
                    role="option"
                    aria-selected={option === activeOption}
                    className={`conv-row search-row${option === activeOption ? ' is-active-option' : ''}`}
                    data-testid={`search-${option.key}`}
                    // Keep the focus in the search box: the keys go on working.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => props.onPick(option)}
                  >
                    <Row option={option} timeZone={props.timeZone} />
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
      {props.hasMore ? (
        <button
          type="button"
          className="btn btn-ghost btn-md search-more"
          onClick={props.onMore}
          disabled={props.loadingMore}
          data-testid="search-more"
        >
          {props.loadingMore ? <Spinner size={18} /> : t('search.more')}
        </button>
      ) : null}
    </div>
  );
}

function Lines({
  title,
  sub,
  time,
  tag,
}: {
  title: ReactNode;
  sub: ReactNode;
  time?: string;
  /** Beside the title, never cut with it. */
  tag?: ReactNode;
}) {
  return (
    <span className="conv-main">
      <span className="conv-top">
        <span className="conv-title">{title}</span>
        {tag}
        {time ? <span className="conv-time">{time}</span> : null}
      </span>
      <span className="conv-preview">{sub}</span>
    </span>
  );
}

function Row({ option, timeZone }: { option: SearchOption; timeZone: string | null }) {
  const { t } = useTranslation();
  switch (option.kind) {
    case 'chat': {
      const { chat } = option;
      return (
        <>
          <ConversationAvatar
            id={chat.avatarId}
            name={chat.title}
            src={chat.avatar}
            kind={chat.avatarKind}
            size={40}
          />
          <Lines
            title={chat.title}
            sub={chat.preview}
            time={chat.time}
            tag={
              <>
                <AccountBadge bot={chat.bot} official={chat.official} />
                {chat.hidden ? <HiddenTag /> : null}
              </>
            }
          />
        </>
      );
    }
    case 'user': {
      const { user } = option;
      return (
        <>
          <Avatar id={user.id} name={user.name} src={user.avatar} size={40} initials />
          <Lines
            title={user.name}
            sub={`@${user.username}`}
            tag={<AccountBadge bot={user.is_bot} official={user.is_official} />}
          />
        </>
      );
    }
    case 'group': {
      const { group } = option;
      const count = t(`groups.count.${group.type}`, { count: group.members_count });
      return (
        <>
          <Avatar id={group.id} name={group.name} src={group.avatar} size={40} initials />
          <Lines title={group.name} sub={`@${group.username} · ${count}`} />
        </>
      );
    }
    case 'message':
      return <MessageRow found={option.found} timeZone={timeZone} />;
  }
}

/** Where the line's words go in a composed label ("Anna: …"), split around. */
const SLOT = '\u0000';

function MessageRow({ found, timeZone }: { found: FoundMessage; timeZone: string | null }) {
  const { t } = useTranslation();
  const ownId = useAuthStore((s) => s.user?.id ?? null);
  const c = found.conversation;
  const m = found.message;
  const title = conversationTitle(
    {
      is_saved: c.type === 'saved',
      is_system: c.type === 'system',
      name: c.name,
      friend: c.friend,
    },
    t,
  );
  // Who wrote it, as the chat list labels it: a channel publishes under its
  // own name, never the poster's; one's own line is "You".
  const own = m.user_id !== null && m.user_id === ownId;
  const poster = c.type === 'channel' ? title : (m.sender?.name ?? null);
  const who =
    (c.type === 'group' || c.type === 'channel') && m.sender
      ? own
        ? t('conversations.you')
        : poster
      : null;
  const [before, after] = who
    ? t('files.withCaption', {
        label: previewSenderName(who),
        caption: SLOT,
        interpolation: { escapeValue: false },
      }).split(SLOT)
    : ['', ''];
  // The snippet holds the words as the list shows them (the server strips
  // the markers and masks spoilers); the line rule puts "Photo" or "File"
  // before a caption, and the marks move with it.
  const { text, highlights } = found.snippet;
  const line = withFileLabel(m.type, text, t);
  const words = line.endsWith(text) ? (
    <>
      {line.slice(0, line.length - text.length)}
      <Highlighted text={text} ranges={highlights} />
    </>
  ) : (
    line
  );
  return (
    <>
      <ConversationAvatar
        id={avatarIdOf(c)}
        name={title}
        src={c.avatar ?? c.friend?.avatar ?? null}
        kind={c.type === 'saved' ? 'saved' : c.type === 'system' ? 'system' : 'person'}
        size={40}
      />
      <Lines
        title={title}
        time={listTime(m.created_at, timeZone)}
        sub={
          <span className="search-snippet" data-testid="search-snippet">
            {before}
            {words}
            {after}
          </span>
        }
      />
    </>
  );
}
