import { useEffect, useRef } from 'react';
import { markRead } from '../conversations/api';
import { useConversationStore } from '../conversations/store';
import { usePageVisible } from '../../lib/use-online';

const DEBOUNCE_MS = 400;

/**
 * Marks the conversation read up to the last message on screen, while the
 * tab is visible. Debounced; a newer mark aborts the one still in flight.
 */
export function useReadMarker(conversationId: number, lastVisibleId: number | null): void {
  const visible = usePageVisible();
  const sentRef = useRef(0);
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => {
    sentRef.current =
      useConversationStore.getState().byId[conversationId]?.pivot.last_read_message_id ?? 0;
  }, [conversationId]);

  useEffect(() => {
    if (!visible || lastVisibleId === null || lastVisibleId <= sentRef.current) return;
    const conversation = useConversationStore.getState().byId[conversationId];
    const alreadyRead = (conversation?.pivot.last_read_message_id ?? 0) >= lastVisibleId;
    if (alreadyRead && conversation?.pivot.new_messages === 0) return;
    const timer = setTimeout(() => {
      controllerRef.current?.abort();
      const controller = new AbortController();
      controllerRef.current = controller;
      sentRef.current = lastVisibleId;
      markRead(conversationId, lastVisibleId, controller.signal).then(
        (reply) =>
          useConversationStore
            .getState()
            .read(conversationId, reply.new_messages, reply.unread_count, lastVisibleId),
        () => {
          if (!controller.signal.aborted) sentRef.current = 0; // let the next scroll try again
        },
      );
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [conversationId, lastVisibleId, visible]);
}
