import { Worker } from 'node:worker_threads';
import { sqliteDriverPath } from './sqlite-driver';

// SQLite in WAL mode copies the log back into the database file
// ("checkpoint") from inside whichever commit crosses the threshold, and
// that checkpoint fsyncs. better-sqlite3 is synchronous, so on the main
// thread it stalls the event loop: commits normally take 0.1 ms, the ones
// that checkpoint took 10–100 ms, straight into every socket's latency
// (bench/RESULTS.md). A worker thread with its own connection checkpoints
// instead (PASSIVE: never waits for, nor blocks, the writer); the main
// connection's automatic checkpoint stays as a far-off backstop in case the
// worker falls behind or dies.

/** Pages of WAL after which the main connection checkpoints itself anyway (≈ 80 MB). */
export const BACKSTOP_CHECKPOINT_PAGES = 20_000;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma('busy_timeout = 1000');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

export function startCheckpointer(
  path: string,
  intervalMs: number,
  onError: (message: string) => void,
): Checkpointer {
  const driver = sqliteDriverPath();
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { path, driver, intervalMs },
  });
  worker.on('message', (message: { error?: string }) => onError(message.error ?? 'unknown'));
  worker.on('error', (error) => onError(String(error)));
  // The worker must not keep a process alive that is otherwise done.
  worker.unref();
  return {
    async stop() {
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage('stop');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
      await worker.terminate();
    },
  };
}
