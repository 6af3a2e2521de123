import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from './clock';
import type { AppDeps } from './deps';
import { createFilesSweepJob } from './features/files/sweep-job';
import type { createFilesService } from './features/files/service';
import { createGroupInactivityJob } from './features/groups/inactivity-job';
import type { createMembersService } from './features/groups/members-service';
import { createSessionsPruneJob } from './features/sessions/prune-job';
import type { createSessionsService } from './features/sessions/service';
import type { createSettingsService } from './features/settings/service';
import type { createUsersService } from './features/users/service';
import { createInactivityJob } from './jobs/inactivity';
import { createJobRunner } from './jobs/runner';
import { startSearchIndexer } from './store/search-indexer';
import type { Database } from './store/types';

// What runs in the background on every node, over the services buildApp
// (app.ts) made, stopped when the app closes. Tests drive the rounds
// through the decorations (groupInactivityRound, filesSweep, sessionsPrune,
// jobs) instead of waiting for the timers.

export interface JobsContext {
  deps: AppDeps;
  db: Kysely<Database>;
  now: Clock;
  users: ReturnType<typeof createUsersService>;
  settings: ReturnType<typeof createSettingsService>;
  postNotice: (userId: number, type: string, text: string) => Promise<unknown>;
  groupMembers: ReturnType<typeof createMembersService>;
  files: ReturnType<typeof createFilesService>;
  sessions: ReturnType<typeof createSessionsService>;
}

export function startBackgroundJobs(app: FastifyInstance, context: JobsContext): void {
  const { deps, db, now, users, settings, postNotice, groupMembers, files, sessions } = context;
  // SQLite: new messages reach the full-text index in batches (store/search-indexer.ts).
  const searchIndexer = startSearchIndexer(
    db,
    (error) => app.log.error({ err: error }, 'search index round failed'),
    deps.searchIndexMs,
  );
  app.addHook('onClose', () => searchIndexer.stop());
  // Background jobs tick on every node; a lease in job_locks lets one act per round.
  const jobs = createJobRunner({ db, now, log: app.log });
  const inactivity = createInactivityJob({
    now,
    users,
    settings,
    postNotice,
    log: app.log,
    intervalMs: deps.inactivityJobMs ?? 3_600_000,
  });
  if (deps.inactivityJobMs) jobs.start(inactivity.job);
  app.addHook('onClose', async () => jobs.stop());
  const groupInactivity = createGroupInactivityJob({
    db,
    now,
    members: groupMembers,
    intervalMs: deps.inactivityJobMs ?? 3_600_000,
  });
  if (deps.inactivityJobMs) jobs.start(groupInactivity.job);
  app.decorate('groupInactivityRound', groupInactivity.round);
  if (deps.files?.sweepMs) jobs.start(createFilesSweepJob(files, deps.files.sweepMs));
  app.decorate('filesSweep', files.sweep);
  if (deps.inactivityJobMs) jobs.start(createSessionsPruneJob(sessions, deps.inactivityJobMs));
  app.decorate('sessionsPrune', sessions.prune);
  app.decorate('jobs', {
    inactivityRound: inactivity.round,
    runner: jobs,
    inactivity: inactivity.job,
  });
}
