import type { ServerFrame } from '@parley/protocol/realtime';
import { loadWithTimeout } from '../../lib/lazy';
import { useConversationStore } from '../conversations/store';
import type { HeldConversation, Notifier } from './notifier';
import { listenForNotificationClicks } from './worker-clicks';

// The notifier (its rules, texts, tab coordination; about 2 KB gzip) is not
// part of the chat screen's first load: the socket starts only after the
// cache is read, so the chunk is normally in before the first frame. A frame
// that comes earlier waits, with its conversation as the store held it then,
// since the stores apply the frame right after.

/** Frames kept while the chunk loads; a resume burst fits, a stuck load does not grow without end. */
export const WAITING_MAX = 500;

type NotifierModule = { startNotifications: () => Notifier };

export function startNotificationsDeferred(
  load: () => Promise<NotifierModule> = () => import('./notifier'),
): Notifier {
  let real: Notifier | null = null;
  let loading: Promise<unknown> | null = null;
  let stopped = false;
  let waiting: Array<[ServerFrame, number | null, HeldConversation]> = [];

  const start = () => {
    loading ??= loadWithTimeout(load).then(
      ({ startNotifications }) => {
        if (stopped) return;
        real = startNotifications();
        for (const [frame, ownId, held] of waiting) real.noteFrame(frame, ownId, held);
        waiting = [];
      },
      (error: unknown) => {
        loading = null; // the next frame tries again
        console.warn('notifications: could not load the notifier', error);
      },
    );
  };
  start();
  const stopClicks = listenForNotificationClicks();

  return {
    noteFrame: (frame, ownId) => {
      if (real) {
        real.noteFrame(frame, ownId);
        return;
      }
      if (stopped || frame.op !== 'event' || frame.scope !== 'conversation') return;
      const conversation = useConversationStore.getState().byId[frame.conversation_id];
      waiting.push([frame, ownId, { conversation }]);
      if (waiting.length > WAITING_MAX) waiting.shift();
      start();
    },
    stop: () => {
      stopClicks();
      stopped = true;
      waiting = [];
      real?.stop();
    },
  };
}
