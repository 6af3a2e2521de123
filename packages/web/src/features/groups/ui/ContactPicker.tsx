import { useTranslation } from 'react-i18next';
import { AccountBadge } from '../../../ui/AccountBadge';
import { Avatar } from '../../../ui/Avatar';
import type { Contact } from '../use-contacts';

/** Friends with a checkbox each (create form, add members). Presentational. */
export function ContactPicker({
  contacts,
  picked,
  onToggle,
}: {
  contacts: Contact[];
  picked: readonly number[];
  onToggle: (id: number, on: boolean) => void;
}) {
  const { t } = useTranslation();
  if (contacts.length === 0) return <p className="settings-note">{t('groups.noContacts')}</p>;
  return (
    <ul className="group-pick-list" data-testid="member-picker">
      {contacts.map((c) => (
        <li key={c.id}>
          <label className="group-pick">
            <input
              type="checkbox"
              checked={picked.includes(c.id)}
              onChange={(event) => onToggle(c.id, event.target.checked)}
              data-testid={`pick-${c.id}`}
            />
            <Avatar id={c.id} name={c.name} src={c.avatar} size={32} />
            <span className="group-pick-name">
              {c.name}
              <AccountBadge bot={c.bot} official={c.official} />
            </span>
          </label>
        </li>
      ))}
    </ul>
  );
}
