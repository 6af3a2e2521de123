import type pg from 'pg';

// What the copy learns about the target after the migrations ran on it:
// every table of the current schema, its columns and their types, its
// primary key, the tables it refers to, and its sequences. Nothing here
// names a table of Parley's: a table a later migration adds is copied too.

export interface Column {
  name: string;
  /** information_schema's data_type: 'boolean', 'bytea', 'jsonb', 'timestamp with time zone', … */
  type: string;
}

export interface Table {
  name: string;
  /** Columns the copy writes: generated ones (search_document) are computed by PostgreSQL. */
  columns: Column[];
  primaryKey: string[];
  /** Columns filled from a sequence (serial or identity): their counters are moved past the copied rows. */
  sequenced: string[];
}

/** The migrator's own bookkeeping: written by running the migrations on the target, never copied. */
export const MIGRATOR_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

export async function tablesInSchema(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((r) => r.name);
}

async function describeTable(client: pg.Client, name: string): Promise<Table> {
  const columns = await client.query<{ name: string; type: string; seq: boolean }>(
    `select column_name as name, data_type as type,
            (is_identity = 'YES' or column_default like 'nextval(%') as seq
       from information_schema.columns
      where table_schema = current_schema() and table_name = $1 and is_generated = 'NEVER'
      order by ordinal_position`,
    [name],
  );
  const key = await client.query<{ name: string }>(
    `select a.attname as name
       from pg_index i
       join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indrelid = (quote_ident(current_schema()) || '.' || quote_ident($1))::regclass
        and i.indisprimary
      order by array_position(i.indkey, a.attnum)`,
    [name],
  );
  return {
    name,
    columns: columns.rows.map(({ name: n, type }) => ({ name: n, type })),
    primaryKey: key.rows.map((r) => r.name),
    sequenced: columns.rows.filter((c) => c.seq).map((c) => c.name),
  };
}

/**
 * The tables in an order that inserts every referenced row before the rows
 * referring to it (a table's references to itself are met by copying in
 * primary-key order, older rows first). A cycle between tables would need
 * deferred constraints: it is refused with the tables named.
 */
export async function tablesInCopyOrder(client: pg.Client): Promise<Table[]> {
  const names = (await tablesInSchema(client)).filter((n) => !MIGRATOR_TABLES.has(n));
  const { rows: edges } = await client.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid
       join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = current_schema()`,
  );
  const ordered: string[] = [];
  const pending = new Set(names);
  while (pending.size > 0) {
    const ready = [...pending].filter((t) =>
      edges.every((e) => e.child !== t || e.parent === t || !pending.has(e.parent)),
    );
    if (ready.length === 0) {
      throw new Error(`tables refer to each other in a cycle: ${[...pending].join(', ')}`);
    }
    for (const t of ready) {
      ordered.push(t);
      pending.delete(t);
    }
  }
  const tables: Table[] = [];
  for (const name of ordered) tables.push(await describeTable(client, name));
  return tables;
}
