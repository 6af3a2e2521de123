import type { TFunction } from 'i18next';
import type { InvitationPerson } from '@parley/protocol/group-invitation';
import { toast } from '../../ui/toast';

/**
 * After a create or an add: those who must consent first got an invitation
 * instead of a seat (docs/PERMISSIONS.md, "Consent"); the adder is told so.
 */
export function toastInvited(t: TFunction, invited: readonly InvitationPerson[]): void {
  if (invited.length === 0) return;
  toast.success(
    t('invitations.sent', { count: invited.length, names: invited.map((p) => p.name).join(', ') }),
    { description: t('invitations.sentHint') },
  );
}
