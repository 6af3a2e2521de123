import { useState } from 'react';
import type { Conversation } from '@parley/protocol/conversation';
import { useConversationStore } from '../conversations/store';
import { editInfo, uploadAvatar } from './api';
import type { ManagedKind } from './api';
import type { InfoDraft } from './create-form';
import { changesOf, checkInfo, draftOf } from './edit-form';
import { formErrorsOf } from './form-errors';
import { InfoEditForm } from './ui/InfoEditForm';

const FIELDS = ['name', 'username', 'description', 'avatar'];

/**
 * Connects the edit form to the server: the create form's check first
 * (nothing is sent on a spec 5 message), then the changed fields, then the
 * new avatar. Members see the change through `conversation.info`.
 */
export function InfoEditor({
  kind,
  conversation,
  onDone,
}: {
  kind: ManagedKind;
  conversation: Conversation;
  onDone: () => void;
}) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const id = conversation.id;

  const submit = async (draft: InfoDraft) => {
    const found = checkInfo(kind, draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const changes = changesOf(conversation, draft);
    setBusy(true);
    try {
      const keep = (c: Conversation) => useConversationStore.getState().upsert([c]);
      if (Object.keys(changes).length > 0) keep(await editInfo(id, changes));
      if (draft.avatar) keep(await uploadAvatar(id, draft.avatar));
      onDone();
    } catch (error) {
      setErrors(formErrorsOf(error, FIELDS));
    } finally {
      setBusy(false);
    }
  };

  return (
    <InfoEditForm
      kind={kind}
      id={id}
      initial={draftOf(conversation)}
      currentAvatar={conversation.avatar}
      errors={errors}
      busy={busy}
      onSubmit={(draft) => void submit(draft)}
      onCancel={onDone}
    />
  );
}
