import { useEffect, useMemo } from 'react';
import type { Conversation } from '@parley/protocol/conversation';
import type { Message } from '@parley/protocol/message';
import {
  canDeleteAllForEveryone,
  isSelectableMessage,
} from '@parley/protocol/rules/message-selection';
import type { HistorySelection } from './MessageHistory';
import { useSelectedIds, useSelectionStore } from './selection-store';

// Selection mode of the open chat (issue 23), wired to the chat's life:
// leaving or switching the chat ends it, messages deleted meanwhile drop
// out of it, and Escape cancels it (unless a dialog or menu takes Escape).

export function useSelectionMode(
  conversation: Conversation,
  messages: Message[] | undefined,
  ownId: number | null,
) {
  const id = conversation.id;
  const ids = useSelectedIds(id);
  const active = ids.length > 0;

  useEffect(() => () => useSelectionStore.getState().clear(), [id]);

  useEffect(() => {
    if (active) useSelectionStore.getState().retain(new Set((messages ?? []).map((m) => m.id)));
  }, [active, messages]);

  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || document.querySelector('.dialog-backdrop, .msg-menu')) return;
      useSelectionStore.getState().clear();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [active]);

  const picked = useMemo(() => new Set(ids), [ids]);
  // History order is time order: what Forward and Delete go by.
  const selected = useMemo(
    () => (messages ?? []).filter((m) => picked.has(m.id)),
    [messages, picked],
  );
  const system = conversation.is_system;
  const history = useMemo<HistorySelection>(
    () => ({
      active,
      selected: picked,
      canSelect: (m) => isSelectableMessage(m, system),
      onToggle: (m) => useSelectionStore.getState().toggle(m.id),
      onStart: (m) => useSelectionStore.getState().start(id, m.id),
    }),
    [active, picked, system, id],
  );
  return {
    active,
    selected,
    /** "Delete for everyone" only when allowed for every selected message. */
    everyone: canDeleteAllForEveryone(selected, ownId),
    history,
    cancel: () => useSelectionStore.getState().clear(),
  };
}
