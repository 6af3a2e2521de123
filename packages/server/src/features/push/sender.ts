import webpush from 'web-push';
import { Pool, buildConnector } from 'undici';
import type { DeviceRow } from './subscriptions';
import type { VapidKeys } from './vapid';
import { checkEndpoint } from './endpoint-guard';
import type { PushGuardOptions } from './endpoint-guard';
import { pushKeysProblem } from './keys';

// Sends one push (RFC 8030) with the payload encrypted for the device
// (RFC 8291, aes128gcm) and a VAPID JWT (RFC 8292): the web-push library
// builds the request, and we send it ourselves through the address guard
// (endpoint-guard.ts) with the socket pinned to the checked address.

/** What the queue does next with the job. */
export type SendOutcome =
  | { result: 'sent' }
  /** 404/410: the subscription is gone; delete it. */
  | { result: 'gone'; status: number }
  /** 429, 5xx, network: try again later. */
  | { result: 'retry'; reason: string; retryAfterMs?: number }
  /** Any other refusal (400, 413, a guard refusal, a push we could not build): retrying would not help. */
  | { result: 'drop'; reason: string }
  /** The stored keys cannot be encrypted for (stored before registration checked them): delete it. */
  | { result: 'unusable'; reason: string };

export interface SenderOptions {
  vapid: VapidKeys;
  /** The VAPID `sub` claim: a mailto: or https: contact for push services. */
  subject: string;
  guard: PushGuardOptions;
  timeoutMs: number;
}

export interface PushMessageToSend {
  payload: string;
  ttlSeconds: number;
  topic: string | null;
}

function retryAfter(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  const seconds = Number(text);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined;
}

/** Connections kept per push service (origin and checked address): a few services serve every browser. */
const MAX_CLIENTS = 64;

export function createSender(options: SenderOptions) {
  const clients = new Map<string, Pool>();
  const clientFor = (origin: string, address: string): Pool => {
    const key = `${origin}|${address}`;
    let client = clients.get(key);
    if (!client) {
      if (clients.size >= MAX_CLIENTS) {
        const [oldest] = clients;
        if (oldest) {
          clients.delete(oldest[0]);
          void oldest[1].close().catch(() => undefined);
        }
      }
      const connector = buildConnector({ timeout: options.timeoutMs });
      client = new Pool(origin, {
        // The checked address, not a second DNS answer (see link-previews/guarded-fetch.ts).
        connect: (connectOptions, callback) =>
          connector({ ...connectOptions, hostname: address }, callback),
        headersTimeout: options.timeoutMs,
        bodyTimeout: options.timeoutMs,
        connections: 16,
      });
      clients.set(key, client);
    }
    return client;
  };

  const send = async function send(
    device: DeviceRow,
    push: PushMessageToSend,
  ): Promise<SendOutcome> {
    // Never thrown out of here: an error is this push's own outcome, so one
    // bad subscription cannot fail the other pushes of its delivery round.
    const problem = pushKeysProblem(device);
    if (problem) return { result: 'unusable', reason: problem };
    let details;
    try {
      details = webpush.generateRequestDetails(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        push.payload,
        {
          vapidDetails: {
            subject: options.subject,
            publicKey: options.vapid.publicKey,
            privateKey: options.vapid.privateKey,
          },
          TTL: push.ttlSeconds,
          contentEncoding: 'aes128gcm',
          urgency: 'high',
          ...(push.topic ? { topic: push.topic } : {}),
        },
      );
    } catch (error) {
      return { result: 'drop', reason: `push not built: ${String(error)}` };
    }
    const signal = AbortSignal.timeout(options.timeoutMs);
    let checked;
    try {
      checked = await checkEndpoint(details.endpoint, options.guard, signal);
    } catch (error) {
      return { result: 'drop', reason: `endpoint refused: ${String(error)}` };
    }
    const { target, address } = checked;
    try {
      const client = clientFor(target.url.origin, address);
      const response = await client.request({
        method: 'POST',
        path: `${target.url.pathname}${target.url.search}`,
        headers: details.headers as Record<string, string>,
        body: details.body ?? undefined,
        signal,
      });
      await response.body.dump();
      const status = response.statusCode;
      if (status >= 200 && status < 300) return { result: 'sent' };
      if (status === 404 || status === 410) return { result: 'gone', status };
      if (status === 429 || status >= 500) {
        const after = retryAfter(response.headers['retry-after']);
        return {
          result: 'retry',
          reason: `status ${status}`,
          ...(after ? { retryAfterMs: after } : {}),
        };
      }
      return { result: 'drop', reason: `status ${status}` };
    } catch (error) {
      return { result: 'retry', reason: `network: ${String(error)}` };
    }
  };
  return {
    send,
    /** Closes the kept connections (the app's shutdown). */
    close: async () => {
      const all = [...clients.values()];
      clients.clear();
      await Promise.all(all.map((c) => c.close().catch(() => undefined)));
    },
  };
}

export type PushSender = ReturnType<typeof createSender>['send'];
