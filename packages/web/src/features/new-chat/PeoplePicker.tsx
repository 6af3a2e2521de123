import { useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SEARCH_QUERY_MAX } from '@parley/protocol/constants';
import { useAuthStore } from '../auth/store';
import { openDirectChat } from '../conversations/open-direct';
import { GroupDialog } from '../groups/ui/GroupDialog';
import { useContacts } from '../groups/use-contacts';
import { useSearch } from '../search/use-search';
import { pickerPeople } from './people';
import type { Person } from './people';
import { PEOPLE_LIST_ID, PeopleList, personOptionId } from './ui/PeopleList';

/**
 * "New message": a search field over the people the user has direct chats
 * with (listed first) and the people the server's search finds by name or
 * @username. Picking one opens the direct chat, creating it when there is
 * none. Up and Down move, Enter picks, Escape closes (the dialog frame's).
 * Its own chunk: it loads when the menu's "New message" is first chosen.
 */
export function PeoplePicker({
  onClose,
  onOpened,
}: {
  onClose: () => void;
  /** The chat is open: the picker goes away without giving the focus back. */
  onOpened: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const contacts = useContacts();
  const selfId = useAuthStore((s) => s.user?.id ?? null);
  const found = useSearch(query, 'users');
  const people = useMemo(
    () => pickerPeople(contacts, found.reply?.users ?? [], query, selfId),
    [contacts, found.reply, query, selfId],
  );
  // The arrow-key choice belongs to the text it was made for; the first row by default.
  const [choice, setChoice] = useState({ query, index: 0 });
  const active = choice.query === query ? Math.min(choice.index, people.length - 1) : 0;
  const [opening, setOpening] = useState<number | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // The dialog opens for typing.
  useEffect(() => inputRef.current?.focus(), []);

  const pick = async (person: Person) => {
    if (opening !== null) return;
    setOpening(person.id);
    try {
      const id = await openDirectChat({ user_id: person.id });
      onOpened();
      void navigate(`/chat/${id}`);
    } catch {
      // The call's toast says what went wrong; the row can be picked again.
      setOpening(null);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const move = (index: number) => {
      event.preventDefault();
      setChoice({ query, index });
    };
    if (event.key === 'ArrowDown') move(Math.min(active + 1, people.length - 1));
    else if (event.key === 'ArrowUp') move(Math.max(active - 1, 0));
    else if (event.key === 'Enter') {
      const person = people[active];
      if (!person) return;
      event.preventDefault();
      void pick(person);
    }
  };

  const activePerson = people[active];
  const empty = people.length === 0 && !found.pending;
  return (
    <GroupDialog title={t('newChat.message')} testId="new-chat-picker" onClose={onClose}>
      <div className="new-chat-picker">
        <input
          type="search"
          className="new-chat-search"
          name="new-chat-search"
          value={query}
          maxLength={SEARCH_QUERY_MAX}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('newChat.searchPeople')}
          aria-label={t('newChat.searchPeople')}
          role="combobox"
          aria-expanded={people.length > 0}
          aria-controls={PEOPLE_LIST_ID}
          aria-autocomplete="list"
          aria-activedescendant={activePerson ? personOptionId(activePerson.id) : undefined}
          ref={inputRef}
        />
        {query.trim() === '' && people.length > 0 ? (
          <h3 className="new-chat-section">{t('newChat.yourChats')}</h3>
        ) : null}
        <PeopleList
          people={people}
          active={active}
          opening={opening}
          onPick={(p) => void pick(p)}
        />
        {empty ? (
          <p className="new-chat-empty" data-testid="new-chat-empty">
            {query.trim() === '' ? t('newChat.typeToFind') : t('search.noResults')}
          </p>
        ) : null}
      </div>
    </GroupDialog>
  );
}
