import { z } from 'zod';
import { idParamSchema } from './ids';

// Invitations to a group or channel (docs/PERMISSIONS.md, "Consent"): an
// add the person has not agreed to in advance (rules/group-consent.ts)
// becomes one of these, which they accept (and become a member) or decline.
// Apart from group.ts because the realtime events carry it, and a client
// parses every event from the first screen on.

const id = z.number().int().positive();

/** A person as an invitation names them: the invitee in the adder's reply, the inviter in the list. */
export const invitationPersonSchema = z.object({
  id,
  name: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
});
export type InvitationPerson = z.infer<typeof invitationPersonSchema>;

export const groupInvitationSchema = z.object({
  id,
  /** What the invitee may see before joining: as the invite-link page, never the member list. */
  conversation: z.object({
    id,
    type: z.enum(['group', 'channel']),
    name: z.string().nullable(),
    avatar: z.string().nullable(),
  }),
  inviter: invitationPersonSchema,
  created_at: z.string(),
});
export type GroupInvitation = z.infer<typeof groupInvitationSchema>;

/** GET /user/group-invitations: the caller's open invitations, newest first. */
export const groupInvitationListSchema = z.object({
  invitations: z.array(groupInvitationSchema),
});
export type GroupInvitationList = z.infer<typeof groupInvitationListSchema>;

export const groupInvitationParamsSchema = z.object({ id: idParamSchema });

/** How an invitation ended: the invitee accepted or declined it, or it no longer applies. */
export const INVITATION_OUTCOMES = ['accepted', 'declined', 'withdrawn'] as const;

export const INVITATION_MSG = {
  notFound: 'This invitation is no longer open.',
} as const;
