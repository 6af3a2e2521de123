import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Conversation } from '@parley/protocol/conversation';
import type { Member } from '@parley/protocol/member';
import {
  json,
  mockFetch,
  resetBrowserState,
  sampleConversation,
  sampleMessage,
  samplePivot,
  signIn,
} from '../../test/http-fixtures';
import { clearMemberDirectory } from '../groups/member-directory';
import { useCommandTaps } from './use-command-taps';

// Issue 33: a bot's /commands are tappable in its direct chat (the command as
// written) and in groups (naming the bot, as Telegram sends it), where the
// member list says which members are bots; not in channels.

const member = (id: number, username: string, is_bot: boolean): Member => ({
  id,
  name: username,
  username,
  avatar: null,
  is_official: false,
  is_bot,
  pivot: {
    role: null,
    user_id: id,
    blocked: false,
    member_status: 'member',
    last_read_message_id: null,
  },
});
const fromBot = sampleMessage(1, 'u1', { user_id: 9, message: '/help - what I can do' });
const fromPerson = sampleMessage(2, 'u2', { user_id: 8, message: '/help me' });

function taps(conversation: Conversation, messages = [fromBot, fromPerson]) {
  const sent: string[] = [];
  const hook = renderHook(() => useCommandTaps(conversation, messages, 7));
  return { sent, current: () => hook.result.current((text) => sent.push(text)) };
}

describe('useCommandTaps', () => {
  afterEach(() => {
    clearMemberDirectory();
    resetBrowserState();
  });

  it("in a group, taps a bot member's commands and names the bot", async () => {
    signIn();
    const fetched = mockFetch(() =>
      json(200, {
        members: [member(7, 'me', false), member(8, 'ann', false), member(9, 'helper_bot', true)],
        blocked_users: [],
        members_count: 3,
        next_after: null,
      }),
    );
    const { sent, current } = taps(sampleConversation({ id: 5 }));
    await waitFor(() => expect(current()).toBeDefined());
    const onCommand = current()!;
    expect(onCommand.isBot(fromBot)).toBe(true);
    expect(onCommand.isBot(fromPerson)).toBe(false);
    onCommand.send('/help', fromBot);
    onCommand.send('/start@other_bot', fromBot);
    expect(sent).toEqual(['/help@helper_bot', '/start@other_bot']);
    expect(fetched).toHaveBeenCalledTimes(1);
  });

  it('in a direct chat with a bot sends the command as written, asking nothing', () => {
    const fetched = mockFetch(() => json(500, {}));
    const chat = sampleConversation({
      type: 'direct',
      is_group: false,
      with_bot: true,
      friend: { id: 9, name: 'Helper' } as Conversation['friend'],
    });
    const { sent, current } = taps(chat);
    current()?.send('/help', fromBot);
    expect(sent).toEqual(['/help']);
    expect(current()?.isBot(fromPerson)).toBe(false);
    expect(fetched).not.toHaveBeenCalled();
  });

  it('fetches no members where nobody else wrote a command, nor in a channel', () => {
    const fetched = mockFetch(() => json(500, {}));
    expect(taps(sampleConversation(), [sampleMessage(3, 'u3', { user_id: 9 })]).current()).toBe(
      undefined,
    );
    const channel = sampleConversation({ type: 'channel', is_group: false, is_channel: true });
    // Not even for its owner: bots get no channel posts, so a tap would only broadcast it.
    for (const role of [null, 'owner'] as const) {
      expect(taps({ ...channel, pivot: samplePivot({ role }) }).current()).toBe(undefined);
    }
    expect(fetched).not.toHaveBeenCalled();
  });
});
