import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, resetBrowserState, signIn } from '../../test/http-fixtures';
import { startChatBoot } from './boot';

// The entry starts the chat's data only when the page opens on the chat,
// signed in: anywhere else those requests would be wasted (or refused).

describe('startChatBoot', () => {
  beforeEach(() => resetBrowserState());
  afterEach(() => vi.unstubAllGlobals());

  const requested = (spy: ReturnType<typeof mockFetch>) => spy.mock.calls.map(([url]) => url);

  it('sends the list’s first GETs at once on /chat and /chat/:id when signed in', () => {
    signIn('tok-1');
    for (const path of ['/chat', '/chat/12']) {
      const fetchSpy = mockFetch(() => new Promise<Response>(() => undefined));
      startChatBoot(path);
      expect(requested(fetchSpy)).toEqual([
        '/api/v1/user/conversations',
        '/api/v1/user/unread',
        '/api/v1/user',
        '/api/v1/user/folders',
      ]);
    }
  });

  it('does nothing elsewhere or when signed out', () => {
    const fetchSpy = mockFetch(() => new Promise<Response>(() => undefined));
    startChatBoot('/chat'); // no credentials
    signIn('tok-1');
    startChatBoot('/');
    startChatBoot('/main');
    startChatBoot('/chatter');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
