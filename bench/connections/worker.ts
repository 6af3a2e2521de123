import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import type { FromWorker, ToWorker } from './messages';

// One load-generator process of the connections scenario: opens its share
// of authenticated sockets from its own source address, keeps them idle with
// an application ping every few seconds (spread evenly, as real tabs are),
// and reports. `ws` answers the server's WebSocket pings by itself.

const HELLO_TIMEOUT_MS = 20_000;
const MAX_ERRORS = 5;

interface Held {
  socket: WebSocket;
  pingSentAt: number;
  open: boolean;
}

const held: Held[] = [];
let dropped = 0;
let serverPings = 0;
let holding = false;
let rtts: number[] = [];
let pongs = 0;
const errors: string[] = [];
const note = (what: string) => {
  if (errors.length < MAX_ERRORS) errors.push(what);
};

function send(message: FromWorker): void {
  process.send?.(message);
}

function openOne(port: number, token: string, localAddress: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/v1/ws`, {
      perMessageDeflate: false,
      localAddress,
      handshakeTimeout: HELLO_TIMEOUT_MS,
    });
    const entry: Held = { socket, pingSentAt: 0, open: false };
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error(`no ready within ${HELLO_TIMEOUT_MS} ms`));
    }, HELLO_TIMEOUT_MS);
    socket.on('open', () => {
      socket.send(JSON.stringify({ op: 'hello', v: 1, token, user_seq: 0, conversations: {} }));
    });
    socket.on('ping', () => serverPings++);
    socket.on('error', (error) => {
      clearTimeout(timer);
      if (!entry.open) reject(error);
      else note(`socket error: ${error.message}`);
    });
    socket.on('close', (code, reason) => {
      clearTimeout(timer);
      if (entry.open) {
        entry.open = false;
        if (holding) {
          dropped++;
          note(`closed while held: ${code} ${reason.toString()}`);
        }
      } else reject(new Error(`closed before ready: ${code} ${reason.toString()}`));
    });
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { op?: string };
      if (frame.op === 'ready' && !entry.open) {
        clearTimeout(timer);
        entry.open = true;
        held.push(entry);
        resolve(performance.now() - started);
      } else if (frame.op === 'pong' && entry.pingSentAt > 0) {
        pongs++;
        if (holding) rtts.push(performance.now() - entry.pingSentAt);
        entry.pingSentAt = 0;
      }
    });
  });
}

async function openAll(message: Extract<ToWorker, { type: 'open' }>): Promise<void> {
  const started = performance.now();
  const connectMs: number[] = [];
  let failed = 0;
  let next = 0;
  const lane = async () => {
    while (next < message.tokens.length) {
      const token = message.tokens[next++] as string;
      try {
        connectMs.push(await openOne(message.port, token, message.localAddress));
      } catch (error) {
        failed++;
        note(error instanceof Error ? error.message : String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: message.concurrency }, lane));
  send({
    type: 'opened',
    ready: connectMs.length,
    failed,
    connectMs,
    elapsedMs: performance.now() - started,
    errors: errors.splice(0),
  });
}

async function hold(message: Extract<ToWorker, { type: 'hold' }>): Promise<void> {
  holding = true;
  rtts = [];
  pongs = 0;
  dropped = 0;
  serverPings = 0;
  let pings = 0;
  // Socket i pings at offset (i / n) of every period: a steady trickle, no burst.
  const n = Math.max(1, held.length);
  const started = performance.now();
  const timers: NodeJS.Timeout[] = [];
  held.forEach((entry, i) => {
    const first = (message.pingEveryMs * i) / n;
    timers.push(
      setTimeout(() => {
        const ping = () => {
          if (!entry.open || performance.now() - started > message.durationMs) return;
          entry.pingSentAt = performance.now();
          pings++;
          entry.socket.send('{"op":"ping"}');
        };
        ping();
        timers.push(setInterval(ping, message.pingEveryMs));
      }, first),
    );
  });
  await new Promise((resolve) => setTimeout(resolve, message.durationMs));
  timers.forEach((t) => clearTimeout(t));
  // Pongs still under way get a moment, then the hold ends.
  await new Promise((resolve) => setTimeout(resolve, 500));
  holding = false;
  send({ type: 'held', rttMs: rtts, pings, pongs, dropped, serverPings, errors: errors.splice(0) });
}

async function closeAll(): Promise<void> {
  for (const entry of held) {
    entry.open = false;
    entry.socket.terminate();
  }
  send({ type: 'closed' });
  process.disconnect?.();
}

process.on('message', (message: ToWorker) => {
  const job =
    message.type === 'open'
      ? openAll(message)
      : message.type === 'hold'
        ? hold(message)
        : closeAll();
  job.catch((error: unknown) => {
    note(`worker: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
});
// The coordinator gone (crash, watchdog): do not linger holding sockets.
process.on('disconnect', () => process.exit(0));
