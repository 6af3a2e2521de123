import { createECDH, randomBytes } from 'node:crypto';
import type { ECDH } from 'node:crypto';
import { createServer } from 'node:http';
import ece from 'http_ece';

// The e2e stand-in for a browser's push service (docs/TESTING.md, "Web
// Push"). Headless Chromium cannot subscribe at a real push service (no
// network), so the journey gives the page a subscription whose endpoint is
// this server on 127.0.0.1 and whose keys are made here. The Parley server
// really encrypts (RFC 8291) and POSTs with its VAPID JWT (RFC 8292) to it;
// this server decrypts with http_ece, as a push service's client would,
// and hands the plaintext to `deliver` — the journey passes it to the
// service worker with CDP `ServiceWorker.deliverPushMessage`, which fires
// the worker's real `push` event.

export interface StandInDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export async function startPushService(
  port: number,
  deliver: (device: string, plaintext: string) => Promise<void>,
) {
  const devices = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const received: { device: string; vapid: boolean; payload: string }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const name = decodeURIComponent((request.url ?? '').replace(/^\/push\//, ''));
      const device = devices.get(name);
      if (!device) {
        response.writeHead(410).end(); // unknown or unsubscribed: gone
        return;
      }
      const plaintext = (
        ece.decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: device.ecdh,
          authSecret: device.auth.toString('base64url'),
        }) as Buffer
      ).toString('utf8');
      const vapid = /^vapid t=[^,]+, k=/.test(request.headers.authorization ?? '');
      received.push({ device: name, vapid, payload: plaintext });
      response.writeHead(201).end();
      void deliver(name, plaintext);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    received,
    device(name: string): StandInDevice {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(name, { ecdh, auth });
      return {
        endpoint: `http://127.0.0.1:${port}/push/${encodeURIComponent(name)}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: auth.toString('base64url'),
        },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The page's side of the stand-in (an init script): PushManager hands out
 * the stand-in device's subscription instead of asking a push service.
 * Everything else — permission, the service worker, the API calls — is the
 * browser's and the app's own.
 */
export function fakePushManager(device: StandInDevice) {
  const KEY = 'e2e-push-subscribed';
  const make = () => ({
    endpoint: device.endpoint,
    expirationTime: null,
    options: { applicationServerKey: null, userVisibleOnly: true },
    toJSON: () => ({ endpoint: device.endpoint, expirationTime: null, keys: device.keys }),
    unsubscribe: () => {
      localStorage.removeItem(KEY);
      return Promise.resolve(true);
    },
  });
  PushManager.prototype.subscribe = function () {
    localStorage.setItem(KEY, '1');
    return Promise.resolve(make() as unknown as PushSubscription);
  };
  PushManager.prototype.getSubscription = function () {
    return Promise.resolve(
      localStorage.getItem(KEY) ? (make() as unknown as PushSubscription) : null,
    );
  };
}
