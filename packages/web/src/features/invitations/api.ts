import type { Conversation } from '@parley/protocol/conversation';
import type { GroupInvitation } from '@parley/protocol/group-invitation';
import { invitationRoutes } from '@parley/protocol/http/invitation-routes';
import { call } from '../../api/http';

// The invitee's calls (docs/API.md, "Groups and channels"). The bar shows
// its own errors (silent).

export async function fetchInvitations(): Promise<readonly GroupInvitation[]> {
  return (await call(invitationRoutes.groupInvitations, { silent: true })).invitations;
}

export function acceptInvitation(id: number): Promise<Conversation> {
  return call(invitationRoutes.acceptInvitation, { params: { id }, silent: true });
}

export async function declineInvitation(id: number): Promise<void> {
  await call(invitationRoutes.declineInvitation, { params: { id }, silent: true });
}
