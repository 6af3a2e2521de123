// Who may do what in a group or a channel: the one permission matrix, as
// data. The server refuses every call and socket action that `can` denies;
// the web reads the same rule to show or hide the controls; docs/PERMISSIONS.md
// prints this table and test/permissions.test.ts tries every cell.
//
// A role is the member's pivot.role, where null (no role) is a plain member.
// Blocked, removed and departed users are no longer members at all: every
// call about the conversation answers them 404, as it answers non-members.

export const ROLES = ['owner', 'moderator', 'publisher', 'member'] as const;
export type Role = (typeof ROLES)[number];

/** The kinds the matrix governs; one-to-one kinds have fixed rules (see `can`). */
export const MANAGED_KINDS = ['group', 'channel'] as const;
export type ManagedKind = (typeof MANAGED_KINDS)[number];

export const ACTIONS = [
  /** Send a message (and forward into the conversation). */
  'post',
  /** Change name, description, avatar, username/visibility, has_tasks, max_time_inactive. */
  'edit_info',
  'add_members',
  'remove_members',
  'block_members',
  'unblock_members',
  /** Pin or unpin the conversation's pinned message. */
  'pin',
  /** Make someone moderator, publisher or plain member, or hand on ownership. */
  'change_roles',
  /** See, create, regenerate and revoke the invite link; allow_invitation. */
  'manage_invites',
  /** Delete other people's messages for everyone. */
  'delete_others_messages',
  /** See the member list (a channel's subscribers are for its admins only). */
  'view_members',
] as const;
export type Action = (typeof ACTIONS)[number];

const ADMINS: readonly Role[] = ['owner', 'moderator'];

export const PERMISSIONS: Record<Action, Record<ManagedKind, readonly Role[]>> = {
  post: { group: ROLES, channel: ['owner', 'publisher'] },
  edit_info: { group: ADMINS, channel: ADMINS },
  add_members: { group: ADMINS, channel: ADMINS },
  remove_members: { group: ADMINS, channel: ADMINS },
  block_members: { group: ADMINS, channel: ADMINS },
  unblock_members: { group: ADMINS, channel: ADMINS },
  pin: { group: ADMINS, channel: ADMINS },
  change_roles: { group: ['owner'], channel: ['owner'] },
  manage_invites: { group: ADMINS, channel: ADMINS },
  delete_others_messages: { group: ADMINS, channel: ADMINS },
  view_members: { group: ROLES, channel: ADMINS },
};

/** The pivot's stored role (null = plain member) as a Role. */
export function roleOf(role: string | null | undefined): Role {
  return role === 'owner' || role === 'moderator' || role === 'publisher' ? role : 'member';
}

/**
 * Whether a member with `role` may do `action` in a conversation of `kind`.
 * Direct chats and Saved Messages: both sides may post and pin, nothing
 * else; the System chat is read-only (its owner may still pin a notice).
 */
export function can(role: Role, action: Action, kind: string): boolean {
  if (kind === 'group' || kind === 'channel') return PERMISSIONS[action][kind].includes(role);
  if (kind === 'direct' || kind === 'saved') return action === 'post' || action === 'pin';
  if (kind === 'system') return action === 'pin';
  return false;
}

const RANK: Record<Role, number> = { owner: 3, moderator: 2, publisher: 1, member: 1 };

/**
 * Acting on another member (remove, block, change role) also needs a higher
 * rank than theirs: a moderator may remove a member or a publisher but not
 * another moderator or the owner.
 */
export function outranks(actor: Role, target: Role): boolean {
  return RANK[actor] > RANK[target];
}
