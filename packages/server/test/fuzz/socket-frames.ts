import { randomUUID } from 'node:crypto';
import type { ServerFrame } from '@parley/protocol/realtime';
import { TestSocket } from '../realtime';
import { HOSTILE_JSON } from './hostile-values';

// The socket's half of the fuzzer (fuzz-no-5xx.test.ts): every field of a
// `send` body and of the other client frames gets each hostile JSON value,
// written raw (so 1e400 and 2⁵³+1 arrive as typed), on a signed-in socket.
// A send must be answered `sent` or `send_failed` below 500 with a message;
// any frame may close the socket only as the contract says (4001, 4003),
// never as a server error (1011), and a send left unanswered is a failure.

const ANSWER_MS = 5_000;
/** Close codes a hostile frame may earn: a bad frame, or a token that is not one. */
const CONTRACT_CLOSES = new Set([4001, 4003]);

type Fields = Record<string, string>;

const frameText = (head: Fields, body?: Fields) => {
  const json = (fields: Fields) =>
    `{${Object.entries(fields)
      .map(([k, v]) => `${JSON.stringify(k)}:${v}`)
      .join(',')}}`;
  return body ? json({ ...head, body: json(body) }) : json(head);
};

export async function fuzzSocketFrames(
  baseUrl: string,
  token: string,
  conversationId: number,
): Promise<{ failures: string[]; tried: number }> {
  const failures: string[] = [];
  let tried = 0;
  let socket = await TestSocket.open(baseUrl);
  await socket.ready(token);
  const fresh = async (what: string) => {
    const closed = await Promise.race([
      socket.closed,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 0)),
    ]);
    if (closed === null) return;
    if (!CONTRACT_CLOSES.has(closed.code)) failures.push(`closed ${closed.code}: ${what}`);
    socket = await TestSocket.open(baseUrl);
    await socket.ready(token);
  };

  const valid = (): Fields => ({
    conversation_id: String(conversationId),
    uuid: JSON.stringify(randomUUID()),
    message: '"fuzz"',
    parent_id: 'null',
    file_id: 'null',
  });
  for (const field of Object.keys(valid())) {
    for (const value of HOSTILE_JSON) {
      const ref = `f${tried++}`;
      const what = `send body ${field}=${value.slice(0, 40)}`;
      socket.ws.send(
        frameText({ op: '"send"', ref: JSON.stringify(ref) }, { ...valid(), [field]: value }),
      );
      const reply = await Promise.race([
        socket.next((f) => (f.op === 'sent' || f.op === 'send_failed') && f.ref === ref, ANSWER_MS),
        socket.closed.then(() => null),
      ]).catch(() => undefined);
      if (reply === undefined) failures.push(`no answer: ${what}`);
      else if (reply === null) await fresh(what);
      else if (reply.op === 'send_failed' && (reply.status >= 500 || !reply.error.message)) {
        failures.push(`${reply.status}: ${what} ${JSON.stringify(reply.error).slice(0, 200)}`);
      }
    }
  }

  const others: [Fields, string][] = [
    [
      { op: '"typing"', conversation_id: String(conversationId), state: '"start"' },
      'conversation_id',
    ],
    [{ op: '"typing"', conversation_id: String(conversationId), state: '"start"' }, 'state'],
    [{ op: '"visibility"', visible: 'true' }, 'visible'],
    [{ op: '"auth"', token: JSON.stringify(token) }, 'token'],
    [{ op: '"send"', ref: '"r"', body: '{}' }, 'ref'],
  ];
  for (const [frame, field] of others) {
    for (const value of HOSTILE_JSON) {
      tried++;
      const what = `${frame.op} ${field}=${value.slice(0, 40)}`;
      socket.ws.send(frameText({ ...frame, [field]: value }));
      // A ping after it: its pong says the frame was handled (or the socket closed).
      socket.send({ op: 'ping' });
      const pong = await Promise.race([
        socket.next((f: ServerFrame) => f.op === 'pong', ANSWER_MS).then(() => true),
        socket.closed.then(() => false),
      ]).catch(() => undefined);
      if (pong === undefined) failures.push(`no answer: ${what}`);
      else if (!pong) await fresh(what);
    }
  }
  socket.ws.terminate();
  return { failures, tried };
}
