import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Conversation } from '@parley/protocol/conversation';
import type { Message } from '@parley/protocol/message';
import { can, roleOf } from '@parley/protocol/permissions';
import { commandToSend, splitCommands } from '@parley/protocol/rules/bot-commands';
import { loadMemberDirectory } from '../groups/member-directory';
import { useGroupUi } from '../groups/store';

// Which messages' /commands are tappable, and what a tap sends (issue 33):
// a bot's messages, in its direct chat (the command as written) and in a
// group the user may post in (the command naming the bot, `/help@my_bot`, as
// Telegram sends it, so the right bot gets it). Not in channels: bots get no
// channel posts (features/bots/hooks.ts), so a tap would only broadcast the
// command to the subscribers. A group's bots are read from its member list
// (members carry is_bot), fetched only once the history holds someone else's
// command, through the same cache as the composer's "@" list.

/** For MessageHistory: whose messages are a bot's, and how a tapped command is sent. */
export type CommandTaps = {
  isBot: (message: Message) => boolean;
  send: (command: string, message: Message) => void;
};

/** The bots that may have written here: id → the username a group's tap names (null: none). */
export type BotAuthors = ReadonlyMap<number, string | null>;

/** Taps for these bots' messages, sent with `send`; none without bots. */
export function commandTaps(
  bots: BotAuthors,
  send: (text: string) => unknown,
): CommandTaps | undefined {
  if (bots.size === 0) return undefined;
  return {
    isBot: (message) => message.user_id !== null && bots.has(message.user_id),
    send: (command, message) =>
      void send(commandToSend(command, bots.get(message.user_id ?? 0) ?? null)),
  };
}

const NONE: BotAuthors = new Map();

/** Someone other than the user wrote a /command in these messages. */
function hasCommands(messages: readonly Message[] | undefined, ownId: number | null): boolean {
  return (messages ?? []).some(
    (m) =>
      m.user_id !== null &&
      m.user_id !== ownId &&
      splitCommands(m.message).some((p) => p.kind === 'command'),
  );
}

/** A group's bot members, read once its history holds a command (else none). */
function useGroupBots(
  conversation: Conversation,
  messages: readonly Message[] | undefined,
  ownId: number | null,
): BotAuthors {
  const id = conversation.id;
  const role = roleOf(conversation.pivot.role);
  // A tap sends a message: only where the user may post, and may see who the bots are.
  const allowed =
    conversation.is_group &&
    can(role, 'post', conversation.type) &&
    can(role, 'view_members', conversation.type);
  const commands = useMemo(() => hasCommands(messages, ownId), [messages, ownId]);
  const wanted = allowed && commands;
  const version = useGroupUi((s) => s.memberEvents[id] ?? 0);
  const [bots, setBots] = useState<{ id: number; bots: BotAuthors } | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    loadMemberDirectory(id)
      .then((members) => {
        const found = members.filter((m) => m.is_bot === true);
        if (live) setBots({ id, bots: new Map(found.map((m) => [m.id, m.username])) });
      })
      .catch(() => undefined); // no taps; the next membership change asks again
    return () => {
      live = false;
    };
  }, [id, wanted, version]);
  return wanted && bots?.id === id ? bots.bots : NONE;
}

/** `commandsOf(send)`: the taps of this conversation's bots' messages, or undefined. */
export function useCommandTaps(
  conversation: Conversation,
  messages: readonly Message[] | undefined,
  ownId: number | null,
) {
  const groupBots = useGroupBots(conversation, messages, ownId);
  const friendBot = conversation.with_bot === true ? (conversation.friend?.id ?? null) : null;
  const bots = useMemo(
    () => (friendBot === null ? groupBots : new Map([[friendBot, null]])),
    [friendBot, groupBots],
  );
  return useCallback((send: (text: string) => unknown) => commandTaps(bots, send), [bots]);
}
