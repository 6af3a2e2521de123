import type { Kysely } from 'kysely';
import { appendUserEvent } from '../../events/log';
import type { Database } from '../../store/types';
import type { ConversationsService } from '../conversations/service';
import type { PivotKeyboard } from './markup';
import { humanMembers } from './queries';

// A bot's reply keyboard is the spec's pivot `keyboard` (spec 4 Keyboard)
// of the members it is for, with its options beside it: in a direct chat
// the person; in a group everyone, or with `selective` the member the
// message replies to. Each gets `conversation.updated {keyboard, keyboard_options}`.

export async function applyReplyKeyboard(
  trx: Kysely<Database>,
  conversations: ConversationsService,
  conversationId: number,
  keyboard: PivotKeyboard,
  repliedTo: number | null,
  at: string,
): Promise<void> {
  const humans = await humanMembers(trx, conversationId);
  const targets = keyboard.selective ? humans.filter((id) => id === repliedTo) : humans;
  for (const userId of targets.sort((a, b) => a - b)) {
    await conversations.updatePivot(trx, userId, conversationId, {
      keyboard: keyboard.rows === null ? null : JSON.stringify(keyboard.rows),
      keyboard_options: keyboard.options === null ? null : JSON.stringify(keyboard.options),
    });
    await appendUserEvent(
      trx,
      userId,
      'conversation.updated',
      {
        conversation_id: conversationId,
        keyboard: keyboard.rows,
        keyboard_options: keyboard.options,
      },
      at,
    );
  }
}
