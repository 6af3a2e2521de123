import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { MSG } from '@parley/protocol/messages';
import { tempDir } from './harness';

// `npm run admin` as an operator runs it: a process of its own over the
// store in DATA_DIR, exit code 0 on success and 2 on a refusal, with the
// API's own message. (What each command does is admin.test.ts, through the
// same runAdminCommand.)

const root = join(import.meta.dirname, '..', '..', '..');
const run = promisify(execFile);

describe('npm run admin', () => {
  const dataDir = tempDir('parley-admin-cli-');
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const admin = async (...args: string[]) => {
    try {
      const { stdout, stderr } = await run(
        process.execPath,
        ['--import', 'tsx', 'packages/server/src/admin-cli.ts', ...args],
        // Only what the command needs: no DATABASE_URL or REDIS_URL from the test's environment.
        { cwd: root, env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir } },
      );
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  };

  it('changes settings on a fresh store, refuses bad input with exit code 2', async () => {
    const set = await admin('registration', 'invite');
    expect(set).toMatchObject({ code: 0, stderr: '' });
    expect(set.stdout).toContain('registration: invite');

    const invite = await admin('invite', '--uses', '2');
    expect(invite.code).toBe(0);
    expect(invite.stdout).toMatch(/^#1 {2}[A-Za-z0-9_-]{12} {2}uses 0\/2/);

    expect(await admin('grant', 'nobody@example.org')).toMatchObject({
      code: 2,
      stderr: 'parley admin: User not found\n',
    });
    // A bot is named by @username; the official bot is made on the first start.
    expect(await admin('grant', '@ParleyBot')).toMatchObject({
      code: 2,
      stderr: `parley admin: ${MSG.adminBotAccount}\n`,
    });
    expect((await admin('password-min', '3')).code).toBe(2);
    expect((await admin('frobnicate')).stderr).toContain('unknown command: frobnicate');

    const audit = await admin('audit');
    expect(audit.stdout).toContain('(console)  invite.create  invite #1');
    expect(audit.stdout).toContain('(console)  settings.change  registration_mode=invite');
    // Eight processes, each loading the sources through tsx: 3–6 s apiece on a
    // loaded two-core machine, where 60 s ran out.
  }, 120_000);
});
