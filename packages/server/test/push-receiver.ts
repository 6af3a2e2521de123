import { createECDH, randomBytes } from 'node:crypto';
import type { ECDH } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import ece from 'http_ece';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import type { JWTPayload } from 'jose';

// A stand-in push service on 127.0.0.1 for the server's Web Push tests
// (docs/TESTING.md). Each device is a real key pair made here; what the
// server POSTs is checked as a browser's push service and the browser
// would: the VAPID JWT (RFC 8292) verified with the key in the `k=`
// parameter (jose), the body decrypted per RFC 8291 (http_ece, the
// reference implementation). No cryptography is written here.

export interface ReceivedPush {
  device: string;
  ttl: number;
  topic: string | null;
  urgency: string | null;
  jwt: JWTPayload;
  jwtAlg: string;
  vapidKey: string;
  payload: Record<string, unknown>;
}

export interface TestDevice {
  name: string;
  /** The PushSubscription JSON a browser would hand to the page. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

interface DeviceKeys {
  ecdh: ECDH;
  auth: Buffer;
  /** The status to answer (201 by default; 410 to say "gone"). */
  status: number;
}

/** `vapid t=<jwt>, k=<key>` (RFC 8292 section 3). */
function vapidOf(headers: IncomingHttpHeaders): { t: string; k: string } {
  const header = headers.authorization ?? '';
  const t = /t=([^,\s]+)/.exec(header)?.[1];
  const k = /k=([^,\s]+)/.exec(header)?.[1];
  if (!header.startsWith('vapid ') || !t || !k) throw new Error(`bad Authorization: ${header}`);
  return { t, k };
}

async function verifyVapid(t: string, k: string): Promise<{ payload: JWTPayload; alg: string }> {
  const raw = Buffer.from(k, 'base64url'); // uncompressed P-256 point: 0x04 | x | y
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    'ES256',
  );
  const { payload } = await jwtVerify(t, key);
  return { payload, alg: decodeProtectedHeader(t).alg ?? '' };
}

export async function startPushReceiver() {
  const devices = new Map<string, DeviceKeys>();
  const received: ReceivedPush[] = [];
  const waiters: Array<() => void> = [];
  let failures: string[] = [];

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      void (async () => {
        const name = decodeURIComponent(request.url?.replace(/^\/push\//, '') ?? '');
        const device = devices.get(name);
        if (!device) return response.writeHead(404).end();
        if (device.status !== 201) return response.writeHead(device.status).end();
        try {
          if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
          const { t, k } = vapidOf(request.headers);
          const jwt = await verifyVapid(t, k);
          const plain = ece.decrypt(Buffer.concat(chunks), {
            version: 'aes128gcm',
            privateKey: device.ecdh,
            authSecret: device.auth.toString('base64url'),
          });
          received.push({
            device: name,
            ttl: Number(request.headers.ttl),
            topic: (request.headers.topic as string | undefined) ?? null,
            urgency: (request.headers.urgency as string | undefined) ?? null,
            jwt: jwt.payload,
            jwtAlg: jwt.alg,
            vapidKey: k,
            payload: JSON.parse(plain.toString('utf8')) as Record<string, unknown>,
          });
          response.writeHead(201).end();
        } catch (error) {
          failures.push(String(error));
          response.writeHead(400).end();
        }
        for (const wake of waiters.splice(0)) wake();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const port = address.port;

  return {
    port,
    received,
    /** Decryption or JWT failures (a test expects none). */
    failures: () => failures,
    resetFailures: () => (failures = []),
    device(name: string): TestDevice {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(name, { ecdh, auth, status: 201 });
      return {
        name,
        subscription: {
          endpoint: `http://127.0.0.1:${port}/push/${encodeURIComponent(name)}`,
          keys: {
            p256dh: ecdh.getPublicKey().toString('base64url'),
            auth: auth.toString('base64url'),
          },
        },
      };
    },
    /** From now on the device's pushes are answered with `status` (410: unsubscribed). */
    answer(name: string, status: number) {
      const device = devices.get(name);
      if (device) device.status = status;
    },
    /** Waits until `count` pushes arrived in all (or throws after `ms`). */
    async waitFor(count: number, ms = 5000): Promise<ReceivedPush[]> {
      const until = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`${received.length} of ${count} pushes arrived`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PushReceiver = Awaited<ReturnType<typeof startPushReceiver>>;
