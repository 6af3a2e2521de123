import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { MSG } from '@parley/protocol/messages';
import { direct, history, person, sent } from './messaging';
import { isMessageNew, TestSocket } from './realtime';
import { stores } from './stores';
import { useSuiteServer } from './suite';

// /metrics (Prometheus text) behind METRICS_TOKEN, and X-Parley-Node (NODE_NAME).

const TOKEN = 'scrape-token-for-the-test';

/** The value of one sample line (`name{labels} value`), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(stores())('metrics and node name ($name)', (backend) => {
  describe('off by default', () => {
    const suite = useSuiteServer(backend);

    it('answers 404 at /metrics and sends no node header', async () => {
      const res = await suite.client.call('GET', '/metrics', undefined, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: MSG.notFound });
      expect(res.headers.get('x-parley-node')).toBeNull();
    });
  });

  describe('with METRICS_TOKEN and NODE_NAME', () => {
    const suite = useSuiteServer(backend, { metricsToken: TOKEN, nodeName: 'node-7' });
    const scrape = (token?: string) =>
      suite.client.call<string>('GET', '/metrics', undefined, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });

    it('refuses a scrape without the token or with another', async () => {
      for (const res of [await scrape(), await scrape('scrape-token-for-the-tesT')]) {
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ message: MSG.unauthenticated });
        expect(res.headers.get('www-authenticate')).toBe('Bearer');
      }
    });

    it('counts requests by route template, sockets, messages, frames and the bus', async () => {
      const { client } = suite;
      const [alice, bob] = [await person(client), await person(client)];
      const chat = await direct(client, alice, bob);
      const socket = await TestSocket.open(suite.server.url);
      await socket.ready(bob.token);
      // Sign-ups post sign-in notices (messages too): count from here.
      const before = (await scrape(TOKEN)).body;
      await sent(client, alice, chat.id, 'one');
      await sent(client, alice, chat.id, 'two');
      await socket.next(isMessageNew(chat.id));
      await socket.next(isMessageNew(chat.id));
      await history(client, bob, chat.id);

      const res = await scrape(TOKEN);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = res.body;
      const route = (method: string, path: string, status: number) =>
        sample(
          text,
          `parley_http_request_duration_seconds_count{method="${method}",route="${path}",status="${status}"}`,
        );
      expect(route('POST', '/api/v1/user/messages', 200)).toBe(2);
      expect(route('GET', '/api/v1/user/conversations/:id/messages', 200)).toBe(1);
      expect(text).not.toContain(`route="/api/v1/user/conversations/${chat.id}/messages"`);
      expect(sample(text, 'parley_websockets_open')).toBe(1);
      const grew = (series: string) => (sample(text, series) ?? 0) - (sample(before, series) ?? 0);
      expect(grew('parley_messages_sent_total')).toBe(2);
      // The two messages to bob's socket, and their publish and receipt on the bus.
      expect(grew('parley_ws_frames_sent_total')).toBeGreaterThanOrEqual(2);
      expect(grew('parley_bus_published_total')).toBeGreaterThanOrEqual(2);
      expect(grew('parley_bus_received_total')).toBeGreaterThanOrEqual(2);
      // Two sends one after another: two event transactions, each committed.
      const grouped = grew('parley_sqlite_grouped_transactions_total');
      const commits = grew('parley_sqlite_commits_total');
      if (backend.name === 'sqlite') {
        expect(grouped).toBeGreaterThanOrEqual(2);
        expect(commits).toBeGreaterThanOrEqual(1);
        expect(commits).toBeLessThanOrEqual(grouped);
      } else {
        expect([grouped, commits]).toEqual([0, 0]);
      }
      // Process metrics and the event-loop lag come from prom-client's defaults.
      expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
      expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
      expect(text).toContain('nodejs_eventloop_lag_p99_seconds');

      socket.close();
      await socket.closed;
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(sample((await scrape(TOKEN)).body, 'parley_websockets_open')).toBe(0);
    });

    it('names the node on HTTP replies and on the WebSocket upgrade', async () => {
      const res = await suite.client.get('/health');
      expect(res.headers.get('x-parley-node')).toBe('node-7');
      const ws = new WebSocket(`${suite.server.url.replace(/^http/, 'ws')}/api/v1/ws`);
      let upgraded: unknown;
      ws.once('upgrade', (response) => (upgraded = response.headers['x-parley-node']));
      // 'open' follows 'upgrade' in the same turn: listen for both before waiting.
      await new Promise((resolve, reject) => {
        ws.once('open', resolve);
        ws.once('error', reject);
      });
      ws.terminate();
      expect(upgraded).toBe('node-7');
    });
  });
});
