import { useTranslation } from 'react-i18next';
import type { CommandMenu as Menu } from '../use-command-menu';

/** The "/" menu's list above the composer (a listbox the textarea points into). */
export function CommandMenu({ id, menu }: { id: string; menu: Menu }) {
  const { t } = useTranslation();
  return (
    <ul id={id} className="command-menu" role="listbox" aria-label={t('bots.commands.label')}>
      {menu.matches.map((c, i) => (
        <li
          key={`${c.bot_id}-${c.command}`}
          id={`${id}-${i}`}
          role="option"
          aria-selected={i === menu.active}
          className={`command-menu-item${i === menu.active ? ' is-active' : ''}`}
          onMouseEnter={() => menu.setActive(i)}
          // mousedown, not click: the textarea keeps the focus.
          onMouseDown={(event) => {
            event.preventDefault();
            menu.pick(i, true);
          }}
          data-testid="command-menu-item"
        >
          <span className="command-menu-name">/{c.command}</span>
          <span className="command-menu-about">{c.description}</span>
        </li>
      ))}
    </ul>
  );
}
