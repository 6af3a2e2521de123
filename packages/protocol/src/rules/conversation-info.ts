import { z } from 'zod';
import type { Conversation } from '../conversation';
import { can, roleOf } from '../permissions';

// Spec 4's rules about a group's or channel's own fields, as pure state
// changes the web applies (and the server's sync test models):
// - "Publisher hash: set only when the current conversation is a channel."
// - "Group inactivity: sets max_time_inactive only when the current
//   conversation is a group."
// - "Notifications setting: changes notifications on the current
//   conversation's pivot if it is the target."
// and the `conversation.info` event (docs/REALTIME.md), whose payload is the
// changed fields, applied with them.

type Info = Pick<Conversation, 'id' | 'type' | 'is_group' | 'is_channel' | 'pivot'> &
  Partial<Conversation>;

export function withPublisherHash<C extends Info>(c: C, hash: string | null): C {
  return c.is_channel ? { ...c, publisher_hash: hash } : c;
}

export function withGroupInactivity<C extends Info>(c: C, days: number | null): C {
  return c.is_group ? { ...c, max_time_inactive: days } : c;
}

/** Slow mode is a group's alone: other kinds keep none. */
export function withSlowMode<C extends Info>(c: C, seconds: number | null): C {
  return c.is_group ? { ...c, slow_mode_seconds: seconds } : c;
}

export function withNotifications<C extends Info>(c: C, targetId: number, on: boolean): C {
  return c.id === targetId ? { ...c, pivot: { ...c.pivot, notifications: on } } : c;
}

/** The payload of `conversation.info`: what changed. The invite token itself is never broadcast. */
export const infoChangeSchema = z.object({
  name: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  username: z.string().nullable().optional(),
  avatar: z.string().nullable().optional(),
  has_tasks: z.boolean().optional(),
  /** Tasks: post task changes in the chat as service lines. */
  task_service_lines: z.boolean().optional(),
  allow_invitation: z.boolean().optional(),
  max_time_inactive: z.number().int().nullable().optional(),
  publisher_hash: z.string().nullable().optional(),
  invitation_changed: z.boolean().optional(),
});

/**
 * A `conversation.info` event on the held conversation. `refetch` when the
 * payload is not understood, or when the invite link changed and the viewer
 * may see it (only those who manage invites get the token, over HTTP).
 */
export function applyInfoChange<C extends Info>(
  c: C,
  payload: unknown,
): { conversation: C; refetch: boolean } {
  const parsed = infoChangeSchema.safeParse(payload);
  if (!parsed.success) return { conversation: c, refetch: true };
  const {
    invitation_changed: invitationChanged,
    max_time_inactive: days,
    publisher_hash: hash,
    ...fields
  } = parsed.data;
  const copied = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  let next: C = { ...c, ...copied };
  if (days !== undefined) next = withGroupInactivity(next, days);
  if (hash !== undefined) next = withPublisherHash(next, hash);
  const refetch = invitationChanged === true && can(roleOf(c.pivot.role), 'manage_invites', c.type);
  return { conversation: next, refetch };
}

/** Who a channel's posts are shown as: the channel itself, never the person who posted. */
export type PublisherIdentity = { hash: string; name: string | null; avatar: string | null };

/** Spec 3: publisher_hash is a channel's alone; other kinds have no publishing identity. */
export function publisherIdentity(
  c: Pick<Conversation, 'is_channel' | 'name' | 'avatar' | 'publisher_hash'>,
): PublisherIdentity | null {
  if (!c.is_channel || !c.publisher_hash) return null;
  return { hash: c.publisher_hash, name: c.name, avatar: c.avatar };
}
