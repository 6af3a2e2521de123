import { ADMIN_PERMISSION } from '@parley/protocol/constants';
import type { User } from '@parley/protocol/user';
import { flag } from '../../store/types';
import type { UserRow } from '../../store/types';

/**
 * The one place a users row becomes the protocol User. Only named fields are
 * copied, so the password and secret hashes cannot leak through here (and
 * the reply schema strips undeclared fields as a second guard).
 */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    login: row.login,
    status: row.status,
    timezone: row.timezone,
    avatar: row.avatar,
    secret_exists: row.secret_hash !== null,
    secret_hint: row.secret_hash !== null ? row.secret_hint : null,
    notifications: flag(row.notifications),
    paranoid: flag(row.paranoid),
    muted: flag(row.muted),
    hide_status: flag(row.hide_status),
    allow_search: flag(row.allow_search),
    load_links: flag(row.load_links),
    max_time_inactive: row.max_time_inactive,
    who_can_add: row.who_can_add,
    // Server-wide permissions: only the admin role so far (docs/ADMIN.md).
    can: flag(row.is_admin) ? [ADMIN_PERMISSION] : [],
    created_at: row.created_at,
  };
}
