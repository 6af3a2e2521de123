import type { TFunction } from 'i18next';
import type { Message } from '@parley/protocol/message';
import { linksOf, plainTextOf } from '@parley/protocol/rules/format/plain';
import { joinCopiedMessages } from '@parley/protocol/rules/message-selection';
import { copyPlainText } from '../../lib/copy-text';
import { formatNow, loadFormat } from '../../lib/format-loader';
import { toast } from '../../ui/toast';
import { messageText, withFileLabel } from '../conversations/list-item';
import { shownSenderName } from './shown-sender';

// "Copy text" of one message and "Copy" of a selection (issue 23).
// What is copied: the words as the reader sees them, without formatting
// markers. Spoilers are copied as their real text, as Telegram does: the
// reader asked for the text, and a mask on the clipboard helps no one.

/** Server-written text (System), or a forward of it: its text is a catalogue key. */
export const writtenByServer = (m: Message) =>
  m.sender === null ||
  (m.forwarded !== null && !m.forwarded.deleted && m.forwarded.sender === null);

/** The plain text of one message, markers removed, spoilers revealed. */
export async function copyableText(
  m: Message,
  t: TFunction,
  timeZone: string | null,
): Promise<string> {
  const fromServer = writtenByServer(m);
  const text = messageText(m, fromServer, t, timeZone);
  if (fromServer) return text;
  return plainTextOf((await loadFormat())(text));
}

/** Copies one message's text, or several joined in time order; shows "Copied" or the failure. */
export async function copyMessages(
  messages: Message[],
  t: TFunction,
  timeZone: string | null,
): Promise<void> {
  let text: string;
  try {
    const parts = await Promise.all(
      messages.map(async (m) => ({
        id: m.id,
        // A channel's post under the channel's name, never its poster's.
        name: shownSenderName(m) ?? t('conversations.system'),
        createdAt: m.created_at,
        // In a selection, a picture or file shows as "Photo: caption", as in the chat list.
        text:
          messages.length > 1
            ? withFileLabel(m.type, await copyableText(m, t, timeZone), t)
            : await copyableText(m, t, timeZone),
      })),
    );
    text = joinCopiedMessages(parts, timeZone);
  } catch {
    toast.error(t('messages.copyFailed'));
    return;
  }
  if (await copyPlainText(text)) toast.success(t('messages.copied'));
  else toast.error(t('messages.copyFailed'));
}

/**
 * The first link a person wrote in the message (what "Copy link" copies),
 * or null — also before the parser has loaded: the menu then has no
 * "Copy link" rather than a guess at where a link ends.
 */
export function firstLinkOf(m: Message): string | null {
  const parse = formatNow();
  if (parse === null || writtenByServer(m)) return null;
  return linksOf(parse(m.message))[0] ?? null;
}

/** Copies a link; shows "Copied" or the failure. */
export async function copyLink(href: string, t: TFunction): Promise<void> {
  if (await copyPlainText(href)) toast.success(t('messages.copied'));
  else toast.error(t('messages.copyFailed'));
}
