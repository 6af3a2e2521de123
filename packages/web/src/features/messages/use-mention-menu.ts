import { useEffect, useState } from 'react';
import {
  insertMention,
  mentionFragment,
  suggestMentions,
} from '@parley/protocol/rules/mention-suggest';
import type { MentionCandidate } from '@parley/protocol/rules/mention-suggest';
import { useSuggestMenu } from './use-suggest-menu';
import type { SuggestMenu } from './use-suggest-menu';

// The composer's "@" menu: while the caret is in an `@…` fragment, the
// conversation's members that match it (protocol rules/mention-suggest.ts).
// Up and Down move; Enter, Tab or a click puts `@username ` in place of the
// fragment; Escape closes the menu until the fragment changes.

/** Where the composer's "@" list comes from; absent in direct chats. */
export type MentionSource = {
  /** The members (cached by the loader: called once per "@", not per key). */
  load: () => Promise<MentionCandidate[]>;
  /** Who spoke last first. */
  recentIds: readonly number[];
  selfId: number | null;
};

export type MentionMenu = SuggestMenu<MentionCandidate>;

export function useMentionMenu(
  text: string,
  /** Null when not known (nothing typed yet): no menu. */
  caret: number | null,
  source: MentionSource | undefined,
  onInsert: (text: string, caret: number) => void,
): MentionMenu {
  const [members, setMembers] = useState<MentionCandidate[]>([]);
  const fragment = source && caret !== null ? mentionFragment(text, caret) : null;
  const wanted = fragment !== null;
  const load = source?.load;

  // Each new "@" asks the loader again, which answers from memory unless the
  // membership changed meanwhile.
  useEffect(() => {
    if (!wanted || !load) return;
    let live = true;
    load().then(
      (list) => live && setMembers(list),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, load]);

  const items =
    fragment && source
      ? suggestMentions(members, fragment.query, {
          selfId: source.selfId,
          recentIds: source.recentIds,
        })
      : [];
  const key = fragment ? `${fragment.start}:${fragment.query}` : '';
  return useSuggestMenu(key, items, (member) => {
    if (!fragment) return;
    const done = insertMention(text, fragment, member.username);
    onInsert(done.text, done.caret);
  });
}
