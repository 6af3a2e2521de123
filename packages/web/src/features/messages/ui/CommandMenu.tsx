import { useTranslation } from 'react-i18next';
import type { CommandMenu as Menu } from '../use-command-menu';
import { SuggestList } from './SuggestList';

/** The "/" menu's list above the composer. */
export function CommandMenu({ id, menu }: { id: string; menu: Menu }) {
  const { t } = useTranslation();
  return (
    <SuggestList
      id={id}
      label={t('bots.commands.label')}
      menu={menu}
      itemKey={(c) => `${c.bot_id}-${c.command}`}
      testId="command-menu"
    >
      {(c) => (
        <>
          <span className="command-menu-name">/{c.command}</span>
          <span className="command-menu-about">{c.description}</span>
        </>
      )}
    </SuggestList>
  );
}
