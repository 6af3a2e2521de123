// `npm run backup -- <file>`: an online backup of the SQLite store
// (DATA_DIR/parley.sqlite, DATA_DIR defaulting to ./data) into <file>, while
// the server keeps running — SQLite's backup API copies a consistent
// snapshot page by page. PostgreSQL deployments use pg_dump instead, and
// uploaded files are under DATA_DIR/blobs either way (docs/OPERATIONS.md).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

// The build of better-sqlite3 this Node can run, as the server picks it
// (packages/server/src/store/sqlite-driver.ts says why there are two).
const nodeMajor = Number(process.versions.node.split('.')[0]);
const Database = createRequire(new URL('../packages/server/package.json', import.meta.url))(
  nodeMajor >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3',
);

const target = process.argv[2];
if (!target) {
  console.error('usage: npm run backup -- <backup file>');
  process.exit(2);
}
if (process.env.DATABASE_URL) {
  console.error('DATABASE_URL is set: back PostgreSQL up with pg_dump (docs/OPERATIONS.md).');
  process.exit(2);
}
const source = resolve(process.env.DATA_DIR || './data', 'parley.sqlite');
if (!existsSync(source)) {
  console.error(`no database at ${source} (set DATA_DIR)`);
  process.exit(1);
}
if (existsSync(target)) {
  console.error(`${target} exists: choose a new file`);
  process.exit(1);
}
const db = new Database(source, { readonly: true, fileMustExist: true });
try {
  const started = Date.now();
  const { totalPages } = await db.backup(resolve(target));
  console.log(
    `backed up ${source} → ${resolve(target)} (${totalPages} pages, ${Date.now() - started} ms)`,
  );
} finally {
  db.close();
}
