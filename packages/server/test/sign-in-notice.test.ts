import { beforeAll, describe, expect, it } from 'vitest';
import type { ConversationList } from '@parley/protocol/conversation';
import { SIGN_IN_MESSAGE_TYPE, signInNoticeSchema } from '@parley/protocol/message';
import { newAccount, registerAndLogin } from './harness';
import type { Client } from './harness';
import { conversationEvents, history } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';
import type { TestStore } from './stores';

// Every sign-in (not a refresh) posts one "sign_in" notice into the user's
// read-only System conversation, with its message.new event.

describe.each(stores())('sign-in notice ($name)', (backend) => {
  let ts: TestStore;
  let client: Client;

  const suite = useSuiteServer(backend);
  beforeAll(() => ({ ts, client } = suite));

  async function systemNotices(token: string) {
    const me = await client.get<{ id: number }>('/user', { token });
    const page = await client.get<ConversationList>('/user/conversations', { token });
    const system = page.body.conversations.find((c) => c.is_system);
    if (!system) throw new Error('no System conversation');
    const who = { id: me.body.id, token, username: '', name: '' };
    const { messages } = await history(client, who, system.id);
    return {
      system,
      notices: messages.filter((m) => m.type === SIGN_IN_MESSAGE_TYPE),
      events: await conversationEvents(ts.store, system.id),
    };
  }

  it('registration and its first sign-in post exactly one notice; each sign-in adds one', async () => {
    const account = newAccount('notice');
    const first = await registerAndLogin(client, account);
    const once = await systemNotices(first.access_token);
    expect(once.notices).toHaveLength(1);
    const notice = once.notices[0];
    expect(notice?.user_id).toBeNull();
    expect(notice?.sender).toBeNull();
    const body = signInNoticeSchema.parse(JSON.parse(notice?.message ?? ''));
    expect(body.ip).toBe('127.0.0.1');
    expect(body.device).toBe('Node.js');
    expect(Number.isNaN(Date.parse(body.at))).toBe(false);
    expect(once.system.current_user.last_message?.id).toBe(notice?.id);
    expect(once.events.filter((e) => e.type === 'message.new')).toHaveLength(2); // welcome + notice

    // A refresh is not a sign-in.
    const refreshed = await client.post<{ access_token: string }>('/user/refresh', {
      refresh_token: first.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    expect((await systemNotices(refreshed.body.access_token)).notices).toHaveLength(1);

    // A second sign-in: one more.
    const again = await client.post<{ access_token: string }>('/login', {
      login: account.login,
      password: account.password,
    });
    expect(again.status).toBe(200);
    expect((await systemNotices(again.body.access_token)).notices).toHaveLength(2);
  });

  it('a failed sign-in posts nothing', async () => {
    const signed = await registerAndLogin(client, newAccount('wrong'));
    const bad = await client.post('/login', {
      login: signed.account.login,
      password: 'not-the-password',
    });
    expect(bad.status).toBe(422);
    expect((await systemNotices(signed.access_token)).notices).toHaveLength(1);
  });
});
