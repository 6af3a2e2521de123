import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountBadge } from '../../../ui/AccountBadge';
import { Avatar } from '../../../ui/Avatar';
import type { Person } from '../people';

export const PEOPLE_LIST_ID = 'new-chat-people';
export const personOptionId = (id: number) => `new-chat-person-${id}`;

/**
 * The picker's people as a listbox the search field drives (the field keeps
 * the focus; `active` is its aria-activedescendant). A row shows whether a
 * chat with them exists. Presentational.
 */
export function PeopleList({
  people,
  active,
  opening,
  onPick,
}: {
  people: readonly Person[];
  active: number;
  /** The person whose chat is being opened. */
  opening: number | null;
  onPick: (person: Person) => void;
}) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLUListElement>(null);
  const activeId = people[active]?.id;
  // Arrow keys may walk past the visible rows.
  useEffect(() => {
    if (activeId === undefined) return;
    const row = listRef.current?.querySelector(`#${personOptionId(activeId)}`);
    row?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);
  return (
    <ul
      ref={listRef}
      id={PEOPLE_LIST_ID}
      className="new-chat-people"
      role="listbox"
      aria-label={t('newChat.people')}
      data-testid="new-chat-people"
    >
      {people.map((person, index) => (
        <li
          key={person.id}
          id={personOptionId(person.id)}
          role="option"
          aria-selected={index === active}
          aria-busy={opening === person.id}
          className={index === active ? 'new-chat-person is-active' : 'new-chat-person'}
          data-testid={`new-chat-person-${person.id}`}
          // The field keeps the focus: a press must not take it.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(person)}
        >
          <Avatar id={person.id} name={person.name} src={person.avatar} size={40} initials />
          <span className="new-chat-person-text">
            <span className="new-chat-person-name">
              {person.name}
              <AccountBadge bot={person.bot} official={person.official} />
            </span>
            <span className="new-chat-person-meta">
              {person.known ? t('newChat.hasChat') : person.username ? `@${person.username}` : null}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
