import { fieldErrors, firstPerField } from '@parley/protocol/errors';
import { avatarNameOk, createFormSchema, GROUP_MSG } from '@parley/protocol/group';
import type { ManagedKind } from './api';

// The create form of spec 3/5 as the screen holds it, the same check the
// server runs (protocol's createFormSchema, spec 5's messages) and the
// multipart body it is sent as.

/** What a group or channel is (create form and the info panel's edit form). */
export type InfoDraft = {
  name: string;
  type: 'public' | 'private';
  username: string;
  description: string;
  /** A picture to upload; null: none (create) or keep the current one (edit). */
  avatar: File | null;
};

export type CreateDraft = InfoDraft & { memberIds: number[]; hasTasks: boolean };

export const emptyDraft: CreateDraft = {
  name: '',
  type: 'private',
  username: '',
  description: '',
  memberIds: [],
  hasTasks: false,
  avatar: null,
};

/** Spec 3: the name field is group_name or channel_name. */
export const nameField = (kind: ManagedKind) => (kind === 'group' ? 'group_name' : 'channel_name');

function fields(kind: ManagedKind, draft: CreateDraft) {
  return {
    [nameField(kind)]: draft.name,
    type: draft.type,
    username: draft.type === 'public' ? draft.username : '',
    description: draft.description,
    member_ids: JSON.stringify(draft.memberIds),
    has_tasks: draft.hasTasks ? '1' : '0',
  };
}

/** Field → first message (untranslated English, the i18n key), empty when the form is fine. */
export function checkDraft(kind: ManagedKind, draft: CreateDraft): Record<string, string> {
  const parsed = createFormSchema(kind).safeParse(fields(kind, draft));
  const errors = parsed.success ? {} : firstPerField(fieldErrors(parsed.error.issues));
  if (draft.avatar && !avatarNameOk(draft.avatar.name)) errors.avatar = GROUP_MSG.avatarExtension;
  return errors;
}

export function toFormData(kind: ManagedKind, draft: CreateDraft): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields(kind, draft))) form.append(key, value);
  if (draft.avatar) form.append('avatar', draft.avatar, draft.avatar.name);
  return form;
}
