import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';

// Browser journeys against the real server (SQLite in a throwaway data dir)
// serving the built web app, driven in Debian's Chromium. The data dir is
// chosen once in the runner process; workers inherit it through the env.
process.env.E2E_PORT ??= String(18000 + Math.floor(Math.random() * 1000));
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'parley-e2e-'));
const port = Number(process.env.E2E_PORT);
// TEST ONLY: the port of the page e2e/chat/link-preview.spec.ts serves. The
// server opens its link-preview guard for exactly 127.0.0.1 on this port and
// fetches nothing else (LINK_PREVIEW_TEST_ORIGIN; never set in production).
process.env.E2E_PREVIEW_PORT ??= String(port + 1000);
// TEST ONLY: the port of the stand-in push service e2e/settings/push.spec.ts
// runs (support/push-service.ts). The server sends Web Push there and
// nowhere else (PUSH_TEST_ORIGIN; never set in production).
process.env.E2E_PUSH_PORT ??= String(port + 2000);
const baseURL = `http://127.0.0.1:${port}`;
/** Journeys that change server-wide settings, each run with nothing beside it. */
const SERVER_WIDE = ['**/admin/operator.spec.ts', '**/admin/screenshots.spec.ts'];

export default defineConfig({
  testDir: '.',
  // Two journeys at a time on one shared server: most of a journey's time is
  // round trips and rendering, not one saturated core. Journeys that change
  // what the whole server does (registration switched to invite-only by the
  // admin console and the host CLI) run afterwards, alone, one file after the
  // other: a project starts only when the one it depends on has finished.
  workers: 2,
  projects: [
    { name: 'journeys', testMatch: '**/*.spec.ts', testIgnore: SERVER_WIDE },
    { name: 'operator', testMatch: SERVER_WIDE[0], dependencies: ['journeys'] },
    { name: 'admin-screens', testMatch: SERVER_WIDE[1], dependencies: ['operator'] },
  ],
  // In CI a journey that fails once is run once more, and `npm test` names it
  // as flaky in its closing line (scripts/test-all.mjs): a landing is not lost
  // to one timing accident on a loaded machine, and the accident is not hidden.
  // Locally, no retry: a flake shows as the failure it is.
  retries: process.env.CI === 'true' ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  outputDir: './test-results',
  use: {
    baseURL,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'off',
  },
  webServer: {
    command: 'node ../scripts/start.mjs',
    url: `${baseURL}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      // Every journey registers from 127.0.0.1; keep the limits out of the way
      // (their behaviour has its own server tests).
      RATE_LIMIT_REGISTER_IP_MAX: '1000',
      RATE_LIMIT_LOGIN_IP_MAX: '1000',
      RATE_LIMIT_LOGIN_ACCOUNT_MAX: '1000',
      RATE_LIMIT_REFRESH_IP_MAX: '1000',
      RATE_LIMIT_SEND_USER_MAX: '1000',
      RATE_LIMIT_TYPING_MAX: '1000',
      MAX_CONNECTIONS_PER_ADDRESS: '10000',
      LINK_PREVIEW_TEST_ORIGIN: `http://127.0.0.1:${process.env.E2E_PREVIEW_PORT}`,
      PUSH_TEST_ORIGIN: `http://127.0.0.1:${process.env.E2E_PUSH_PORT}`,
    },
  },
});
