import { afterAll, beforeAll } from 'vitest';
import { Client, startServer } from './harness';
import type { Server, ServerOptions } from './harness';
import type { Backend, TestStore } from './stores';

export interface SuiteServer {
  ts: TestStore;
  server: Server;
  client: Client;
}

/**
 * One app over a fresh store of `backend` for the enclosing describe block:
 * opened before its tests, closed and dropped after them. Registered first,
 * so with Vitest's stacked hooks its teardown runs after the suite's own.
 * The fields are filled in by the time the suite's own beforeAll runs.
 */
export function useSuiteServer(backend: Backend, options?: ServerOptions): SuiteServer {
  const suite = {} as SuiteServer;
  beforeAll(async () => {
    suite.ts = await backend.open();
    suite.server = await startServer(suite.ts.store, options);
    suite.client = new Client(suite.server.url);
  });
  afterAll(async () => {
    await suite.server?.close();
    await suite.ts?.store.close();
    await suite.ts?.destroy();
  });
  return suite;
}
