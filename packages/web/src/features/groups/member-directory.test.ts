import { afterEach, describe, expect, it } from 'vitest';
import type { Member } from '@parley/protocol/member';
import { json, mockFetch, resetBrowserState, signIn } from '../../test/http-fixtures';
import { clearMemberDirectory, loadMemberDirectory } from './member-directory';
import { useGroupUi } from './store';

// The composer's "@" list reads members through this cache: one fetch per
// conversation until a membership event, every page, failures not kept.

const member = (id: number, status: Member['pivot']['member_status'] = 'member'): Member => ({
  id,
  name: `Person ${id}`,
  username: `p${id}`,
  avatar: null,
  is_official: false,
  pivot: {
    role: null,
    user_id: id,
    blocked: false,
    member_status: status,
    last_read_message_id: null,
  },
});
const page = (members: Member[], next_after: number | null) =>
  json(200, { members, blocked_users: [], members_count: 3, next_after });

describe('loadMemberDirectory', () => {
  afterEach(() => {
    clearMemberDirectory();
    resetBrowserState();
  });

  it('fetches every page once, then answers from memory', async () => {
    signIn();
    const fetched = mockFetch((url) =>
      url.includes('after=2')
        ? page([member(3), member(4, 'left')], null)
        : page([member(1), member(2)], 2),
    );
    const ids = (await loadMemberDirectory(5)).map((m) => m.id);
    expect(ids).toEqual([1, 2, 3]);
    await loadMemberDirectory(5);
    expect(fetched).toHaveBeenCalledTimes(2);
    expect(String(fetched.mock.calls[0]?.[0])).toMatch(
      /\/user\/conversations\/5\/members\?limit=200$/,
    );
  });

  it('fetches again after a membership event, and after a failure', async () => {
    signIn();
    let fail = true;
    const fetched = mockFetch(() =>
      fail ? json(403, { message: 'no' }) : page([member(1)], null),
    );
    await expect(loadMemberDirectory(6)).rejects.toBeTruthy();
    fail = false;
    expect(await loadMemberDirectory(6)).toHaveLength(1);
    expect(fetched).toHaveBeenCalledTimes(2);
    useGroupUi.getState().bumpMembers(6);
    await loadMemberDirectory(6);
    expect(fetched).toHaveBeenCalledTimes(3);
  });
});
