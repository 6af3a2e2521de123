import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addMembers } from './api';
import type { ManagedKind } from './api';
import { formErrorsOf } from './form-errors';
import { toastInvited } from './invited-toast';
import { AddMembersDialog } from './ui/AddMembersDialog';
import { useContacts } from './use-contacts';

/**
 * Adding members later (owner and moderators: matrix `add_members`): friends
 * not in yet and not in the removed-and-blocked list (the server refuses
 * them until they are unblocked), several at once. Everyone in the conversation sees them arrive
 * through `member.joined`; `onAdded` refreshes this panel at once.
 */
export function AddMembers({
  kind,
  conversationId,
  memberIds,
  blockedIds,
  onAdded,
  onClose,
}: {
  kind: ManagedKind;
  conversationId: number;
  memberIds: readonly number[];
  /** blocked_users: shown to the same roles that may add (docs/PERMISSIONS.md). */
  blockedIds: readonly number[];
  onAdded: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const contacts = useContacts().filter(
    (c) => !memberIds.includes(c.id) && !blockedIds.includes(c.id),
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (ids: number[]) => {
    setBusy(true);
    setError(null);
    try {
      toastInvited(t, await addMembers(conversationId, ids));
      onAdded();
      onClose();
    } catch (failure) {
      const errors = formErrorsOf(failure, []);
      setError(errors._ ?? null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AddMembersDialog
      kind={kind}
      contacts={contacts}
      error={error}
      busy={busy}
      onSubmit={(ids) => void submit(ids)}
      onClose={onClose}
    />
  );
}
