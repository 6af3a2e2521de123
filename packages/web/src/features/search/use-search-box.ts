import { useCallback, useMemo, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { matchesQuery } from '../conversations/list-item';
import type { ConversationListItem } from '../conversations/list-item';
import { openDirectChat } from '../conversations/open-direct';
import { useJumpStore } from '../messages/jump-store';
import { optionId, RESULTS_ID, searchOptions } from './options';
import type { SearchOption } from './options';
import { useSearch } from './use-search';

/**
 * Container hook of the sidebar's search box: its results (the caller's
 * matching chats, then the server's people, groups and messages), the
 * arrow-key choice, and what picking a row does. The input gets `inputProps`
 * (a combobox driving the results' listbox); `clear` empties the box.
 */
export function useSearchBox(query: string, items: ConversationListItem[], clear: () => void) {
  const navigate = useNavigate();
  const askJump = useJumpStore((s) => s.ask);
  const found = useSearch(query);
  // Chats by title, from every folder: search looks everywhere.
  const options = useMemo(
    () =>
      searchOptions(
        items.filter((item) => matchesQuery(item, query)),
        found.reply,
      ),
    [items, query, found.reply],
  );
  // The arrow-key choice belongs to the text it was made for.
  const [choice, setChoice] = useState({ query, index: -1 });
  const active = choice.query === query ? Math.min(choice.index, options.length - 1) : -1;
  const open = query.trim() !== '';

  const pick = useCallback(
    (option: SearchOption) => {
      switch (option.kind) {
        case 'chat':
          clear();
          void navigate(`/chat/${option.chat.id}`);
          return;
        case 'user':
          clear();
          void openDirectChat({ user_id: option.user.id }).then((id) => navigate(`/chat/${id}`));
          return;
        case 'group': {
          const { group } = option;
          clear();
          // Not a member yet: the public page shows it with Join.
          void navigate(group.is_member ? `/chat/${group.id}` : `/to/${group.username}`);
          return;
        }
        case 'message': {
          // The results stay: the next one is a click away.
          const { message } = option.found;
          askJump(message.conversation_id, message.id);
          void navigate(`/chat/${message.conversation_id}`);
          return;
        }
      }
    },
    [clear, navigate, askJump],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const move = (index: number) => {
      event.preventDefault();
      setChoice({ query, index });
    };
    if (event.key === 'ArrowDown') move(Math.min(active + 1, options.length - 1));
    else if (event.key === 'ArrowUp') move(Math.max(active - 1, -1));
    else if (event.key === 'Escape' && query !== '') {
      event.preventDefault();
      clear();
    } else if (event.key === 'Enter') {
      // Enter without a choice takes the first row.
      const option = options[active] ?? options[0];
      if (!option) return;
      event.preventDefault();
      pick(option);
    }
  };

  const activeOption = options[active];
  return {
    open,
    options,
    active,
    pick,
    pending: found.pending,
    hasMore: found.hasMore,
    loadingMore: found.loadingMore,
    more: found.more,
    inputProps: {
      role: 'combobox',
      'aria-expanded': open,
      'aria-controls': RESULTS_ID,
      'aria-autocomplete': 'list' as const,
      'aria-activedescendant': activeOption ? optionId(activeOption) : undefined,
      onKeyDown,
    },
  };
}

export type SearchBox = ReturnType<typeof useSearchBox>;
