import type { Kysely } from 'kysely';
import { MSG } from '@parley/protocol/messages';
import type { CommonGroup, Profile } from '@parley/protocol/profile';
import { lastSeenView } from '@parley/protocol/rules/last-seen';
import type { Clock } from '../../clock';
import { HttpError } from '../../http/http-error';
import { flag } from '../../store/types';
import type { Database } from '../../store/types';
import { memberCounts } from '../conversations/queries';
import * as q from './queries';

// Another person's profile panel (issue 23). Visible to whoever shares a
// conversation with them (a direct chat, a group, a channel) and to
// themselves; anyone else gets the same 404 as an unknown id, so the route
// tells no stranger who exists. The last-seen time follows the same rule as
// the offline presence frame (rules/last-seen.ts lastSeenView).

export function createProfilesService(deps: { db: Kysely<Database>; now: Clock }) {
  const { db } = deps;
  const notFound = () => new HttpError(404, MSG.userNotFound);

  /** The person, if the viewer may see them; throws the 404 otherwise. */
  async function visible(viewerId: number, personId: number) {
    const [row, viewerHides] = await Promise.all([
      q.person(db, personId),
      q.hidesStatus(db, viewerId),
    ]);
    if (!row || viewerHides === null) throw notFound();
    if (personId !== viewerId && !(await q.shares(db, viewerId, personId))) throw notFound();
    return { row, viewerHides };
  }

  return {
    async profile(viewerId: number, personId: number): Promise<Profile> {
      const { row, viewerHides } = await visible(viewerId, personId);
      const seen = lastSeenView(
        { id: row.id, hide_status: flag(row.hide_status), last_seen_at: row.last_seen_at },
        { id: viewerId, hide_status: viewerHides },
        deps.now(),
      );
      return {
        id: row.id,
        name: row.name,
        username: row.username,
        avatar: row.avatar,
        status: row.status,
        is_bot: flag(row.is_bot),
        is_official: flag(row.is_official),
        ...seen,
        direct_conversation_id:
          personId === viewerId ? null : await q.directChat(db, viewerId, personId),
      };
    },

    async commonGroups(viewerId: number, personId: number): Promise<CommonGroup[]> {
      await visible(viewerId, personId);
      if (personId === viewerId) return [];
      const groups = await q.commonGroups(db, viewerId, personId);
      const counts = await memberCounts(
        db,
        groups.map((g) => g.id),
      );
      return groups.map((g) => ({
        id: g.id,
        name: g.name ?? '',
        avatar: g.avatar,
        members_count: counts.get(g.id) ?? 0,
      }));
    },
  };
}
export type ProfilesService = ReturnType<typeof createProfilesService>;
