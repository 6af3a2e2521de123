import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../packages/server/src/store/types';

// Multi-row INSERTs in batches, for seeding a million rows in seconds rather
// than hours. A batch stays under both drivers' bound-parameter limits
// (SQLite 32,766, PostgreSQL 65,535). The caller wraps the writes in one
// transaction: per-row commits are what makes naive seeding slow.

const MAX_PARAMS = 30_000;
const MAX_ROWS = 2_000;

export type TableName = keyof Database;

/** Foreign keys: a table's buffered parents are written before it, whenever it flushes. */
const PARENTS: Partial<Record<TableName, TableName[]>> = {
  sessions: ['users'],
  refresh_tokens: ['sessions'],
  conversations: ['users'],
  conversation_members: ['conversations', 'users'],
  messages: ['conversations', 'users'],
  message_hidden: ['messages', 'users'],
  conversation_events: ['conversations'],
  user_events: ['users'],
};

export class BulkWriter {
  private readonly buffers = new Map<TableName, unknown[]>();
  /** Rows written per table, for the seeding summary. */
  readonly counts = new Map<TableName, number>();

  constructor(private readonly db: Kysely<Database>) {}

  async add<T extends TableName>(table: T, row: Insertable<Database[T]>): Promise<void> {
    let buffer = this.buffers.get(table);
    if (!buffer) {
      buffer = [];
      this.buffers.set(table, buffer);
    }
    buffer.push(row);
    const columns = Object.keys(row).length;
    if (buffer.length >= Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / columns))) {
      await this.flushTable(table);
    }
  }

  async flushTable(table: TableName): Promise<void> {
    for (const parent of PARENTS[table] ?? []) await this.flushTable(parent);
    const rows = this.buffers.get(table);
    if (!rows || rows.length === 0) return;
    this.buffers.set(table, []);
    // The rows were checked against Insertable<Database[T]> in add().
    await this.db
      .insertInto(table)
      .values(rows as never)
      .execute();
    this.counts.set(table, (this.counts.get(table) ?? 0) + rows.length);
  }

  /** Writes what is buffered, in the given order (parents before children). */
  async flush(order: readonly TableName[]): Promise<void> {
    for (const table of order) await this.flushTable(table);
  }
}
