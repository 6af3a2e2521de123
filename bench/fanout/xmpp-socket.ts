import { WebSocket } from 'ws';
import type { BenchGroup, BenchUser } from './seed';
import type { OpenSocket } from './sockets';
import type { Tracker } from './tracker';
import * as x from './xmpp-stanzas';

// One XMPP session per user over WebSocket (RFC 7395, ejabberd_http_ws), as an
// XMPP web client opens it: SASL PLAIN, resource binding, stream management
// (XEP-0198), initial presence, and for a group the MUC join. It then plays
// the part sockets.ts plays for Parley: `sendMessage` writes one message
// stanza plus an ack request `<r/>`, and resolves (200) when the server's
// `<a h/>` covers it — XMPP's "the server has it", where Parley answers
// `sent`. Every chat or groupchat message that arrives is a delivery (a MUC
// room reflects a message to its sender too; a one-to-one message reaches
// the peer only). The server's own `<r/>` requests are answered at once, as
// real clients do, or it would drop the session.

const READY_TIMEOUT_MS = 10_000;
export const XMPP_PASSWORD = 'bench-password';

/** Username of a bench user: u<index> (registered by ejabberd-seed.ts). */
export const xmppUser = (user: BenchUser): string => `u${user.index}`;
/** Room of a group: g<conversation id>. */
export const xmppRoom = (group: BenchGroup): string => `g${group.conversationId}`;

type Step = 'open' | 'auth' | 'reopen' | 'bind' | 'enable' | 'join' | 'ready';

export function openXmppSocket(
  port: number,
  group: BenchGroup,
  user: BenchUser,
  direct: boolean,
  tracker: Tracker,
): Promise<OpenSocket> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, 'xmpp', {
    perMessageDeflate: false,
    skipUTF8Validation: true,
  });
  const name = xmppUser(user);
  const peer = group.members.find((m) => m.index !== user.index);
  if (direct && !peer) throw new Error(`user ${user.index}: no peer`);
  const seen = new Set<number>();
  /** Stanzas written / read since stream management was enabled (XEP-0198 `h`). */
  let sent = 0;
  let received = 0;
  /** Sends waiting for the server's ack, in order: their stanza count and settle. */
  const unacked: { h: number; settle: (status: number) => void }[] = [];
  let step: Step = 'open';
  let closing = false;

  const write = (stanza: string) => {
    sent++;
    socket.send(stanza);
  };
  const sendMessage = (body: Record<string, unknown>) =>
    new Promise<number>((resolve, reject) => {
      const id = String(body.uuid);
      const text = String(body.message);
      write(
        direct
          ? x.chatMessage(xmppUser(peer!), id, text)
          : x.groupMessage(xmppRoom(group), id, text),
      );
      unacked.push({ h: sent, settle: resolve });
      socket.send(x.requestAck(), (error) => (error ? reject(error) : undefined));
    });

  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      socket.terminate();
      reject(new Error(`xmpp user ${user.index}: ${why}`));
    };
    const timer = setTimeout(
      () => fail(`not ready within ${READY_TIMEOUT_MS} ms (at ${step})`),
      READY_TIMEOUT_MS,
    );
    const ready = () => {
      clearTimeout(timer);
      step = 'ready';
      resolve({
        user,
        socket,
        sendMessage,
        close: () => {
          closing = true;
          socket.send('<close xmlns="urn:ietf:params:xml:ns:xmpp-framing"/>');
          socket.close(1000, 'bench done');
        },
      });
    };

    socket.on('open', () => socket.send(x.open()));
    socket.on('error', (error) => {
      clearTimeout(timer);
      tracker.error(`xmpp user ${user.index}: ${error.message}`);
      reject(error);
    });
    socket.on('close', (code, reason) => {
      clearTimeout(timer);
      if (!closing) tracker.error(`xmpp user ${user.index} closed ${code} ${reason.toString()}`);
    });
    socket.on('message', (data) => {
      const frame = String(data);
      if (closing) return; // the server's own <close/> answering ours
      if (x.isStanza(frame)) received++;
      if (step === 'ready') {
        const message = x.scanMessage(frame);
        if (message) {
          const index = /^bench #(\d+) /.exec(message.text);
          // Keyed by the message's index in the run: unique, as Parley's message id is.
          return tracker.delivery(seen, index ? Number(index[1]) : -1, message.id, message.text);
        }
      }
      if (x.isAckRequest(frame)) return socket.send(x.ack(received));
      const h = x.ackCount(frame);
      if (h !== null) {
        while (unacked.length > 0 && (unacked[0]?.h ?? Infinity) <= h) unacked.shift()?.settle(200);
        if (step === 'join' && direct && h >= sent) ready();
        return;
      }
      if (frame.startsWith('<failure')) return fail(`SASL refused: ${frame.slice(0, 200)}`);
      if (step === 'open' && frame.includes('<mechanism>PLAIN</mechanism>')) {
        step = 'auth';
        return socket.send(x.authPlain(name, XMPP_PASSWORD));
      }
      if (step === 'auth' && frame.startsWith('<success')) {
        step = 'reopen';
        return socket.send(x.open());
      }
      if (step === 'reopen' && frame.includes('urn:ietf:params:xml:ns:xmpp-bind')) {
        step = 'bind';
        return socket.send(x.bind('bench'));
      }
      if (step === 'bind' && frame.startsWith('<iq') && frame.includes("id='bind'")) {
        if (!frame.includes("type='result'")) return fail(`bind refused: ${frame.slice(0, 200)}`);
        step = 'enable';
        return socket.send(x.enableSm());
      }
      if (step === 'enable' && frame.startsWith('<enabled')) {
        step = 'join';
        received = 0;
        write(x.presence());
        if (!direct) return write(x.joinRoom(xmppRoom(group), name));
        // No room to join: ready once the server has handled the presence.
        return socket.send(x.requestAck());
      }
      if (step === 'join' && !direct && x.isSelfPresence(frame)) return ready();
      // Anything else in the measured part is a failure: an error stanza, a stream error.
      if (
        frame.includes("type='error'") ||
        frame.startsWith('<stream:error') ||
        frame.startsWith('<close')
      ) {
        const what = `xmpp user ${user.index}: ${frame.slice(0, 200)}`;
        if (step === 'ready') tracker.error(what);
        else fail(what);
      }
    });
  });
}
