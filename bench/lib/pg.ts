import pg from 'pg';

// A throwaway PostgreSQL database per run: created with a unique name on the
// server the caller names (default: the local one), dropped afterwards, so a
// run never touches anyone else's data. Only 127.0.0.1 / ::1 are accepted.

export const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ThrowawayDatabase {
  url: string;
  name: string;
  drop: () => Promise<void>;
}

function assertLoopback(url: URL): void {
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
    throw new Error(`--pg-url must point at 127.0.0.1 or ::1, got ${url.hostname}`);
  }
}

async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function createThrowawayDatabase(
  adminUrl = DEFAULT_PG_URL,
  label = 'bench',
): Promise<ThrowawayDatabase> {
  const admin = new URL(adminUrl);
  assertLoopback(admin);
  const name = `parley_${label}_${Date.now().toString(36)}_${process.pid}`;
  await withAdmin(adminUrl, (c) => c.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () =>
      withAdmin(adminUrl, async (c) => {
        // The server under test may still hold connections for a moment after SIGTERM.
        await c.query(`drop database if exists ${name} with (force)`);
      }),
  };
}
