import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import { sharedColumns, sourceSelect } from './copy-tables';
import type { Table } from './introspect';
import { TableChecksum } from './values';

// After the copy: each table's rows counted and checksummed on both sides,
// reading PostgreSQL through a cursor so a large table never sits in memory.

export interface TableCheck {
  table: string;
  sourceRows: number;
  targetRows: number;
  sourceChecksum: string;
  targetChecksum: string;
  ok: boolean;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function verifyTable(
  source: BetterSqlite3.Database,
  target: pg.Client,
  table: Table,
): Promise<TableCheck> {
  const columns = sharedColumns(source, table);
  const from = new TableChecksum();
  for (const row of source.prepare(sourceSelect(table, columns)).iterate()) {
    from.add(row as Record<string, unknown>, columns);
  }
  const to = new TableChecksum();
  await target.query('begin read only');
  try {
    const list = columns.map((c) => quote(c.name)).join(', ') || '1 as one';
    await target.query(
      `declare verify_rows no scroll cursor for select ${list} from ${quote(table.name)}`,
    );
    for (;;) {
      const { rows } = await target.query<Record<string, unknown>>('fetch 1000 from verify_rows');
      for (const row of rows) to.add(row, columns);
      if (rows.length < 1000) break;
    }
  } finally {
    await target.query('commit');
  }
  return {
    table: table.name,
    sourceRows: from.rows,
    targetRows: to.rows,
    sourceChecksum: from.hex,
    targetChecksum: to.hex,
    ok: from.rows === to.rows && from.hex === to.hex,
  };
}
