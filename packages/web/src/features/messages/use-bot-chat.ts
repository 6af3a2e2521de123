import { useCallback, useEffect, useState } from 'react';
import type { InlineButton } from '@parley/protocol/bot-markup';
import type { Conversation } from '@parley/protocol/conversation';
import type { Message } from '@parley/protocol/message';
import { errorMessage } from '../../api/errors';
import { useLocale } from '../../lib/i18n';
import { toast } from '../../ui/toast';
import type { BotDialogState } from './ui/BotDialog';
import type { MessageAction } from './ui/MessageMenu';
import { useCommandTaps } from './use-command-taps';

// What an open chat does for its bots: inline buttons (a callback's answer
// as a toast or an alert, a link after asking), ForceReply (a reply to the
// bot's message, with its placeholder) and the "/" menu's commands. The
// calls load with the first use (bot-api.ts).

/** The language the server was last told (bot-api.ts tellBotsLanguage). */
let toldLocale: string | null = null;

export function useBotChat(
  conversation: Conversation,
  messages: Message[] | undefined,
  ownId: number | null,
  pick: (action: MessageAction, message: Message) => unknown,
) {
  const id = conversation.id;
  const { locale } = useLocale();
  // Bots learn the app's language (@ParleyBot answers in it; others get it as
  // from.language_code): told when a bot's chat opens, once per person and
  // language per page.
  const withBot = conversation.with_bot === true;
  useEffect(() => {
    const told = `${ownId}:${locale}`;
    if (!withBot || ownId === null || toldLocale === told) return;
    toldLocale = told;
    import('./bot-api')
      .then((api) => api.tellBotsLanguage(locale))
      .catch(() => {
        toldLocale = null; // told again next time the chat opens
      });
  }, [withBot, locale, ownId]);
  const [dialog, setDialog] = useState<BotDialogState | null>(null);
  const [forced, setForced] = useState<{ id: number; placeholder: string | null } | null>(null);

  // ForceReply: the newest message, a bot's asking for a reply, opens one.
  const newest = messages?.at(-1);
  const forceReply =
    newest?.reply_markup?.force_reply && newest.user_id !== ownId && newest.user_id !== null
      ? newest
      : null;
  useEffect(() => {
    if (!forceReply || forced?.id === forceReply.id) return;
    setForced({
      id: forceReply.id,
      placeholder: forceReply.reply_markup?.input_field_placeholder ?? null,
    });
    void pick('reply', forceReply);
  }, [forceReply, forced, pick]);

  const onButton = useCallback(async (message: Message, button: InlineButton) => {
    if (button.url) return setDialog({ kind: 'url', url: button.url });
    if (!button.callback_data) return;
    const { pressCallbackButton } = await import('./bot-api');
    let answer;
    try {
      answer = await pressCallbackButton(message.id, button.callback_data);
    } catch (error) {
      toast.error(errorMessage(error));
      return;
    }
    if (!answer) return; // the bot kept quiet: the progress just stops
    if (answer.text && answer.show_alert) setDialog({ kind: 'alert', text: answer.text });
    else if (answer.url) setDialog({ kind: 'url', url: answer.url });
    if (answer.text && !answer.show_alert) toast.message(answer.text);
  }, []);

  // Bots answer commands in their direct chats, groups and channels; elsewhere no menu.
  const mayHaveBots =
    conversation.with_bot === true || conversation.is_group || conversation.is_channel;
  const loadCommands = useCallback(
    () => import('./bot-api').then((api) => api.fetchBotCommands(id)),
    [id],
  );

  // Bots' messages' /commands are tappable (a tap sends it): use-command-taps.ts.
  const commandsOf = useCommandTaps(conversation, messages, ownId);

  return {
    dialog,
    commandsOf,
    closeDialog: useCallback(() => setDialog(null), []),
    onButton,
    /** The composer's placeholder asked by the ForceReply being answered. */
    forcePlaceholder: forced?.placeholder ?? null,
    loadCommands: mayHaveBots ? loadCommands : undefined,
  };
}
