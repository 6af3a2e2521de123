import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './types';

// Kysely types of the operator's tables (0020-admin, docs/ADMIN.md).

/** Server-wide settings an admin changes at run time; a missing key is its default. */
export interface ServerSettingsTable {
  key: string;
  value: string;
}

export interface InviteCodesTable {
  id: Generated<number>;
  code: string;
  /** The issuing admin's login, or 'console' (the server host). */
  created_by: string;
  created_at: Timestamp;
  expires_at: Timestamp | null;
  max_uses: number | null;
  uses: ColumnType<number, number | undefined, number>;
  revoked_at: Timestamp | null;
}

export interface AdminAuditTable {
  id: Generated<number>;
  /** null: done on the server host, or the admin's account was erased since. */
  actor_id: number | null;
  actor_login: string | null;
  via: 'web' | 'console';
  action: string;
  target: string | null;
  detail: string | null;
  created_at: Timestamp;
}

export interface AdminTables {
  server_settings: ServerSettingsTable;
  invite_codes: InviteCodesTable;
  admin_audit: AdminAuditTable;
}
