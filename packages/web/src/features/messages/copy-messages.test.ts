import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { Message } from '@parley/protocol/message';
import { loadFormat } from '../../lib/format-loader';
import { copyableText, firstLinkOf } from './copy-messages';

const t = ((key: string) => `«${key}»`) as unknown as TFunction;

const message = (text: string, over: Partial<Message> = {}): Message => ({
  id: 1,
  conversation_id: 5,
  uuid: 'u1',
  message: text,
  type: 'text',
  file: null,
  attached_file: null,
  created_at: '2026-11-27T09:00:00.000Z',
  updated_at: '2026-11-27T09:00:00.000Z',
  edited: false,
  parent_id: null,
  parent: null,
  forwarded_id: null,
  forwarded: null,
  user_id: 2,
  sender: { id: 2, name: 'Ann' },
  views: 0,
  ...over,
});

describe('copyableText ("Copy text")', () => {
  it('drops the markers and copies a spoiler as its real words', async () => {
    expect(await copyableText(message('**bold** and ||the secret||'), t, 'UTC')).toBe(
      'bold and the secret',
    );
  });

  it('keeps a link’s address and the lines', async () => {
    expect(await copyableText(message('see https://example.com/a\nbye'), t, 'UTC')).toBe(
      'see https://example.com/a\nbye',
    );
  });

  it('copies a server-written message as the sentence it shows', async () => {
    expect(await copyableText(message('Welcome', { sender: null, user_id: null }), t, 'UTC')).toBe(
      '«Welcome»',
    );
  });
});

describe('firstLinkOf ("Copy link")', () => {
  it('is the first link once the parser is here, else null', async () => {
    await loadFormat();
    expect(firstLinkOf(message('a https://one.example/x then https://two.example'))).toBe(
      'https://one.example/x',
    );
    expect(firstLinkOf(message('no link, `https://in.code`'))).toBeNull();
  });
});
