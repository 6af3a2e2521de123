import { describe, expect, it } from 'vitest';
import { memberActions, panelRights } from './member-actions';

// The panel's controls follow the protocol's permission matrix
// (docs/PERMISSIONS.md): which member actions each role sees.

const me = (role: 'owner' | 'moderator' | 'publisher' | 'member') => ({ id: 1, role });
const member = { id: 2, role: null };

describe('member menu', () => {
  it('the group owner changes roles (no publisher in a group), removes and blocks', () => {
    expect(memberActions('group', me('owner'), member)).toEqual([
      'make-owner',
      'make-moderator',
      'remove',
      'block',
    ]);
    expect(memberActions('group', me('owner'), { id: 2, role: 'moderator' })).toEqual([
      'make-owner',
      'make-member',
      'remove',
      'block',
    ]);
  });

  it('the channel owner can also make a publisher', () => {
    expect(memberActions('channel', me('owner'), member)).toEqual([
      'make-owner',
      'make-moderator',
      'make-publisher',
      'remove',
      'block',
    ]);
    expect(memberActions('channel', me('owner'), { id: 2, role: 'publisher' })).toEqual([
      'make-owner',
      'make-moderator',
      'make-member',
      'remove',
      'block',
    ]);
  });

  it('a moderator removes and blocks members and publishers, never a moderator or the owner', () => {
    for (const kind of ['group', 'channel']) {
      expect(memberActions(kind, me('moderator'), member)).toEqual(['remove', 'block']);
      expect(memberActions(kind, me('moderator'), { id: 2, role: 'publisher' })).toEqual([
        'remove',
        'block',
      ]);
      expect(memberActions(kind, me('moderator'), { id: 2, role: 'moderator' })).toEqual([]);
      expect(memberActions(kind, me('moderator'), { id: 2, role: 'owner' })).toEqual([]);
    }
  });

  it('publishers and members get no menu; nobody acts on themselves', () => {
    for (const kind of ['group', 'channel']) {
      expect(memberActions(kind, me('publisher'), member)).toEqual([]);
      expect(memberActions(kind, me('member'), member)).toEqual([]);
      expect(memberActions(kind, me('owner'), { id: 1, role: 'owner' })).toEqual([]);
    }
  });
});

describe('panel rights', () => {
  it('a channel subscriber neither posts nor sees the subscriber list', () => {
    expect(panelRights('channel', 'member')).toEqual({
      editInfo: false,
      addMembers: false,
      viewMembers: false,
      unblock: false,
      manageInvites: false,
      post: false,
    });
    expect(panelRights('channel', 'publisher').post).toBe(true);
    expect(panelRights('channel', 'moderator')).toEqual({
      editInfo: true,
      addMembers: true,
      viewMembers: true,
      unblock: true,
      manageInvites: true,
      post: false,
    });
  });

  it('a group member posts and sees members; admins manage invites and unblock', () => {
    expect(panelRights('group', 'member')).toEqual({
      editInfo: false,
      addMembers: false,
      viewMembers: true,
      unblock: false,
      manageInvites: false,
      post: true,
    });
    expect(panelRights('group', 'owner')).toEqual({
      editInfo: true,
      addMembers: true,
      viewMembers: true,
      unblock: true,
      manageInvites: true,
      post: true,
    });
  });
});
