import { create } from 'zustand';
import type { GroupInvitation } from '@parley/protocol/group-invitation';
import type { UserEventFrame } from '@parley/protocol/realtime';
import { applyInvitationFrame } from '@parley/protocol/sync/invitations';

// The signed-in user's open invitations to groups and channels
// (docs/PERMISSIONS.md, "Consent"): fetched once the socket is ready, kept
// current by the invitation events (protocol sync/invitations.ts). The list
// and its buttons are a chunk of their own (InvitationsBar), loaded only
// when there is an invitation to show.

type InvitationState = {
  invitations: readonly GroupInvitation[];
  applyFrame: (frame: UserEventFrame) => void;
  /** Answered here (accepted or declined): off the list before its event arrives. */
  drop: (id: number) => void;
};

export const useInvitationStore = create<InvitationState>()((set) => ({
  invitations: [],
  applyFrame: (frame) => set((s) => ({ invitations: applyInvitationFrame(s.invitations, frame) })),
  drop: (id) => set((s) => ({ invitations: s.invitations.filter((i) => i.id !== id) })),
}));

/** GET /user/group-invitations, its call loaded on demand; a failure keeps what is held. */
export function loadInvitations(): void {
  void import('./api')
    .then((api) => api.fetchInvitations())
    .then((invitations) => useInvitationStore.setState({ invitations }))
    .catch(() => undefined);
}
