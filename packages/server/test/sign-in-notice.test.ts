import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { ConversationList } from '@parley/protocol/conversation';
import { SIGN_IN_MESSAGE_TYPE, signInNoticeSchema } from '@parley/protocol/message';
import type { Message, MessageRef } from '@parley/protocol/message';
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
    // Browser and system apart, so each reader's client composes them in its language.
    expect(body).toMatchObject({ browser: 'Node.js', os: null });
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

  it('a notice keeps its type when forwarded, quoted in a reply and pinned', async () => {
    const signed = await registerAndLogin(client, newAccount('quote'));
    const token = signed.access_token;
    const { system, notices } = await systemNotices(token);
    const notice = notices[0];
    if (!notice) throw new Error('no notice');
    const list = await client.get<ConversationList>('/user/conversations', { token });
    const saved = list.body.conversations.find((c) => c.is_saved);
    if (!saved) throw new Error('no Saved Messages');

    const forwarded = await client.post<{ messages: Message[] }>(
      '/user/messages/forward',
      { from_conversation_id: system.id, to_conversation_id: saved.id, ids: [notice.id] },
      { token },
    );
    expect(forwarded.status).toBe(200);
    const copy = forwarded.body.messages[0];
    expect(copy?.type).toBe(SIGN_IN_MESSAGE_TYPE);
    expect(copy?.forwarded).toMatchObject({
      id: notice.id,
      type: SIGN_IN_MESSAGE_TYPE,
      sender: null,
    });

    const reply = await client.post<Message>(
      '/user/messages',
      { conversation_id: saved.id, uuid: randomUUID(), message: 'was it me?', parent_id: copy?.id },
      { token },
    );
    expect(reply.status).toBe(200);
    expect(reply.body.type).toBe('text');
    expect(reply.body.parent).toMatchObject({ type: SIGN_IN_MESSAGE_TYPE });

    const pinned = await client.post<{ pinned_message: MessageRef }>(
      `/user/conversations/${system.id}/pinned-message`,
      { message_id: notice.id },
      { token },
    );
    expect(pinned.status).toBe(200);
    expect(pinned.body.pinned_message).toMatchObject({ id: notice.id, type: SIGN_IN_MESSAGE_TYPE });
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
