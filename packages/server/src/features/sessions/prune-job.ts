import type { Job } from '../../jobs/runner';
import type { SessionsService } from './service';

// Sessions and refresh tokens otherwise grow forever: every refresh leaves a
// used token behind (kept so a replay revokes the family) and every sign-out
// a revoked session. Once they can never be valid again they go.

export const SESSIONS_PRUNE_JOB = 'sessions-prune';

export function createSessionsPruneJob(sessions: SessionsService, intervalMs: number): Job {
  return {
    name: SESSIONS_PRUNE_JOB,
    intervalMs,
    run: async () => {
      await sessions.prune();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Tests run a round with their own time. */
    sessionsPrune: (at?: Date) => Promise<{ tokens: number; sessions: number }>;
  }
}
