import { afterEach, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { GROUP_NOTICE_TYPE } from '@parley/protocol/group-notice';
import { messageText, toListItem } from './list-item';
import { sampleConversation, samplePivot } from '../../test/http-fixtures';
import { changeLocale } from '../../lib/i18n';

// A group's service line is worded from its payload in the reader's
// language, the same in the history (messageText) and the list preview,
// which puts no "Name:" before it (the line names its people itself).

const t = i18next.t.bind(i18next);

const line = (payload: object, sender = { id: 2, name: 'Boris' }) => ({
  id: 4,
  message: JSON.stringify(payload),
  type: GROUP_NOTICE_TYPE,
  created_at: '2026-03-01T09:30:00.000Z',
  user_id: sender.id,
  sender,
});

const group = (last: ReturnType<typeof line>) =>
  sampleConversation({
    id: 9,
    name: 'Trip',
    last_message_at: last.created_at,
    current_user: { last_message: last },
    pivot: samplePivot({}),
  });

afterEach(async () => {
  await changeLocale('en');
  localStorage.clear();
});

describe('group service lines', () => {
  it('words each action with its people, in English', () => {
    const removed = line({ action: 'removed', actor_id: 2, target_id: 3, target_name: 'Anna' });
    expect(messageText(removed, false, t)).toBe('Boris removed Anna');
    const renamed = line({ action: 'title', actor_id: 2, title: 'Trip <2>' });
    // No HTML escaping: React escapes when it renders.
    expect(messageText(renamed, false, t)).toBe('Boris changed the group name to “Trip <2>”');
    const channel = line({ action: 'created', actor_id: 2, title: 'News', channel: true });
    expect(messageText(channel, false, t)).toBe('Channel “News” created');
  });

  it('shows the line in the list preview without a sender prefix, in Russian too', async () => {
    const joined = line({ action: 'joined', actor_id: 2 });
    const item = () => toListItem(group(joined), t, { ownId: 7, timeZone: 'UTC' });
    expect(item().preview).toBe('Boris joined the group');
    await changeLocale('ru');
    expect(item().preview).toBe('Boris вступил(а) в группу');
  });

  it('never shows raw JSON for an unreadable payload', () => {
    expect(messageText({ ...line({}), message: 'nonsense' }, false, t)).toBe('Service message');
  });
});
