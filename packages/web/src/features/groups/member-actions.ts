import { can, outranks, roleOf } from '@parley/protocol/permissions';
import type { Role } from '@parley/protocol/permissions';

// Which controls the info panel shows, read from the protocol's permission
// matrix (docs/PERMISSIONS.md) — never re-encoded here. The server refuses
// whatever slips through; hiding is only for a clean screen.

export type MemberAction =
  'make-owner' | 'make-moderator' | 'make-publisher' | 'make-member' | 'remove' | 'block';

/** The role each role action sets. */
export const ROLE_OF_ACTION: Partial<Record<MemberAction, Role>> = {
  'make-owner': 'owner',
  'make-moderator': 'moderator',
  'make-publisher': 'publisher',
  'make-member': 'member',
};

/** The actions `me` may take on a present member `target` (none on oneself). */
export function memberActions(
  kind: string,
  me: { id: number; role: Role },
  target: { id: number; role: string | null },
): MemberAction[] {
  if (target.id === me.id) return [];
  const theirs = roleOf(target.role);
  if (!outranks(me.role, theirs)) return [];
  const actions: MemberAction[] = [];
  if (can(me.role, 'change_roles', kind)) {
    for (const [action, role] of Object.entries(ROLE_OF_ACTION) as [MemberAction, Role][]) {
      // A publisher posts in channels only; in a group the role would mean nothing.
      if (role === 'publisher' && kind !== 'channel') continue;
      if (role !== theirs) actions.push(action);
    }
  }
  if (can(me.role, 'remove_members', kind)) actions.push('remove');
  if (can(me.role, 'block_members', kind)) actions.push('block');
  return actions;
}

/** What the panel offers about the conversation itself. */
export type PanelRights = {
  editInfo: boolean;
  addMembers: boolean;
  viewMembers: boolean;
  unblock: boolean;
  manageInvites: boolean;
  post: boolean;
};

export function panelRights(kind: string, role: Role): PanelRights {
  return {
    editInfo: can(role, 'edit_info', kind),
    addMembers: can(role, 'add_members', kind),
    viewMembers: can(role, 'view_members', kind),
    unblock: can(role, 'unblock_members', kind),
    manageInvites: can(role, 'manage_invites', kind),
    post: can(role, 'post', kind),
  };
}
