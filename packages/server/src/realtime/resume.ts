import { RESUME_MAX_EVENTS } from '@parley/protocol/realtime';
import type { Membership } from './queries';

export interface ResumePlan {
  /** conversation id → the seq delivery continues after. */
  sent: Map<number, number>;
  /**
   * The client fetches these over HTTP: too far behind, or ahead of the
   * server; or named in hello though the user no longer belongs to them.
   */
  refetch: number[];
  /** Conversations whose missed events are read from the log. */
  backlog: Membership[];
}

/**
 * Where each conversation of a hello resumes. Unnamed conversations start
 * live at their current seq (the client fetched them fresh). A named one the
 * user does not belong to (left, removed or blocked while this client was
 * away, or never theirs) is not followed and gets a refetch: its fetch
 * answers 404 and the client drops its copy. The user event that said so
 * may be older than the client's `user_seq` (a list page fetched meanwhile
 * moved it past), and a cached copy would otherwise stay for good.
 */
export function planResume(joined: Membership[], positions: Record<string, number>): ResumePlan {
  const plan: ResumePlan = { sent: new Map(), refetch: [], backlog: [] };
  for (const m of joined) {
    const since = positions[String(m.conversationId)];
    if (since === undefined) {
      plan.sent.set(m.conversationId, m.lastSeq);
    } else if (since > m.lastSeq || m.lastSeq - since > RESUME_MAX_EVENTS) {
      plan.sent.set(m.conversationId, m.lastSeq);
      plan.refetch.push(m.conversationId);
    } else {
      plan.sent.set(m.conversationId, since);
      plan.backlog.push(m);
    }
  }
  for (const key of Object.keys(positions)) {
    const id = Number(key);
    if (id > 0 && !plan.sent.has(id)) plan.refetch.push(id);
  }
  return plan;
}
