import { describe, expect, it } from 'vitest';
import type { Conversation } from '@parley/protocol/conversation';
import type { HistoryReply } from '@parley/protocol/message';
import { api, newBot } from './bots';
import { eventually } from './bots-grammy';
import { befriend, createConversation, memberViews } from './groups';
import { direct, person, sent } from './messaging';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// What a bot may do and see (docs/PERMISSIONS.md, "Bots"): it acts only in
// chats it belongs to; in a group it sees commands, replies and mentions
// unless it is an admin; blocking it sends my_chat_member and stops its
// messages; its sends are rate limited with Telegram's 429; and the
// official bot makes bots through its chat.

type Update = Record<string, unknown> & { update_id: number };

const updates = async (client: Parameters<typeof api>[0], token: string, offset = 0) =>
  (await api(client, token, 'getUpdates', { offset, timeout: 0 })).body.result as Update[];

for (const backend of stores()) {
  describe(`bot rules (${backend.name})`, () => {
    const suite = useSuiteServer(backend, {
      bots: {
        rateLimits: {
          perBot: { burst: 30, perSecond: 30 },
          perChat: { burst: 3, perSecond: 0.2 },
          perGroup: { burst: 20, perSecond: 1 },
        },
      },
    });

    it('in a group sees only commands, replies and mentions until it is an admin', async () => {
      const { client } = suite;
      const [alice, bob] = [await person(client), await person(client)];
      const bot = await newBot(client, alice);
      await befriend(client, alice, bob);
      await direct(client, alice, { ...bob, id: bot.id });
      // The bot never wrote to alice, yet it is added at once (a bot has no one to accept).
      const group = await createConversation(client, alice, 'group', {
        name: 'G',
        member_ids: [bob.id, bot.id],
      });
      expect(group.invited).toEqual([]);
      // Member rows say which members are bots (the web makes their /commands tappable).
      const { members } = await memberViews(() => client).membersOf(bob, group.id);
      expect(members.map((m) => [m.id, m.is_bot])).toEqual(
        [alice.id, bob.id, bot.id].sort((a, b) => a - b).map((id) => [id, id === bot.id]),
      );
      const joined = await updates(client, bot.token);
      expect(joined.at(-1)?.['my_chat_member']).toMatchObject({
        chat: { id: group.id, type: 'group' },
        new_chat_member: { status: 'member' },
      });
      const offset = (joined.at(-1)?.update_id ?? 0) + 1;
      await sent(client, bob, group.id, 'just chatting');
      await sent(client, bob, group.id, '/help');
      // A command naming another bot is that bot's; one naming this bot is its own.
      await sent(client, bob, group.id, '/help@someone_else_bot');
      await sent(client, bob, group.id, `/start@${bot.username}`);
      await sent(client, bob, group.id, `hey @${bot.username}`);
      const seen = await updates(client, bot.token, offset);
      expect(seen.map((u) => (u['message'] as { text: string }).text)).toEqual([
        '/help',
        `/start@${bot.username}`,
        `hey @${bot.username}`,
      ]);
      expect(seen[0]?.['message']).toMatchObject({
        entities: [{ type: 'bot_command', offset: 0, length: 5 }],
      });
      // A moderator bot sees everything.
      const role = await client.post(
        '/user/role',
        { conversation_id: group.id, user_id: bot.id, role: 'moderator' },
        { token: alice.token },
      );
      expect(role.status).toBe(200);
      await sent(client, bob, group.id, 'plain again');
      const later = await updates(client, bot.token, (seen.at(-1)?.update_id ?? 0) + 1);
      expect(later.map((u) => (u['message'] as { text: string }).text)).toEqual(['plain again']);
      // Removed, it gets my_chat_member and can no longer post there.
      await client.post(`/user/conversations/${group.id}/members/${bot.id}/remove`, undefined, {
        token: alice.token,
      });
      const gone = await updates(client, bot.token, (later.at(-1)?.update_id ?? 0) + 1);
      expect(gone.at(-1)?.['my_chat_member']).toMatchObject({
        new_chat_member: { status: 'kicked' },
      });
      const refused = await api(client, bot.token, 'sendMessage', {
        chat_id: group.id,
        text: 'hi',
      });
      expect(refused.body.description).toBe('Bad Request: chat not found');
    });

    it('cannot write to someone who blocked it, who then shows in my_chat_member', async () => {
      const { client } = suite;
      const alice = await person(client);
      const bot = await newBot(client, alice);
      const chat = await direct(client, alice, { ...alice, id: bot.id });
      expect(
        (await api(client, bot.token, 'sendMessage', { chat_id: chat.id, text: 'hello' })).status,
      ).toBe(200);
      await client.post(`/user/conversations/${chat.id}/block`, undefined, { token: alice.token });
      const blocked = await api(client, bot.token, 'sendMessage', {
        chat_id: chat.id,
        text: 'still?',
      });
      expect(blocked.body).toMatchObject({
        error_code: 403,
        description: 'Forbidden: bot was blocked by the user',
      });
      await client.post(`/user/conversations/${chat.id}/unblock`, undefined, {
        token: alice.token,
      });
      const seen = await updates(client, bot.token);
      expect(
        seen.map(
          (u) =>
            (u['my_chat_member'] as { new_chat_member: { status: string } }).new_chat_member.status,
        ),
      ).toEqual(['kicked', 'member']);
    });

    it('answers 429 with retry_after past the per-chat burst', async () => {
      const { client } = suite;
      const alice = await person(client);
      const bot = await newBot(client, alice);
      const chat = await direct(client, alice, { ...alice, id: bot.id });
      const results = [];
      for (let i = 0; i < 4; i += 1) {
        results.push(
          await api(client, bot.token, 'sendMessage', { chat_id: chat.id, text: `n${i}` }),
        );
      }
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 429]);
      expect(results[3]?.body.parameters?.retry_after).toBeGreaterThanOrEqual(1);
    });

    it('makes a bot through the official bot chat', async () => {
      const { client } = suite;
      const alice = await person(client);
      const chat = await client.post<Conversation>(
        '/user/conversations/direct',
        { username: 'ParleyBot' },
        { token: alice.token },
      );
      expect(chat.body).toMatchObject({ with_bot: true, with_own_bot: false, is_official: true });
      const say = (text: string) => sent(client, alice, chat.body.id, text);
      const lastReply = async (contains: string) =>
        eventually(async () => {
          const h = await client.get<HistoryReply>(`/user/conversations/${chat.body.id}/messages`, {
            token: alice.token,
          });
          return h.body.messages.find(
            (m) => m.user_id !== alice.id && m.message.includes(contains),
          );
        });
      await say('/newbot');
      await lastReply('choose a name');
      await say('Weather');
      await lastReply('username');
      await say('weather_report_bot');
      const done = await lastReply('Done!');
      const token = /\d+:[A-Za-z0-9_-]{35}/.exec(done.message)?.[0] ?? '';
      expect((await api(client, token, 'getMe')).body.result).toMatchObject({
        username: 'weather_report_bot',
      });
      await say('/mybots');
      await lastReply('@weather_report_bot - Weather');
      const commands = await client.get<{ commands: { command: string }[] }>(
        `/user/conversations/${chat.body.id}/bot-commands`,
        { token: alice.token },
      );
      expect(commands.body.commands.map((c) => c.command)).toContain('newbot');
    });
  });
}
