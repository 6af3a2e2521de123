import { z } from 'zod';

// Service lines of groups and channels (issue 23): "Anna joined the group",
// "Boris removed Anna", "Boris changed the group name to “Trip”". Each is a
// stored message whose `type` is GROUP_NOTICE_TYPE and whose text is JSON of
// `groupNoticeSchema`, written by the server in the same transaction as the
// change it records; clients build the sentence in the reader's language
// (rules/group-notice-text.ts), so no wording is ever stored.
//
// The message is sent as the actor (user_id): the history shows it in
// order with messages, paging and the live `message.new` path carry it like
// any message. It counts as unread like any message (as on Telegram) but
// is never notified (push or in-app), and cannot be edited, deleted,
// replied to, forwarded, pinned or reacted to (the server answers 422).

export const GROUP_NOTICE_TYPE = 'group_notice';

/**
 * created: the group or channel was made (title: its name).
 * joined: the actor joined by link, username or invitation.
 * added / removed: the actor added or removed (or blocked) the target.
 * left: the actor left (or was taken out for inactivity).
 * title: the actor renamed it (title: the new name).
 * photo: the actor set a new picture (there is no call that removes one).
 * Channels get only created, title and photo lines (subscribers are many).
 */
export const GROUP_NOTICE_ACTIONS = [
  'created',
  'joined',
  'added',
  'left',
  'removed',
  'title',
  'photo',
] as const;
export type GroupNoticeAction = (typeof GROUP_NOTICE_ACTIONS)[number];

/** Actions that a channel records; the others are a group's alone. */
export const CHANNEL_NOTICE_ACTIONS: readonly GroupNoticeAction[] = ['created', 'title', 'photo'];

const id = z.number().int();

export const groupNoticeSchema = z
  .object({
    action: z.enum(GROUP_NOTICE_ACTIONS),
    actor_id: id,
    /** added / removed: who was added or removed. */
    target_id: id.optional(),
    /** The target's name when the line was written: they may be gone from the member list since. */
    target_name: z.string().optional(),
    /** created / title: the name given. */
    title: z.string().optional(),
    /** A channel's line: worded without the actor (a channel speaks as itself). */
    channel: z.boolean().optional(),
  })
  .strict();
export type GroupNotice = z.infer<typeof groupNoticeSchema>;

/** The notice inside a message's text, or null when it is not one (or unreadable). */
export function parseGroupNotice(text: string): GroupNotice | null {
  try {
    const parsed = groupNoticeSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A service line saying that user `userId` left or was removed (its `type` and text). */
export function recordsDepartureOf(
  message: { type: string; message: string },
  userId: number,
): boolean {
  if (message.type !== GROUP_NOTICE_TYPE) return false;
  const notice = parseGroupNotice(message.message);
  if (!notice) return false;
  return (
    (notice.action === 'left' && notice.actor_id === userId) ||
    (notice.action === 'removed' && notice.target_id === userId)
  );
}
