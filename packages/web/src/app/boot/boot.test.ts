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

  it('settles `screen` when the chat’s code is in, `settled` only with the replies', async () => {
    signIn('tok-1');
    mockFetch(() => new Promise<Response>(() => undefined)); // replies never come
    const boot = startChatBoot('/chat');
    await boot.screen; // the chat's chunk (transformed on first import in this worker)
    const settled = await Promise.race([
      boot.settled.then(() => 'settled'),
      new Promise((resolve) => setTimeout(() => resolve('waiting'), 50)),
    ]);
    expect(settled).toBe('waiting');
  }, 20_000);

  it('settles both at once elsewhere', async () => {
    signIn('tok-1');
    const boot = startChatBoot('/main');
    const both = await Promise.race([
      Promise.all([boot.screen, boot.settled]).then(() => 'settled'),
      new Promise((resolve) => setTimeout(() => resolve('waiting'), 0)),
    ]);
    expect(both).toBe('settled');
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
