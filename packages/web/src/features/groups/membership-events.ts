import type { ConversationEventFrame, UserEventFrame } from '@parley/protocol/realtime';
import { useAuthStore } from '../auth/store';
import { useGroupUi } from './store';

// The conversation list applies membership events (protocol
// sync/list-events.ts); this tells the groups screens as well: an open
// info panel fetches its member list again, and a chat the user was removed
// or blocked from says so instead of "not found". A frame saying that the
// user themselves left or was removed bumps nothing: they may no longer read
// the member list (a 404), and the conversation leaves the list at once.

/** This frame tells that the signed-in user is out of the conversation. */
function ownDeparture(frame: ConversationEventFrame): boolean {
  if (frame.type !== 'member.left' && frame.type !== 'member.removed') return false;
  return frame.payload.user_id === useAuthStore.getState().user?.id;
}

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
    if (MEMBERSHIP.has(frame.type) && !ownDeparture(frame)) ui.bumpMembers(frame.conversation_id);
    return;
  }
  if (frame.type === 'conversation.deleted') {
    const status = frame.payload.member_status;
    if (status === 'removed' || status === 'blocked') {
      ui.noteRemoved(frame.payload.conversation_id, status);
    }
  } else if (frame.type === 'conversation.joined' || frame.type === 'conversation.updated') {
    // Back in (unblocked and added, or a role change of our own): fetch the panel's list again.
    ui.bumpMembers(frame.payload.conversation_id);
    if (frame.type === 'conversation.joined') ui.noteRemoved(frame.payload.conversation_id, null);
  }
}
