import { z } from 'zod';
import { idParamSchema } from './ids';
import { isSingleEmoji } from './rules/emoji-only';

// Message reactions (docs/API.md, "Reactions"; docs/REALTIME.md,
// `message.reactions`). Like Telegram without Premium, a person has at most
// ONE reaction on a message: choosing another emoji replaces theirs, and
// choosing theirs again (DELETE) takes it away.

/** The quick set offered under a message; any other emoji comes from the picker. */
export const QUICK_REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🙏', '🔥', '👎'] as const;

/** Reactions one person may have on one message. */
export const REACTIONS_PER_USER = 1;

export const REACTION_MSG = {
  emojiInvalid: 'The reaction must be a single emoji',
} as const;

const id = z.number().int();

/** One emoji on a message: how many chose it and who (ids, oldest first). */
export const reactionSchema = z.object({
  emoji: z.string(),
  count: z.number().int().positive(),
  user_ids: z.array(id),
});
export type Reaction = z.infer<typeof reactionSchema>;

export const reactionRequestSchema = z.object({
  emoji: z
    .string({ error: REACTION_MSG.emojiInvalid })
    .refine(isSingleEmoji, { message: REACTION_MSG.emojiInvalid }),
});

export const reactionParamsSchema = z.object({ id: idParamSchema });

/** A message's reactions after the change (as `message.reactions` carries them). */
export const reactionsReplySchema = z.object({
  status: z.literal('ok'),
  message_id: id,
  reactions: z.array(reactionSchema),
});
export type ReactionsReply = z.infer<typeof reactionsReplySchema>;

/** Who reacted with what, named, oldest first ("who reacted" list). */
export const reactorsReplySchema = z.object({
  reactors: z.array(z.object({ emoji: z.string(), user: z.object({ id, name: z.string() }) })),
});
export type ReactorsReply = z.infer<typeof reactorsReplySchema>;

/** My reaction on a message, if any. */
export const myReaction = (reactions: readonly Reaction[] | undefined, userId: number) =>
  reactions?.find((r) => r.user_ids.includes(userId))?.emoji ?? null;
