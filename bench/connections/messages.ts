// What the coordinator and its worker processes say to each other over the
// fork() IPC channel. Times are durations in ms (each process has its own clock).

export type ToWorker =
  | { type: 'open'; port: number; tokens: string[]; localAddress: string; concurrency: number }
  | { type: 'hold'; pingEveryMs: number; durationMs: number }
  | { type: 'close' };

export type FromWorker =
  | {
      type: 'opened';
      ready: number;
      failed: number;
      /** new WebSocket() → `ready` frame, per socket that made it. */
      connectMs: number[];
      elapsedMs: number;
      errors: string[];
    }
  | {
      type: 'held';
      /** `ping` → `pong` round trips of the application heartbeat. */
      rttMs: number[];
      pings: number;
      pongs: number;
      /** Sockets the server closed (or that errored) while held: lost. */
      dropped: number;
      /** WebSocket-level pings the server sent (its 30 s heartbeat), answered by `ws` itself. */
      serverPings: number;
      errors: string[];
    }
  | { type: 'closed' };
