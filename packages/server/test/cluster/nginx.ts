import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './server-process';

// Debian's nginx as the cluster's load balancer, run by the test itself:
// docs/ops/nginx-cluster.conf (the operator's file) with the test's ports,
// inside a minimal main config whose logs, pid and temporary files all live
// in a temporary directory. One process (`master_process off`), so killing
// it leaves no worker behind. Never the system service.

export const SITE = fileURLToPath(
  new URL('../../../../docs/ops/nginx-cluster.conf', import.meta.url),
);

export function nginxBinary(): string | null {
  for (const path of ['/usr/sbin/nginx', 'nginx']) {
    try {
      execFileSync(path, ['-v'], { stdio: 'ignore' });
      return path;
    } catch {
      // not there
    }
  }
  return null;
}

/** The documented site with these upstream ports and this listen port. */
export function siteConfig(upstreamPorts: number[], listenPort: number): string {
  const site = readFileSync(SITE, 'utf8');
  const servers = upstreamPorts
    .map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`)
    .join('\n');
  const replaced = site
    .replace(/( {4}server 127\.0\.0\.1:\d+ [^\n]*\n)+/, `${servers}\n`)
    .replace(/listen 80;/, `listen 127.0.0.1:${listenPort};`);
  if (!replaced.includes(`:${listenPort};`) || !replaced.includes(`:${upstreamPorts[0]} `)) {
    throw new Error('docs/ops/nginx-cluster.conf no longer has the expected upstream and listen');
  }
  return replaced;
}

export interface Nginx {
  url: string;
  errorLog(): string;
  stop(): Promise<void>;
}

export async function startNginx(binary: string, upstreamPorts: number[]): Promise<Nginx> {
  const dir = mkdtempSync(join(tmpdir(), 'parley-nginx-'));
  for (const sub of ['body', 'proxy']) mkdirSync(join(dir, sub));
  const port = await freePort();
  const main = `master_process off;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path ${dir}/body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/proxy;
    uwsgi_temp_path ${dir}/proxy;
    scgi_temp_path ${dir}/proxy;
${siteConfig(upstreamPorts, port)}
}
`;
  writeFileSync(join(dir, 'nginx.conf'), main);
  const child = spawn(
    binary,
    [
      '-p',
      dir,
      '-e',
      join(dir, 'error.log'),
      '-c',
      join(dir, 'nginx.conf'),
      '-g',
      `daemon off; pid ${dir}/nginx.pid;`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', kill);
  const errorLog = () => {
    try {
      return readFileSync(join(dir, 'error.log'), 'utf8');
    } catch {
      return '';
    }
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}${errorLog()}`);
    if (Date.now() > deadline) {
      kill();
      throw new Error(`nginx not up: ${stderr}${errorLog()}`);
    }
    const up = await fetch(`${url}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    errorLog,
    async stop() {
      // SIGQUIT: nginx's graceful stop.
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
      const timer = setTimeout(kill, 3000);
      await exited;
      clearTimeout(timer);
      process.off('exit', kill);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
