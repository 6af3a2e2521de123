import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import type { Table } from './introspect';
import { toPostgres } from './values';

// Rows from the SQLite file into the migrated PostgreSQL schema, table by
// table in reference order, in batched multi-row INSERTs inside the
// caller's transaction; then every sequence is moved past the largest id
// copied, so the next row PostgreSQL numbers does not collide.

/** PostgreSQL allows 65,535 parameters a statement; stay well below. */
const MAX_PARAMETERS = 30_000;
const MAX_ROWS = 1_000;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Columns of `table` present in the SQLite file (a dialect-only column is left to its default). */
export function sharedColumns(source: BetterSqlite3.Database, table: Table) {
  const present = new Set(
    (
      source.prepare(`select name from pragma_table_info(?)`).all(table.name) as { name: string }[]
    ).map((c) => c.name),
  );
  return table.columns.filter((c) => present.has(c.name));
}

/** The SELECT that reads a table from SQLite, oldest rows first. */
export function sourceSelect(table: Table, columns: Table['columns']) {
  const order = table.primaryKey.length > 0 ? table.primaryKey.map(quote).join(', ') : 'rowid';
  return `select ${columns.map((c) => quote(c.name)).join(', ')} from ${quote(table.name)} order by ${order}`;
}

export async function copyTable(
  source: BetterSqlite3.Database,
  target: pg.Client,
  table: Table,
): Promise<number> {
  const columns = sharedColumns(source, table);
  if (columns.length === 0) return 0;
  const perBatch = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMETERS / columns.length)));
  const head = `insert into ${quote(table.name)} (${columns.map((c) => quote(c.name)).join(', ')}) overriding system value values `;
  let batch: unknown[][] = [];
  let copied = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const params: unknown[] = [];
    const tuples = batch.map((row) => {
      const slots = row.map((value) => {
        params.push(value);
        return `$${params.length}`;
      });
      return `(${slots.join(', ')})`;
    });
    await target.query(head + tuples.join(', '), params);
    copied += batch.length;
    batch = [];
  };
  const rows = source.prepare(sourceSelect(table, columns)).raw(true).iterate() as Iterable<
    unknown[]
  >;
  for (const row of rows) {
    batch.push(row.map((value, i) => toPostgres(value, columns[i]!)));
    if (batch.length >= perBatch) await flush();
  }
  await flush();
  return copied;
}

/**
 * The highest id SQLite ever gave a table's AUTOINCREMENT key
 * (sqlite_sequence), which can be above the largest id left: the rows with
 * the highest ids may have been deleted, and an id is never handed out twice.
 */
export function sqliteSequenceOf(source: BetterSqlite3.Database, table: string): number {
  const exists = source
    .prepare(`select 1 from sqlite_master where type = 'table' and name = 'sqlite_sequence'`)
    .get();
  if (!exists) return 0;
  const row = source.prepare('select seq from sqlite_sequence where name = ?').get(table) as
    { seq: number } | undefined;
  return row?.seq ?? 0;
}

/**
 * Each sequence-filled column's counter set so the next value is one past
 * both the largest id copied and the largest SQLite ever handed out.
 */
export async function resetSequences(target: pg.Client, table: Table, handedOut: number) {
  for (const column of table.sequenced) {
    await target.query(
      `select setval(pg_get_serial_sequence($1, $2),
                     greatest(coalesce((select max(${quote(column)}) from ${quote(table.name)}), 0), $3::bigint) + 1,
                     false)`,
      [quote(table.name), column, handedOut],
    );
  }
}
