import { sql } from 'kysely';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { SharedMediaQuery } from '@parley/protocol/shared-media';
import type { Database } from '../../store/types';
import { visible } from './queries';
import type { MessageWithSender, Visibility } from './queries';
import { rowLimit } from '../../store/row-limit';

// A conversation's shared media, files or links for one reader, newest
// first, paged by id (GET /user/conversations/:id/shared-media). The rows
// are history's (queries.visible): members only, after the reader's cleared
// history, nothing deleted or hidden for them. "Media" is what the bubble
// shows as a picture (it has a thumbnail) or plays as a video; "files" is
// every other file; "links" are texts with an http(s) URL.

export async function sharedMediaPage(
  db: Kysely<Database>,
  v: Visibility,
  query: SharedMediaQuery,
): Promise<{ rows: MessageWithSender[]; hasMore: boolean }> {
  let rows = visible(db, v);
  if (query.before !== undefined) rows = rows.where('msg.id', '<', query.before);
  if (query.kind === 'links') {
    rows = rows.where((eb) =>
      eb.or([eb('msg.message', 'like', '%http://%'), eb('msg.message', 'like', '%https://%')]),
    );
  } else {
    rows = rows.where('msg.file_id', 'is not', null).where((eb) => {
      const media = eb.exists(
        eb
          .selectFrom('files as f')
          .select(sql`1`.as('one'))
          .whereRef('f.id', '=', 'msg.file_id')
          .where((f) =>
            f.or([f('f.thumbnail_key', 'is not', null), f('f.mime', 'like', 'video/%')]),
          ),
      );
      return query.kind === 'media' ? media : eb.not(media);
    });
  }
  const found = await (
    rows.orderBy('msg.id', 'desc').limit(rowLimit(query.limit + 1)) as SelectQueryBuilder<
      Database,
      'messages',
      MessageWithSender
    >
  ).execute();
  return { rows: found.slice(0, query.limit), hasMore: found.length > query.limit };
}
