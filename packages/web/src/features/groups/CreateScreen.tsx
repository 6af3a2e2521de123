import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../api/errors';
import { useConversationStore } from '../conversations/store';
import { createConversation } from './api';
import type { ManagedKind } from './api';
import { checkDraft, nameField, toFormData } from './create-form';
import type { CreateDraft } from './create-form';
import { CreateDialog } from './ui/CreateDialog';
import { useContacts } from './use-contacts';

/** Connects the create form to the server: check, send, open the new chat. */
export function CreateScreen({ kind, onClose }: { kind: ManagedKind; onClose: () => void }) {
  const navigate = useNavigate();
  const contacts = useContacts();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (draft: CreateDraft) => {
    const found = checkDraft(kind, draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const conversation = await createConversation(kind, toFormData(kind, draft));
      useConversationStore.getState().upsert([conversation]);
      onClose();
      void navigate(`/chat/${conversation.id}`);
    } catch (error) {
      // The server's field messages go under their fields (spec 5 texts).
      // Any other field's message (or none) becomes the form's own line.
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      const shown = [nameField(kind), 'username', 'description', 'member_ids', 'avatar'];
      const next: Record<string, string> = {};
      for (const [field, message] of Object.entries(fields)) {
        next[shown.includes(field) ? field : '_'] ??= message;
      }
      setErrors(Object.keys(next).length > 0 ? next : { _: errorMessage(error) });
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
