import { statusOkSchema } from '../auth';
import { conversationSchema } from '../conversation';
import { groupInvitationListSchema, groupInvitationParamsSchema } from '../group-invitation';
import { get, post } from './route';

// Invitations to groups and channels that need the person's consent
// (docs/PERMISSIONS.md, "Consent"). One area of the route table (routes.ts).

const invitationId = { params: groupInvitationParamsSchema };

export const invitationRoutes = {
  groupInvitations: get('/user/group-invitations', { reply: groupInvitationListSchema }),
  /** Joins the conversation: its reply is the conversation, as a join by link. */
  acceptInvitation: post('/user/group-invitations/:id/accept', {
    ...invitationId,
    reply: conversationSchema,
  }),
  declineInvitation: post('/user/group-invitations/:id/decline', {
    ...invitationId,
    reply: statusOkSchema,
  }),
};
