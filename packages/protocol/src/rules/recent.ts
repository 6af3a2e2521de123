import { RECENT_CONVERSATION_MS } from '../constants';

/** Spec 4: a conversation is recent when created within the last hour. */
export function isRecent(createdAt: Date | string | number, now: number = Date.now()): boolean {
  const created = new Date(createdAt).getTime();
  return Number.isFinite(created) && now - created >= 0 && now - created < RECENT_CONVERSATION_MS;
}
