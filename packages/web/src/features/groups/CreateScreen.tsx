import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useConversationStore } from '../conversations/store';
import { createConversation } from './api';
import type { ManagedKind } from './api';
import { checkDraft, nameField, toFormData } from './create-form';
import type { CreateDraft } from './create-form';
import { formErrorsOf } from './form-errors';
import { toastInvited } from './invited-toast';
import { CreateDialog } from './ui/CreateDialog';
import { useContacts } from './use-contacts';

/** Connects the create form to the server: check, send, open the new chat. */
export function CreateScreen({ kind, onClose }: { kind: ManagedKind; onClose: () => void }) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const contacts = useContacts();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (draft: CreateDraft) => {
    const found = checkDraft(kind, draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const { invited, ...conversation } = await createConversation(kind, toFormData(kind, draft));
      useConversationStore.getState().upsert([conversation]);
      toastInvited(t, invited);
      onClose();
      void navigate(`/chat/${conversation.id}`);
    } catch (error) {
      setErrors(
        formErrorsOf(error, [nameField(kind), 'username', 'description', 'member_ids', 'avatar']),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <CreateDialog
      kind={kind}
      contacts={contacts}
      errors={errors}
      busy={busy}
      onSubmit={(draft) => void submit(draft)}
      onClose={onClose}
    />
  );
}
