import { useCallback, useEffect, useRef } from 'react';
import { sendRealtime } from '../../api/socket';

/** A repeated `start` only refreshes the server's 6 s timer: one per 3 s is enough. */
export const TYPING_THROTTLE_MS = 3000;

/**
 * Typing frames for one conversation (spec 4): `start` while the user types,
 * at most one per 3 s; `stop` once on send, blur, an emptied draft or leaving.
 */
export function useTypingSender(conversationId: number): (typing: boolean) => void {
  const lastStart = useRef(0);
  const started = useRef(false);

  useEffect(
    () => () => {
      if (started.current) {
        sendRealtime({ op: 'typing', conversation_id: conversationId, state: 'stop' });
      }
      started.current = false;
      lastStart.current = 0;
    },
    [conversationId],
  );

  return useCallback(
    (typing: boolean) => {
      if (typing) {
        const now = Date.now();
        if (now - lastStart.current < TYPING_THROTTLE_MS) return;
        if (sendRealtime({ op: 'typing', conversation_id: conversationId, state: 'start' })) {
          lastStart.current = now;
          started.current = true;
        }
        return;
      }
      if (!started.current) return;
      started.current = false;
      lastStart.current = 0;
      sendRealtime({ op: 'typing', conversation_id: conversationId, state: 'stop' });
    },
    [conversationId],
  );
}
