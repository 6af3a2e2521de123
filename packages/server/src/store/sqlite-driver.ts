import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

// Which build of better-sqlite3 this Node runs. No one release works on
// Node 20, 22 and 24 (bench/RESULTS.md, "Node 20, 22 and 24"):
// - better-sqlite3 12 subclasses Node's raw ObjectWrap, whose destructor on
//   Node 24 asserts an Environment that a finished worker thread (our WAL
//   checkpointer) no longer has: the process aborted in about half of its
//   starts (WiseLibs/better-sqlite3#1515).
// - better-sqlite3 13 is built on node-addon-api and ships its binaries
//   inside the npm package (no download, no compiler), but needs Node 22: on
//   Node 20 it crashes on load.
// So Node 22 and newer load 13 (installed as `better-sqlite3-napi`), Node 20
// loads 12 (`better-sqlite3`, compiled from source at install; an optional
// dependency, so a Node 22/24 host where it cannot compile still installs).
// The two have the same API for everything Parley calls.

const NAPI_BUILD_FROM_NODE = 22;

export const SQLITE_DRIVER =
  Number(process.versions.node.split('.')[0]) >= NAPI_BUILD_FROM_NODE
    ? 'better-sqlite3-napi'
    : 'better-sqlite3';

const require = createRequire(import.meta.url);

/** The module's path, for the checkpointer's worker thread to load the same build. */
export function sqliteDriverPath(): string {
  try {
    return require.resolve(SQLITE_DRIVER);
  } catch {
    throw new Error(
      `${SQLITE_DRIVER} is not installed (Node ${process.versions.node}); on Node 20 it is compiled ` +
        'at `npm install` (needs a C++ compiler and the Node headers) — or run Node 22 or 24',
    );
  }
}

export const SQLite = require(sqliteDriverPath()) as typeof BetterSqlite3;
