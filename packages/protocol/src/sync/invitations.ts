import type { GroupInvitation } from '../group-invitation';
import type { UserEventFrame } from '../realtime';

// The signed-in user's open invitations to groups and channels
// (GET /user/group-invitations), kept current by the invitation user
// events. Pure; the web's invitations store and the server's invitation
// suite run this, and check that the list fetched before plus the events
// equals the list fetched after.

/** Newest first, as the server lists them. */
export function applyInvitationFrame(
  list: readonly GroupInvitation[],
  frame: UserEventFrame,
): readonly GroupInvitation[] {
  if (frame.type === 'invitation.received') {
    const { invitation } = frame.payload;
    const rest = list.filter((i) => i.id !== invitation.id);
    return [invitation, ...rest].sort((a, b) => b.id - a.id);
  }
  if (frame.type === 'invitation.closed') {
    const { invitation_id: id } = frame.payload;
    return list.some((i) => i.id === id) ? list.filter((i) => i.id !== id) : list;
  }
  return list;
}
