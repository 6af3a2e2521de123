import { z } from 'zod';
import type { ConversationEventFrame, UserEventFrame } from '@parley/protocol/realtime';
import { useGroupUi } from './store';

// The conversation list refetches a conversation on membership events
// (conversations/events.ts); this tells the groups screens as well: an open
// info panel fetches its member list again, and a chat the user was removed
// or blocked from says so instead of "not found".

const departed = z.object({
  conversation_id: z.number().int().positive(),
  member_status: z.enum(['removed', 'blocked']),
});

const MEMBERSHIP = new Set([
  'member.joined',
  'member.left',
  'member.removed',
  'member.unblocked',
  'member.role',
  'conversation.info',
]);

export function noteMembershipFrame(frame: ConversationEventFrame | UserEventFrame): void {
  const ui = useGroupUi.getState();
  if (frame.scope === 'conversation') {
    if (MEMBERSHIP.has(frame.type)) ui.bumpMembers(frame.conversation_id);
    return;
  }
  if (frame.type === 'conversation.deleted') {
    const gone = departed.safeParse(frame.payload);
    if (gone.success) ui.noteRemoved(gone.data.conversation_id, gone.data.member_status);
  } else if (frame.type === 'conversation.joined' || frame.type === 'conversation.updated') {
    // Back in (unblocked and added, or a role change of our own): fetch the panel's list again.
    const id = z.object({ conversation_id: z.number().int().positive() }).safeParse(frame.payload);
    if (!id.success) return;
    ui.bumpMembers(id.data.conversation_id);
    if (frame.type === 'conversation.joined') ui.noteRemoved(id.data.conversation_id, null);
  }
}
