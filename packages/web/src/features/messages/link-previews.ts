import { useEffect, useState } from 'react';
import { messageRoutes } from '@parley/protocol/http/message-routes';
import type { LinkPreview } from '@parley/protocol/link-preview';
import { call } from '../../api/http';
import { ApiError } from '../../api/errors';

// Link previews are asked for lazily — when a message with a link is
// rendered (the list is virtualised, so that means "on screen") — and kept
// in memory for the page's life, per message and link: an edit that changes
// the link asks again, scrolling back does not. The server fetches the page;
// the browser only talks to Parley.

/** null: the message has no card (nothing to show, or the server said no). */
const known = new Map<string, LinkPreview | null>();
const asking = new Map<string, Promise<LinkPreview | null>>();
const KEEP = 500;

const keyOf = (messageId: number, url: string) => `${messageId} ${url}`;

function remember(key: string, value: LinkPreview | null) {
  known.set(key, value);
  // Oldest first: a Map iterates in insertion order.
  if (known.size > KEEP) known.delete(known.keys().next().value ?? key);
}

async function ask(messageId: number, url: string): Promise<LinkPreview | null> {
  const key = keyOf(messageId, url);
  try {
    const reply = await call(messageRoutes.linkPreview, {
      params: { id: messageId },
      // A card that cannot be had is not an error the reader should see.
      silent: true,
    });
    remember(key, reply.preview);
    return reply.preview;
  } catch (error) {
    // No answer at all (offline): ask again next time. An answer (403, 404): keep it.
    if (error instanceof ApiError && error.status !== null) remember(key, null);
    return null;
  } finally {
    asking.delete(key);
  }
}

function load(messageId: number, url: string): Promise<LinkPreview | null> {
  const key = keyOf(messageId, url);
  let running = asking.get(key);
  if (!running) {
    running = ask(messageId, url);
    asking.set(key, running);
  }
  return running;
}

/** The card of this message's link: undefined while asking, null when there is none. */
export function useLinkPreview(messageId: number, url: string): LinkPreview | null | undefined {
  const key = keyOf(messageId, url);
  const [state, setState] = useState<{ key: string; value: LinkPreview | null | undefined }>(
    () => ({ key, value: known.get(key) }),
  );
  useEffect(() => {
    if (known.has(key)) return;
    let live = true;
    void load(messageId, url).then((value) => {
      if (live) setState({ key, value });
    });
    return () => {
      live = false;
    };
  }, [key, messageId, url]);
  return state.key === key ? state.value : known.get(key);
}

/** Tests start from an empty memory. */
export function forgetLinkPreviews(): void {
  known.clear();
  asking.clear();
}
