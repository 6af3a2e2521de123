import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nginxBinary, startNginx } from './cluster/nginx';
import type { Nginx } from './cluster/nginx';
import { HIGH_RATE_LIMITS, spawnServer } from './cluster/server-process';
import type { ServerProcess } from './cluster/server-process';

// docs/ops/nginx-cluster.conf in front of one node (SQLite), on a port that
// is not 80 and without PUBLIC_URL, as a LAN or test install runs it:
// - the Host the node sees keeps the port, so a browser's WebSocket (Origin
//   http://host:port) is accepted, not 403;
// - /metrics is not reachable through it, even with the right token; the
//   node answers it directly (Prometheus scrapes each node).

const nginx = nginxBinary();
if (process.env.CI === 'true' && !nginx) throw new Error('CI needs nginx (.ci/run installs it)');
const TOKEN = 'a-metrics-token-long-enough';

/** The status of a WebSocket upgrade with this Origin: 101 when it opens. */
function upgradeStatus(url: string, origin: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/api/v1/ws`, { headers: { origin } });
    ws.once('open', () => {
      ws.terminate();
      resolve(101);
    });
    ws.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('error', reject);
  });
}

describe.runIf(nginx)('docs/ops/nginx-cluster.conf in front of a node', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-nginx-site-'));
  let node: ServerProcess | null = null;
  let balancer: Nginx | null = null;

  beforeAll(async () => {
    node = await spawnServer({
      env: {
        ...HIGH_RATE_LIMITS,
        DATA_DIR: dataDir,
        WEB_DIST: join(dataDir, 'no-web'),
        TRUST_PROXY: 'loopback',
        METRICS_TOKEN: TOKEN,
      },
    });
    balancer = await startNginx(nginx ?? 'nginx', [node.port]);
  }, 60_000);
  afterAll(async () => {
    await balancer?.stop();
    await node?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('passes the port in Host: the WebSocket of a page on a non-standard port opens', async () => {
    const base = balancer?.url ?? '';
    expect(new URL(base).port).not.toBe('');
    expect(await upgradeStatus(base, base)).toBe(101);
    // The Origin check still holds: another origin is refused.
    expect(await upgradeStatus(base, 'http://evil.example')).toBe(403);
  });

  it('does not expose /metrics; the node itself serves it', async () => {
    const auth = { authorization: `Bearer ${TOKEN}` };
    const direct = await fetch(`${node?.url}/metrics`, { headers: auth });
    expect(direct.status).toBe(200);
    expect(await direct.text()).toContain('parley_websockets_open');
    for (const path of ['/metrics', '/metrics/', '//metrics', '/%6Detrics', '/metrics?x=1']) {
      const proxied = await fetch(`${balancer?.url}${path}`, { headers: auth });
      expect({ path, status: proxied.status }).toEqual({ path, status: 404 });
      expect(await proxied.text()).not.toContain('parley_');
    }
  });
});
