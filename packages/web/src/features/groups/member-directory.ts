import type { Member } from '@parley/protocol/member';
import { useAuthStore } from '../auth/store';
import { fetchMembers } from './api';
import { useGroupUi } from './store';

// The members of a group or channel for the composer's "@" list: fetched
// once, page after page, and kept in memory (a server cache) until the next
// membership event for that conversation (the counter the info panel also
// watches), so typing never fetches. There is no server-side member search,
// so the list is filtered on the client; past MEMBER_DIRECTORY_MAX members
// (by user id) the rest are not offered.

/** The most members one conversation's directory holds (five pages of 200). */
export const MEMBER_DIRECTORY_MAX = 1000;

type Entry = { version: number; members: Promise<Member[]> };
const cache = new Map<string, Entry>();

async function fetchAll(id: number): Promise<Member[]> {
  const all: Member[] = [];
  let after: number | undefined;
  do {
    const page = await fetchMembers(id, after);
    all.push(...page.members);
    after = page.next_after ?? undefined;
  } while (after !== undefined && all.length < MEMBER_DIRECTORY_MAX);
  return all.filter((m) => m.pivot.member_status === 'member').slice(0, MEMBER_DIRECTORY_MAX);
}

/** The conversation's present members, from memory when nothing changed since the last fetch. */
export function loadMemberDirectory(id: number): Promise<Member[]> {
  // Keyed by the signed-in user too: another account in this tab sees other lists.
  const key = `${useAuthStore.getState().user?.id ?? 0}:${id}`;
  const version = useGroupUi.getState().memberEvents[id] ?? 0;
  const hit = cache.get(key);
  if (hit && hit.version === version) return hit.members;
  const members = fetchAll(id);
  // A failure is not kept: the next "@" asks again.
  members.catch(() => {
    if (cache.get(key)?.members === members) cache.delete(key);
  });
  cache.set(key, { version, members });
  return members;
}

/** Tests start from an empty cache. */
export function clearMemberDirectory(): void {
  cache.clear();
}
