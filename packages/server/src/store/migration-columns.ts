import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { isPostgres } from './dialect';

// Column spellings every migration shares. Only the auto-increment id differs
// between the dialects.

/** An auto-increment primary key: its type, and the builder to pass to addColumn. */
export function idColumn(
  db: Kysely<unknown>,
): ['serial' | 'integer', (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder] {
  return isPostgres(db)
    ? ['serial', (c) => c.primaryKey()]
    : // AUTOINCREMENT: ids of deleted rows are never handed out again.
      ['integer', (c) => c.primaryKey().autoIncrement()];
}
