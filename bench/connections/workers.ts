import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sleep } from '../lib/pool';
import type { FromWorker, ToWorker } from './messages';

// The connections scenario's load-generator processes (worker.ts), each
// opening its share of the sockets from its own loopback address.

const WORKER = fileURLToPath(new URL('./worker.ts', import.meta.url));

export interface Worker {
  child: ChildProcess;
  next: <T extends FromWorker['type']>(type: T) => Promise<Extract<FromWorker, { type: T }>>;
  send: (message: ToWorker) => void;
}

export function startWorker(): Worker {
  const child = fork(WORKER, [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const waiting: ((m: FromWorker) => void)[] = [];
  child.on('message', (m: FromWorker) => waiting.shift()?.(m));
  return {
    child,
    send: (message) => child.send(message),
    next: (type) =>
      new Promise((resolve, reject) => {
        child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
        waiting.push((m) => {
          if (m.type === type) resolve(m as never);
          else reject(new Error(`worker said ${m.type}, expected ${type}`));
        });
      }),
  };
}

/** Spreads `tokens` over the workers, each from its own loopback address. */
export async function openOn(
  workers: Worker[],
  tokens: string[],
  port: number,
  concurrency: number,
): Promise<Extract<FromWorker, { type: 'opened' }>[]> {
  const per = Math.ceil(tokens.length / workers.length);
  const replies = workers.map((w) => w.next('opened'));
  workers.forEach((w, i) =>
    w.send({
      type: 'open',
      port,
      tokens: tokens.slice(i * per, (i + 1) * per),
      localAddress: `127.0.0.${2 + i}`,
      concurrency,
    }),
  );
  return Promise.all(replies);
}

export async function closeWorkers(workers: Worker[]): Promise<void> {
  await Promise.all(
    workers.map(async (w) => {
      if (w.child.exitCode !== null || !w.child.connected) return;
      const closed = w.next('closed').catch(() => undefined);
      w.send({ type: 'close' });
      await Promise.race([closed, sleep(10_000)]);
      if (w.child.exitCode === null) w.child.kill('SIGKILL');
    }),
  );
}
