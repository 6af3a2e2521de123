import type { Kysely } from 'kysely';
import { rowLimit } from './store/row-limit';
import type { Database } from './store/types';

// The one line `npm start` prints once it listens: the address to open, and
// what the first account becomes while the install has no one yet (the first
// person to register administers it, so the operator must know who can reach
// the page before they do).

/** Addresses that only this machine reaches. */
const LOOPBACK = /^(127\.|::1$|localhost$)/;

/** Whether anyone (not a bot) has an account yet. */
export async function hasPeople(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('is_bot', '=', 0)
    .limit(rowLimit(1))
    .executeTakeFirst();
  return row !== undefined;
}

export function startLine(input: { host: string; port: number; empty: boolean }): string {
  const { host, port, empty } = input;
  const local = LOOPBACK.test(host);
  // 0.0.0.0 and :: are not addresses to open: localhost reaches them too.
  const shown = local || host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const url = `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}`;
  const reach = local
    ? 'only this machine can reach it; set HOST=0.0.0.0 to open it to the network'
    : `listening on ${host}, so other machines on the network can reach it`;
  const first = empty ? '. The first account registered becomes the administrator' : '';
  return `Parley is ready at ${url}: ${reach}${first}.`;
}
