import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// An operator's mistake at start ends in one line on stderr, never a stack:
// here a port already taken (the config errors are in src/config.test.ts).

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

describe('start errors', () => {
  const dir = mkdtempSync(join(tmpdir(), 'parley-start-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('says in one line that the port is taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const address = taken.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: SERVER_DIR,
        env: {
          PATH: process.env.PATH,
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dir,
          WEB_DIST: join(dir, 'no-web'),
          LOG_LEVEL: 'warn',
        },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toBe(`parley: cannot listen on 127.0.0.1:${port}: EADDRINUSE\n`);
    } finally {
      taken.close();
    }
  });
});
