import { GROUP_NOTICE_TYPE } from '@parley/protocol/group-notice';
import type { Message } from '@parley/protocol/message';
import { TASK_NOTICE_TYPE } from '@parley/protocol/tasks';
import { dayOf } from '../../lib/format-time';
import { firstUnreadId } from './first-unread';
import type { PendingMessage } from './reducers';

// Confirmed and pending messages → the rows of the history. Separators ride
// on the message row (not rows of their own), so prepending a page moves
// Virtuoso's firstItemIndex by exactly the number of new messages.

export type TimelineItem = {
  /** The client uuid: stable from pending to confirmed, so the row is not remounted. */
  key: string;
  message: Message | null;
  pending: PendingMessage | null;
  /** The day to show above this row, when it starts a new day. */
  day: string | null;
  /** "Unread messages" divider above this row (the first unread). */
  firstUnread: boolean;
  /** Sender name shown (groups: first of a run by the same person). */
  showSender: boolean;
  /** Groups: the last of a run by the same person, which carries their avatar (Telegram's layout). */
  lastOfRun: boolean;
};

/** Service lines stand alone, centred: they end a run and are never part of one. */
export const isServiceLine = (m: Message) =>
  m.type === GROUP_NOTICE_TYPE || m.type === TASK_NOTICE_TYPE;

export function buildTimeline(
  messages: readonly Message[],
  pending: readonly PendingMessage[],
  options: {
    timeZone: string | null;
    /** The read marker the divider stands at; null: no divider. */
    lastReadId: number | null;
    ownId: number | null;
    /** Older messages exist before this window (the divider needs to see where reading stopped). */
    hasOlder?: boolean;
    group: boolean;
    /** A channel: every post is the channel's, so a run of posts is one run whoever posted. */
    channel?: boolean;
  },
): TimelineItem[] {
  const items: TimelineItem[] = [];
  let prevDay: string | null = null;
  // undefined: no run to continue (the start, or after a service line).
  let prevSender: number | null | undefined;
  const firstUnread =
    options.lastReadId === null
      ? null
      : firstUnreadId(messages, {
          lastReadId: options.lastReadId,
          ownId: options.ownId,
          hasOlder: options.hasOlder ?? false,
        });
  // The reader has answered below it (sent, or sending): they read it, the divider goes.
  const answered =
    pending.length > 0 ||
    (firstUnread !== null &&
      messages.some(
        (m) => m.id > firstUnread && m.user_id !== null && m.user_id === options.ownId,
      ));
  const unreadId = answered ? null : firstUnread;
  for (const m of messages) {
    const service = isServiceLine(m);
    const sender = options.channel && m.user_id !== options.ownId ? 0 : m.user_id;
    const day = dayOf(m.created_at, options.timeZone);
    const startsRun = day !== prevDay || sender !== prevSender;
    const previous = items.at(-1);
    // The previous row ends its run when this one does not continue it.
    if (previous && (startsRun || service)) previous.lastOfRun = endsRun(previous, options);
    items.push({
      key: m.uuid,
      message: m,
      pending: null,
      day: day === prevDay ? null : day,
      firstUnread: m.id === unreadId,
      showSender: options.group && !service && m.user_id !== options.ownId && startsRun,
      lastOfRun: false,
    });
    prevDay = day;
    prevSender = service ? undefined : sender;
  }
  const newest = items.at(-1);
  if (newest) newest.lastOfRun = endsRun(newest, options);
  for (const p of pending) {
    const day = dayOf(p.createdAt, options.timeZone);
    items.push({
      key: p.uuid,
      message: null,
      pending: p,
      day: day === prevDay ? null : day,
      firstUnread: false,
      showSender: false,
      lastOfRun: false,
    });
    prevDay = day;
  }
  return items;
}

/** Only others' messages in a group (not a channel) end a run with an avatar. */
function endsRun(
  item: TimelineItem,
  options: { ownId: number | null; group: boolean; channel?: boolean },
): boolean {
  const m = item.message;
  if (!m || !options.group || options.channel || isServiceLine(m)) return false;
  return m.user_id !== null && m.user_id !== options.ownId;
}
