import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CopyRefused, copySqliteToPostgres } from '../store/copy/sqlite-to-postgres';

// `npm run migrate-to-postgres -- --from ./data/parley.sqlite --to postgres://…`
// Copies a stopped SQLite installation into an empty PostgreSQL database and
// verifies the copy (docs/OPERATIONS.md, "From SQLite to PostgreSQL").
// Exit codes: 0 copied and verified, 1 refused or a table differs, 2 usage.

const USAGE =
  'usage: npm run migrate-to-postgres -- --from <parley.sqlite> --to postgres://user@host/db';

function fail(message: string, code: number): never {
  process.stderr.write(`migrate-to-postgres: ${message}\n`);
  process.exit(code);
}

function readArgs() {
  try {
    const { values } = parseArgs({
      options: { from: { type: 'string' }, to: { type: 'string' } },
      strict: true,
    });
    const from = values.from ?? resolve(process.env.DATA_DIR || './data', 'parley.sqlite');
    const to = values.to ?? process.env.DATABASE_URL;
    if (!to) fail(`--to is missing\n${USAGE}`, 2);
    if (!/^postgres(ql)?:\/\//.test(to)) fail(`--to must start with postgres://\n${USAGE}`, 2);
    return { from: resolve(from), to };
  } catch (error) {
    return fail(`${(error as Error).message}\n${USAGE}`, 2);
  }
}

async function main() {
  const { from, to } = readArgs();
  const report = await copySqliteToPostgres({
    sqlitePath: from,
    databaseUrl: to,
    progress: (line) => process.stdout.write(`${line}\n`),
  });
  process.stdout.write('\nverification (rows, sha-256 sum of rows):\n');
  for (const t of report.tables) {
    const mark = t.ok ? 'ok' : 'DIFFERS';
    process.stdout.write(
      `  ${mark.padEnd(7)} ${t.table.padEnd(24)} ${String(t.sourceRows).padStart(8)} → ${String(t.targetRows).padEnd(8)} ${t.targetChecksum.slice(0, 16)}\n`,
    );
  }
  if (report.leftBehind.length > 0) {
    process.stdout.write(
      `not copied (no such table in PostgreSQL): ${report.leftBehind.join(', ')}\n`,
    );
  }
  const bad = report.tables.filter((t) => !t.ok);
  if (bad.length > 0)
    fail(`${bad.length} table(s) differ: ${bad.map((t) => t.table).join(', ')}`, 1);
  process.stdout.write(`\ncopied and verified ${report.tables.length} tables\n`);
}

main().catch((error: unknown) => {
  if (error instanceof CopyRefused) fail(error.message, 1);
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error), 1);
});
