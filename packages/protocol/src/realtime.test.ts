import { describe, expect, it } from 'vitest';
import { clientFrameSchema, REALTIME_PROTOCOL_VERSION, serverFrameSchema } from './realtime';

const message = {
  id: 7,
  conversation_id: 3,
  uuid: 'u',
  message: 'hi',
  type: 'text',
  file: null,
  attached_file: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  edited: false,
  parent_id: null,
  parent: null,
  forwarded_id: null,
  forwarded: null,
  user_id: 1,
  sender: { id: 1, name: 'A' },
  views: 0,
};

describe('realtime frames', () => {
  it('parses hello with a resume map', () => {
    const frame = clientFrameSchema.parse({
      op: 'hello',
      v: REALTIME_PROTOCOL_VERSION,
      token: 't',
      user_seq: 4,
      conversations: { '3': 10 },
    });
    expect(frame.op).toBe('hello');
  });

  it('refuses unknown ops and bad typing states', () => {
    expect(clientFrameSchema.safeParse({ op: 'nope' }).success).toBe(false);
    expect(
      clientFrameSchema.safeParse({ op: 'typing', conversation_id: 1, state: 'maybe' }).success,
    ).toBe(false);
  });

  it('requires the full message on message.new', () => {
    const base = { op: 'event', scope: 'conversation', conversation_id: 3, seq: 2 };
    expect(
      serverFrameSchema.safeParse({
        ...base,
        type: 'message.new',
        payload: { message_id: 7, message },
      }).success,
    ).toBe(true);
    expect(
      serverFrameSchema.safeParse({ ...base, type: 'message.new', payload: { message_id: 7 } })
        .success,
    ).toBe(false);
  });

  it('parses user events, refetch and version_mismatch', () => {
    for (const frame of [
      {
        op: 'event',
        scope: 'user',
        seq: 1,
        type: 'conversation.read',
        payload: {
          conversation_id: 3,
          last_read_message_id: null,
          new_messages: 0,
          mentioned_message_id: null,
        },
      },
      { op: 'refetch', scope: 'conversation', conversation_id: 3 },
      { op: 'version_mismatch', server_v: REALTIME_PROTOCOL_VERSION },
      { op: 'presence', user_id: 1, online: true },
    ]) {
      expect(serverFrameSchema.safeParse(frame).success).toBe(true);
    }
  });
});
