import { z } from 'zod';

// Conversation folders (spec 3 "Conversation folder: id", pivot `folder_id`;
// spec 4 "Folder assignment"). The spec shows no calls for them; these follow
// what Telegram's chat folders do: a user's own named tabs over the list,
// ordered by the user, each conversation in at most one of them.

/** A folder's name: 1–32 characters after trimming. */
export const FOLDER_NAME_MAX_LENGTH = 32;
/** Folders one user may have. */
export const FOLDERS_MAX = 20;

export const FOLDER_MSG = {
  nameRequired: "Folder name can't be empty",
  nameTooLong: 'Folder name is too long (at most 32 characters)',
  tooMany: 'You can have at most 20 folders',
  orderMismatch: 'List each of your folders exactly once',
} as const;

const id = z.number().int().positive();

export const folderSchema = z.object({
  id,
  name: z.string(),
  /** 0-based place among the user's folders; the tabs follow it. */
  position: z.number().int().nonnegative(),
});
export type Folder = z.infer<typeof folderSchema>;

/** GET /user/folders. */
export const folderListSchema = z.object({
  folders: z.array(folderSchema),
  /**
   * The caller's user-event seq read before the list: a `folders.changed`
   * event at or below it is already in the list (a resumed backlog must not
   * put an older list back).
   */
  user_seq: z.number().int().nonnegative(),
});
export type FolderList = z.infer<typeof folderListSchema>;

/** Every change answers the whole new list, and the seq of the event it appended. */
export const folderChangeReplySchema = folderListSchema.extend({
  status: z.literal('ok'),
  /** POST /user/folders only: the folder just made. */
  folder: folderSchema.optional(),
});
export type FolderChangeReply = z.infer<typeof folderChangeReplySchema>;

const folderName = z
  .string({ error: FOLDER_MSG.nameRequired })
  .trim()
  .min(1, FOLDER_MSG.nameRequired)
  .max(FOLDER_NAME_MAX_LENGTH, FOLDER_MSG.nameTooLong);

/** POST /user/folders and PATCH /user/folders/:id. */
export const folderNameRequestSchema = z.object({ name: folderName });
export type FolderNameRequest = z.infer<typeof folderNameRequestSchema>;

/** POST /user/folders/order: every one of the caller's folder ids, once, in the new order. */
export const folderOrderRequestSchema = z.object({
  ids: z.array(id, { error: FOLDER_MSG.orderMismatch }).max(FOLDERS_MAX, FOLDER_MSG.orderMismatch),
});

/** POST /user/conversations/:id/folder: null takes it out of its folder. */
export const folderAssignRequestSchema = z.object({ folder_id: id.nullable() });
export const folderAssignReplySchema = z.object({
  status: z.literal('ok'),
  folder_id: id.nullable(),
});

export const folderParamsSchema = z.object({ id: z.coerce.number<number>().int().positive() });
