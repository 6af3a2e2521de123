import { stripLeadingAt } from '@parley/protocol/rules/username';
import type { Contact } from '../groups/use-contacts';

// The new-message picker's rows: the people the user already has a direct
// chat with first (their names matching the query), then the people the
// server's search found, each person once.

export type Person = {
  id: number;
  name: string;
  /** Known for search results; a contact from the chat list has none. */
  username: string | null;
  avatar: string | null;
  /** A direct chat with them exists already. */
  known: boolean;
  /** For the badges (ui/AccountBadge.tsx). */
  bot: boolean;
  official: boolean;
};

/** How many of the user's own contacts show while nothing is typed. */
export const CONTACTS_SHOWN = 30;

type FoundPerson = {
  id: number;
  name: string;
  username: string;
  avatar: string | null;
  is_bot?: boolean | undefined;
  is_official?: boolean | undefined;
};

export function pickerPeople(
  contacts: readonly Contact[],
  found: readonly FoundPerson[],
  query: string,
  selfId: number | null,
): Person[] {
  const q = stripLeadingAt(query.trim()).toLowerCase();
  const byId = new Map(found.map((user) => [user.id, user]));
  const mine = contacts
    .filter((c) => q === '' || c.name.toLowerCase().includes(q) || byId.has(c.id))
    .slice(0, CONTACTS_SHOWN)
    .map((c): Person => ({
      id: c.id,
      name: c.name,
      username: byId.get(c.id)?.username ?? null,
      avatar: c.avatar,
      known: true,
      bot: c.bot,
      official: c.official,
    }));
  const listed = new Set(mine.map((p) => p.id));
  const others = found
    // Oneself is "Saved messages", not a new chat.
    .filter((user) => !listed.has(user.id) && user.id !== selfId)
    .map((user): Person => ({
      id: user.id,
      name: user.name,
      username: user.username,
      avatar: user.avatar,
      known: false,
      bot: user.is_bot === true,
      official: user.is_official === true,
    }));
  return [...mine, ...others];
}
