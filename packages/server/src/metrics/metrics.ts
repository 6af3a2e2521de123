import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

// Prometheus metrics of one app (its own registry, so several apps in one
// test process do not clash). The hot paths keep plain running totals (a
// `++` on a number: the bus, the write coalescer, the publisher); this module
// reads them only when Prometheus scrapes. The one per-request cost is a
// histogram observation in an onResponse hook.

/** Running totals kept by the parts that do the work; read at scrape time. */
export interface MetricSources {
  openSockets(): number;
  framesSent(): number;
  busStats: { published: number; received: number };
  publisherStats: { messagesNew: number };
  /** SQLite's shared COMMITs (store/group-commit.ts); null on PostgreSQL. */
  groupCommitStats: { batches: number; jobs: number } | null;
  /** Web Push on this node (features/push/worker.ts). */
  pushStats?: { queued: number; sent: number; failed: number; expired: number; gone: number };
}

export interface Metrics {
  registry: Registry;
  /** One finished HTTP request; `route` is the route's template, never the raw URL. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
}

/** From 1 ms to 10 s: an API call is a few ms here, an upload or an argon2 sign-in far more. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A counter whose value is a running total read at scrape time. */
function totalCounter(registry: Registry, name: string, help: string, read: () => number) {
  return new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      // Counters only go up; the source total does too, so reset + inc sets it.
      this.reset();
      this.inc(read());
    },
  });
}

export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  // process_* (CPU, RSS, open descriptors and their limit) and nodejs_*
  // (heap, GC, event-loop lag and its percentiles).
  collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: 'parley_http_request_duration_seconds',
    help: 'HTTP request duration by method, route template and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'parley_websockets_open',
    help: 'WebSockets open on this node (authenticated or still before hello).',
    registers: [registry],
    collect() {
      this.set(sources.openSockets());
    },
  });
  totalCounter(
    registry,
    'parley_messages_sent_total',
    'Messages posted through this node (committed message.new events).',
    () => sources.publisherStats.messagesNew,
  );
  totalCounter(
    registry,
    'parley_ws_frames_sent_total',
    'Frames written to WebSockets by this node (deliveries, replies, resume backlog).',
    () => sources.framesSent(),
  );
  totalCounter(
    registry,
    'parley_bus_published_total',
    'Messages this node published on the bus (Redis pub/sub, or in-process).',
    () => sources.busStats.published,
  );
  totalCounter(
    registry,
    'parley_bus_received_total',
    'Bus messages this node received for channels its sockets follow.',
    () => sources.busStats.received,
  );

  totalCounter(
    registry,
    'parley_sqlite_commits_total',
    'COMMITs of event transactions on SQLite (one serves a batch); 0 on PostgreSQL.',
    () => sources.groupCommitStats?.batches ?? 0,
  );
  totalCounter(
    registry,
    'parley_sqlite_grouped_transactions_total',
    'Event transactions those COMMITs ended (divided by the COMMITs: the mean batch size).',
    () => sources.groupCommitStats?.jobs ?? 0,
  );

  const push = (name: string, help: string, key: keyof NonNullable<MetricSources['pushStats']>) =>
    totalCounter(registry, `parley_push_${name}_total`, help, () => sources.pushStats?.[key] ?? 0);
  push('queued', 'Pushes queued by this node (one per device and message).', 'queued');
  push('sent', 'Pushes a push service accepted (2xx).', 'sent');
  push('failed', 'Push attempts that failed (retried later, or dropped on a 4xx).', 'failed');
  push('expired', 'Pushes dropped unsent because their TTL ran out.', 'expired');
  push('gone', 'Subscriptions removed because the push service said 404 or 410.', 'gone');

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      duration.observe({ method, route, status: String(status) }, seconds);
    },
  };
}
