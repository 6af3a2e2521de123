import http from 'node:http';

// A minimal JSON client over node:http with a keep-alive agent: the load must
// reuse connections like a browser does, or connection setup would dominate
// what we measure. Only 127.0.0.1 is ever addressed (see server.ts).

export interface ApiReply {
  status: number;
  body: unknown;
  setCookie: string[];
}

export interface RequestOptions {
  json?: unknown;
  token?: string;
  /** Double-submit CSRF token for anonymous state changes (docs/API.md). */
  csrf?: string;
}

export class ApiClient {
  readonly agent: http.Agent;

  constructor(
    private readonly port: number,
    maxSockets: number,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
  }

  request(method: string, path: string, options: RequestOptions = {}): Promise<ApiReply> {
    const payload = options.json === undefined ? undefined : JSON.stringify(options.json);
    const headers: http.OutgoingHttpHeaders = { accept: 'application/json' };
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(payload);
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.csrf) {
      headers.cookie = `XSRF-TOKEN=${options.csrf}`;
      headers['x-csrf-token'] = options.csrf;
    }
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: this.port,
          method,
          path: `/api/v1${path}`,
          headers,
          agent: this.agent,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let body: unknown = text;
            try {
              body = text.length > 0 ? JSON.parse(text) : null;
            } catch {
              // not JSON (e.g. a proxy error page): keep the text for the error message
            }
            const raw = res.headers['set-cookie'];
            resolve({ status: res.statusCode ?? 0, body, setCookie: raw ?? [] });
          });
        },
      );
      req.on('error', reject);
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }

  /**
   * A GET read to its last byte as a browser asks for it (gzip accepted),
   * neither decompressed nor parsed: what the server's reply costs on the
   * wire, not the load generator's JSON work. `body` is the byte count.
   */
  fetchBytes(path: string, token: string): Promise<ApiReply> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: this.port,
          method: 'GET',
          path: `/api/v1${path}`,
          headers: {
            accept: 'application/json',
            'accept-encoding': 'gzip',
            authorization: `Bearer ${token}`,
          },
          agent: this.agent,
        },
        (res) => {
          let bytes = 0;
          res.on('data', (chunk: Buffer) => (bytes += chunk.length));
          res.on('error', reject);
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: bytes, setCookie: [] }));
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** Reads one cookie's value from Set-Cookie headers. */
export function cookieValue(setCookie: readonly string[], name: string): string | undefined {
  for (const line of setCookie) {
    const [pair] = line.split(';', 1);
    const eq = pair?.indexOf('=') ?? -1;
    if (pair && eq > 0 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return undefined;
}

/** Throws with the reply's text when the status is not the one expected. */
export function expectStatus(reply: ApiReply, status: number, what: string): void {
  if (reply.status !== status) {
    throw new Error(`${what}: HTTP ${reply.status} ${JSON.stringify(reply.body).slice(0, 300)}`);
  }
}
