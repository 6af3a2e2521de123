import type { TFunction } from 'i18next';
import type { Conversation } from '@parley/protocol/conversation';

// "X is typing…" (spec 4), from the typing user ids of one conversation.

/** A name for a typing user from what the conversation itself knows. */
export function typingNameFrom(c: Conversation | undefined): (userId: number) => string | null {
  return (userId) => {
    if (c?.friend?.id === userId) return c.friend.name;
    const last = c?.current_user.last_message;
    if (last?.sender && last.sender.id === userId) return last.sender.name;
    return null;
  };
}

export function typingText(
  ids: readonly number[],
  nameOf: (userId: number) => string | null,
  t: TFunction,
): string | null {
  if (ids.length === 0) return null;
  const names = ids.map((id) => nameOf(id) ?? t('typing.someone'));
  const [first, second] = names;
  if (names.length === 1) return t('typing.one', { name: first });
  if (names.length === 2) return t('typing.two', { first, second });
  return t('typing.several');
}
