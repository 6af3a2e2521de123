import { useTranslation } from 'react-i18next';
import type { Message } from '@parley/protocol/message';
import { formatDateTime } from '@parley/protocol/rules/format-date';
import { linksOf, plainTextOf } from '@parley/protocol/rules/format/plain';
import { useFormat } from '../../../lib/format-loader';
import { SPOILER_MASK } from '../../conversations/list-item';
import { Spinner } from '../../../ui/Spinner';

/** What a link row is titled by: the site's host name, or the address itself (mailto). */
function hostOf(href: string): string {
  try {
    return new URL(href).hostname || href;
  } catch {
    return href;
  }
}

/**
 * Messages with links (Telegram's Links tab): each link's site as the title,
 * the address (opened in a new tab), the message's text, and the message in
 * the chat. The links are found by the product's one link rule (the lazily
 * loaded parser), so this tab lists exactly what the bubbles underline.
 */
export function LinkRows({
  items,
  timeZone,
  onShow,
}: {
  items: Message[];
  timeZone: string | null;
  onShow: (message: Message) => void;
}) {
  const { t } = useTranslation();
  const parse = useFormat();
  if (parse === null) return <Spinner label={t('sharedMedia.loading')} />;
  return (
    <ul className="shared-rows" data-testid="shared-links">
      {items.map((m) => {
        const nodes = parse(m.message);
        const links = [...new Set(linksOf(nodes))];
        const first = links[0];
        if (first === undefined) return null;
        return (
          <li key={m.id} className="shared-row" data-testid="shared-link">
            <span className="shared-badge is-link" aria-hidden="true">
              {hostOf(first).slice(0, 1).toUpperCase()}
            </span>
            <span className="shared-row-main">
              <strong className="shared-row-title">{hostOf(first)}</strong>
              {links.map((href) => (
                <a key={href} href={href} target="_blank" rel="noopener noreferrer">
                  {href}
                </a>
              ))}
              <span className="shared-row-sub shared-row-text">
                {plainTextOf(nodes, { spoilerMask: SPOILER_MASK })}
              </span>
              <span className="shared-row-sub">{formatDateTime(m.created_at, timeZone)}</span>
            </span>
            <button
              type="button"
              className="btn btn-ghost btn-md shared-row-show"
              onClick={() => onShow(m)}
            >
              <span>{t('sharedMedia.showInChat')}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
