import { createHash } from 'node:crypto';
import type { Column } from './introspect';

// One value as PostgreSQL's column wants it from SQLite's, and one value of
// either side in a single canonical text, so a checksum computed on each
// side of the copy agrees exactly when the data does.

const TIMESTAMP = /^timestamp/;
const NUMERIC = /^(smallint|integer|bigint|numeric|real|double precision)$/;

/** SQLite keeps booleans as 0/1; the rest it stores in a form PostgreSQL accepts as input. */
export function toPostgres(value: unknown, column: Column): unknown {
  if (value === null || value === undefined) return null;
  if (column.type === 'boolean') return Number(value) !== 0;
  if (typeof value === 'bigint') return value.toString();
  return value;
}

/** JSON with its object keys sorted: jsonb reorders keys and drops spaces. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
      a < b ? -1 : a > b ? 1 : 0,
    );
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function canonical(value: unknown, column: Column): string {
  if (value === null || value === undefined) return '\u0000null';
  if (column.type === 'boolean')
    return typeof value === 'boolean' ? (value ? '1' : '0') : String(Number(value) !== 0 ? 1 : 0);
  if (TIMESTAMP.test(column.type)) return new Date(value as string | Date).toISOString();
  if (NUMERIC.test(column.type)) return String(Number(value));
  if (column.type === 'json' || column.type === 'jsonb') {
    return canonicalJson(typeof value === 'string' ? JSON.parse(value) : value);
  }
  if (Buffer.isBuffer(value)) return `\\x${value.toString('hex')}`;
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`;
  return String(value);
}

const MOD = 1n << 256n;

/**
 * A checksum of a table that does not depend on row order (SQLite and
 * PostgreSQL sort text differently): the sum, modulo 2^256, of each row's
 * SHA-256. Constant memory however large the table.
 */
export class TableChecksum {
  private sum = 0n;
  rows = 0;

  add(row: Record<string, unknown>, columns: Column[]) {
    const text = JSON.stringify(columns.map((c) => canonical(row[c.name], c)));
    this.sum = (this.sum + BigInt(`0x${createHash('sha256').update(text).digest('hex')}`)) % MOD;
    this.rows += 1;
  }

  get hex(): string {
    return this.sum.toString(16).padStart(64, '0');
  }
}
