import { useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

export type FolderTab = { id: number | null; name: string; unread: number };

/**
 * Presentational: the folder tabs over the conversation list ("All" first).
 * A WAI-ARIA tablist: one tab in the tab order, arrows/Home/End move and
 * select. On phones the row scrolls sideways.
 */
export function FolderTabBar({
  tabs,
  selected,
  onSelect,
  onEdit,
}: {
  tabs: FolderTab[];
  selected: number | null;
  onSelect: (id: number | null) => void;
  onEdit: () => void;
}) {
  const { t } = useTranslation();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === selected),
  );

  const onKeyDown = (event: KeyboardEvent) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? current === last
          ? 0
          : current + 1
        : event.key === 'ArrowLeft'
          ? current === 0
            ? last
            : current - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onSelect(tab.id);
    const button = refs.current[next];
    button?.focus();
    button?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  };

  return (
    <div className="folder-bar">
      <div
        className="folder-tabs"
        role="tablist"
        aria-label={t('folders.tabs')}
        onKeyDown={onKeyDown}
        data-testid="folder-tabs"
      >
        {tabs.map((tab, index) => {
          const active = index === current;
          return (
            <button
              key={tab.id ?? 'all'}
              ref={(el) => {
                refs.current[index] = el;
              }}
              type="button"
              role="tab"
              aria-selected={active}
              tabIndex={active ? 0 : -1}
              className={`folder-tab${active ? ' is-active' : ''}`}
              onClick={() => onSelect(tab.id)}
              data-testid={tab.id === null ? 'folder-tab-all' : `folder-tab-${tab.id}`}
            >
              <span className="folder-tab-name">{tab.name}</span>
              {tab.unread > 0 ? (
                <span
                  className="folder-tab-badge"
                  aria-label={t('folders.unread', { count: tab.unread })}
                >
                  {tab.unread > 999 ? '999+' : tab.unread}
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
      <button
        type="button"
        className="icon-button folder-edit"
        onClick={onEdit}
        aria-label={t('folders.edit')}
        title={t('folders.edit')}
        data-testid="folder-edit"
      >
        <svg
          viewBox="0 0 24 24"
          width="18"
          height="18"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        >
          <path d="M3 7.5A1.5 1.5 0 0 1 4.5 6H9l2 2h8.5A1.5 1.5 0 0 1 21 9.5v8a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5z" />
          <path d="M12 11v5M9.5 13.5h5" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
