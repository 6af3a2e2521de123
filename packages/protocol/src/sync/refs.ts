import type { LastMessage } from '../conversation';
import type { Message, MessageRef, Sender } from '../message';

// The short forms of a message that other things hold: a conversation's
// preview, and the reply, forward and pinned refs naming it.

/** Who sent it, as a preview or ref names them: the picture stays on the message itself. */
const nameOnly = (sender: Sender): Sender =>
  sender === null ? null : { id: sender.id, name: sender.name };

export const toLastMessage = (m: Message): LastMessage => ({
  id: m.id,
  message: m.message,
  type: m.type,
  created_at: m.created_at,
  user_id: m.user_id,
  sender: nameOnly(m.sender),
});

export const refOf = (m: Message): MessageRef => ({
  id: m.id,
  message: m.message,
  type: m.type,
  sender: nameOnly(m.sender),
  deleted: false,
});

/** Spec 4: a ref to a deleted message shows 'Deleted message'. */
export const deletedRef = (id: number): MessageRef => ({
  id,
  message: null,
  type: null,
  sender: null,
  deleted: true,
});
