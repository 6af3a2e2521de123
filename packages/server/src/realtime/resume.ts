import { RESUME_MAX_EVENTS } from '@parley/protocol/realtime';
import type { Membership } from './queries';

export interface ResumePlan {
  /** conversation id → the seq delivery continues after. */
  sent: Map<number, number>;
  /** Too far behind, or ahead of the server: the client fetches these over HTTP. */
  refetch: number[];
  /** Conversations whose missed events are read from the log. */
  backlog: Membership[];
}

/**
 * Where each conversation of a hello resumes. Unnamed conversations start
 * live at their current seq (the client fetched them fresh).
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
  return plan;
}
