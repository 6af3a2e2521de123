import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { fieldErrors } from '@parley/protocol/errors';
import type { ErrorBody } from '@parley/protocol/errors';
import type { Message } from '@parley/protocol/message';
import { sendMessageRequestSchema } from '@parley/protocol/message';
import { MSG } from '@parley/protocol/messages';
import {
  SOCKET_SENDS_MAX_PENDING,
  SOCKET_SENDS_RETRY_AFTER_SECONDS,
} from '@parley/protocol/realtime';
import type { ServerFrame } from '@parley/protocol/realtime';
import { errorReplyOf } from '../http/errors';
import type { KeyedLimiter } from '../http/rate-limit';

// Messages sent over a signed-in socket (op `send`). The socket was
// authenticated at hello and is closed when its token expires or its session
// is revoked; each send then goes through the very service call behind
// POST /user/messages, so membership, the right to post, the rules of the
// body, idempotency on uuid and "the reply only after the COMMIT" are the
// same. What it saves is the HTTP request around it (parsing, routing,
// headers, the token and session check, the reply), which was about 40 % of
// the server's work per send.

export type SendMessage = (
  userId: number,
  input: z.output<typeof sendMessageRequestSchema>,
) => Promise<Message>;

export class SocketSends {
  /** One socket's sends are stored in the order they came: a chat shows them so. */
  private chain: Promise<void> = Promise.resolve();
  private pending = 0;

  constructor(
    private readonly userId: number,
    private readonly deps: {
      sendMessage: SendMessage;
      log: FastifyBaseLogger;
      /** The same budget as POST /user/messages. */
      limitSend: KeyedLimiter;
    },
    private readonly reply: (frame: ServerFrame) => void,
  ) {}

  handle(ref: string, body: Record<string, unknown>): void {
    if (this.pending >= SOCKET_SENDS_MAX_PENDING) {
      return this.refuse(ref, 429, {
        message: MSG.tooManyRequests,
        retry_after: SOCKET_SENDS_RETRY_AFTER_SECONDS,
      });
    }
    const parsed = sendMessageRequestSchema.safeParse(body);
    if (!parsed.success) {
      return this.refuse(ref, 422, {
        message: MSG.validationFailed,
        errors: fieldErrors(parsed.error.issues),
      });
    }
    this.pending++;
    this.chain = this.chain.then(async () => {
      try {
        const retryAfter = await this.deps.limitSend(String(this.userId));
        if (retryAfter !== null) {
          return this.refuse(ref, 429, { message: MSG.tooManyRequests, retry_after: retryAfter });
        }
        const message = await this.deps.sendMessage(this.userId, parsed.data);
        this.reply({ op: 'sent', ref, message });
      } catch (error) {
        const { status, body: errorBody } = errorReplyOf(error);
        if (status >= 500) this.deps.log.error({ err: error }, 'realtime: send failed');
        this.refuse(ref, status, errorBody);
      } finally {
        this.pending--;
      }
    });
  }

  private refuse(ref: string, status: number, error: ErrorBody) {
    this.reply({ op: 'send_failed', ref, status, error });
  }
}
