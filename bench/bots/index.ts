import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { csrfToken, registerAndLogin } from '../lib/accounts';
import type { SignedIn } from '../lib/accounts';
import { ApiClient, expectStatus } from '../lib/http';
import type { Pinning } from '../lib/pin';
import { mapLimit, sleep } from '../lib/pool';
import { rssMiB } from '../lib/proc';
import { printJsonLine, printTable } from '../lib/report';
import type { RunningServer } from '../lib/server';
import { startServer } from '../lib/server';
import { round, summarize } from '../lib/stats';
import type { BotsConfig } from './config';

// bots: (1) N bots long-polling at once (getUpdates with a long timeout,
// one connection each): the server's RSS before and while they all wait,
// per waiting poll; (2) sendMessage throughput of many bots, each into its
// owner's chat (within the per-chat burst, so no 429), next to the same
// number of people's POST /user/messages into the same chats.

const BOTS_PER_OWNER = 20;

interface BotChat {
  token: string;
  chatId: number;
  owner: SignedIn;
}

function botCall(port: number, agent: http.Agent, token: string, method: string, body: unknown) {
  const payload = JSON.stringify(body);
  return new Promise<{ status: number; ms: number }>((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/bot${token}/${method}`,
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function seed(api: ApiClient, csrf: string, count: number): Promise<BotChat[]> {
  const owners = Math.ceil(count / BOTS_PER_OWNER);
  const out: BotChat[] = [];
  const stamp = Date.now().toString(36);
  await mapLimit([...Array(owners).keys()], 4, async (o) => {
    const owner = await registerAndLogin(api, csrf, `botowner${stamp}x${o}`);
    for (let b = 0; b < BOTS_PER_OWNER && out.length < count; b += 1) {
      const created = await api.request('POST', '/user/bots', {
        token: owner.token,
        csrf,
        json: { name: `Bench ${o}.${b}`, username: `bench${stamp}x${o}x${b}_bot` },
      });
      expectStatus(created, 200, 'create bot');
      const { bot, token } = created.body as { bot: { id: number }; token: string };
      const chat = await api.request('POST', '/user/conversations/direct', {
        token: owner.token,
        csrf,
        json: { user_id: bot.id },
      });
      expectStatus(chat, 200, 'open bot chat');
      out.push({ token, chatId: (chat.body as { id: number }).id, owner });
    }
  });
  return out.slice(0, count);
}

export async function runBots(config: BotsConfig, pinning: Pinning): Promise<number> {
  let server: RunningServer | null = null;
  try {
    server = await startServer({ prefix: pinning.serverPrefix });
    const port = server.port;
    const api = new ApiClient(port, 8);
    const csrf = await csrfToken(api);
    const bots = await seed(api, csrf, Math.max(config.polls, config.senders));

    // (1) Long polls.
    await sleep(1000);
    const before = rssMiB(server.pid);
    const pollAgent = new http.Agent({ keepAlive: false, maxSockets: config.polls + 10 });
    const polls = bots
      .slice(0, config.polls)
      .map((b) =>
        botCall(port, pollAgent, b.token, 'getUpdates', { timeout: config.pollTimeout }).catch(
          () => ({ status: 0, ms: 0 }),
        ),
      );
    await sleep(Math.min(5000, 1000 + config.polls * 4));
    const waiting = rssMiB(server.pid);
    const perPollKiB = ((waiting - before) * 1024) / config.polls;
    pollAgent.destroy();
    await Promise.all(polls);

    // (2) Throughput: bots' sendMessage, then people's sends, same chats and counts.
    const senders = bots.slice(0, config.senders);
    const jobs = senders.flatMap((b) => Array.from({ length: config.sendsPerBot }, () => b));
    const agent = new http.Agent({ keepAlive: true, maxSockets: config.concurrency });
    const botMs: number[] = [];
    let botErrors = 0;
    const botStart = performance.now();
    await mapLimit(jobs, config.concurrency, async (b) => {
      const r = await botCall(port, agent, b.token, 'sendMessage', {
        chat_id: b.chatId,
        text: 'bench',
      });
      if (r.status === 200) botMs.push(r.ms);
      else botErrors += 1;
    });
    const botSeconds = (performance.now() - botStart) / 1000;
    const people = new ApiClient(port, config.concurrency);
    const userMs: number[] = [];
    let userErrors = 0;
    const userStart = performance.now();
    await mapLimit(jobs, config.concurrency, async (b) => {
      const started = performance.now();
      const r = await people.request('POST', '/user/messages', {
        token: b.owner.token,
        csrf,
        json: { conversation_id: b.chatId, uuid: randomUUID(), message: 'bench' },
      });
      if (r.status === 200) userMs.push(performance.now() - started);
      else userErrors += 1;
    });
    const userSeconds = (performance.now() - userStart) / 1000;
    agent.destroy();

    const bot = summarize(botMs);
    const user = summarize(userMs);
    printTable('bots', [
      ['pinning', pinning.description],
      ['long polls waiting', config.polls],
      ['server RSS before, MiB', round(before, 1)],
      ['server RSS with polls waiting, MiB', round(waiting, 1)],
      ['RSS per waiting poll, KiB', round(perPollKiB, 1)],
      ['bot sendMessage /s', round(botMs.length / botSeconds, 0)],
      ['bot sendMessage p50 / p99 ms', `${round(bot.p50, 1)} / ${round(bot.p99, 1)}`],
      ['bot errors (429 included)', botErrors],
      ['user send /s (same chats)', round(userMs.length / userSeconds, 0)],
      ['user send p50 / p99 ms', `${round(user.p50, 1)} / ${round(user.p99, 1)}`],
      ['user errors', userErrors],
    ]);
    printJsonLine({
      scenario: 'bots',
      polls: config.polls,
      rss_before_mib: round(before, 1),
      rss_waiting_mib: round(waiting, 1),
      rss_per_poll_kib: round(perPollKiB, 1),
      bot_sends_per_s: round(botMs.length / botSeconds, 0),
      bot_latency: bot,
      user_sends_per_s: round(userMs.length / userSeconds, 0),
      user_latency: user,
      errors: botErrors + userErrors,
    });
    return botErrors + userErrors === 0 ? 0 : 1;
  } finally {
    await server?.stop();
  }
}
