import { describe, expect, it } from 'vitest';
import type { GroupInvitation } from '../group-invitation';
import type { UserEventFrame } from '../realtime';
import { applyInvitationFrame } from './invitations';

const invitation = (id: number): GroupInvitation => ({
  id,
  conversation: { id: 100 + id, type: 'group', name: `G${id}`, avatar: null },
  inviter: { id: 7, name: 'Sam', username: 'sam', avatar: null },
  created_at: '2026-01-01T00:00:00.000Z',
});

const frame = (seq: number, type: string, payload: unknown) =>
  ({ op: 'event', scope: 'user', seq, type, payload }) as unknown as UserEventFrame;

describe('applyInvitationFrame', () => {
  it('adds newest first, once, and takes a closed one away', () => {
    let list: readonly GroupInvitation[] = [invitation(1)];
    list = applyInvitationFrame(
      list,
      frame(2, 'invitation.received', { invitation: invitation(3) }),
    );
    // A resumed duplicate changes nothing.
    list = applyInvitationFrame(
      list,
      frame(2, 'invitation.received', { invitation: invitation(3) }),
    );
    expect(list.map((i) => i.id)).toEqual([3, 1]);
    const closed = { invitation_id: 1, conversation_id: 101, outcome: 'declined' };
    list = applyInvitationFrame(list, frame(3, 'invitation.closed', closed));
    expect(list.map((i) => i.id)).toEqual([3]);
    // Closing one not held (answered on another device before this list was fetched): no change.
    expect(applyInvitationFrame(list, frame(4, 'invitation.closed', closed))).toBe(list);
  });

  it('ignores every other user event', () => {
    const list = [invitation(1)];
    expect(
      applyInvitationFrame(list, frame(5, 'conversation.joined', { conversation_id: 9 })),
    ).toBe(list);
  });
});
