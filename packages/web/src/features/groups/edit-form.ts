import type { Conversation } from '@parley/protocol/conversation';
import type { EditInfoRequest } from '@parley/protocol/group';
import type { ManagedKind } from './api';
import { checkDraft, emptyDraft, nameField } from './create-form';
import type { InfoDraft } from './create-form';

// The info panel's edit form: the fields of the create form a group or
// channel keeps (name, public/private with its username, description,
// avatar), checked by the very same rule (create-form's checkDraft, spec 5's
// messages) and sent as only what changed.

export function draftOf(c: Conversation): InfoDraft {
  return {
    name: c.name ?? '',
    type: c.username ? 'public' : 'private',
    username: c.username ?? '',
    description: c.description ?? '',
    avatar: null,
  };
}

/** Field → first message (English, the i18n key); the name's field is `name` as the edit call says. */
export function checkInfo(kind: ManagedKind, draft: InfoDraft): Record<string, string> {
  const errors = checkDraft(kind, { ...emptyDraft, ...draft });
  const named = nameField(kind);
  if (errors[named]) {
    errors.name = errors[named];
    delete errors[named];
  }
  return errors;
}

/** The edit call's body: only the fields that differ from the conversation (empty: nothing to send). */
export function changesOf(c: Conversation, draft: InfoDraft): EditInfoRequest {
  const was = draftOf(c);
  const body: EditInfoRequest = {};
  if (draft.name.trim() !== was.name) body.name = draft.name;
  if (draft.description.trim() !== was.description) body.description = draft.description;
  if (draft.type !== was.type) body.type = draft.type;
  if (draft.type === 'public' && draft.username.trim() !== was.username) {
    body.type = 'public';
    body.username = draft.username;
  }
  return body;
}
