import type { Job } from '../../jobs/runner';
import type { FilesService } from './service';

// Removes uploads never attached within a day, and files whose every
// message went with a deleted conversation. One node per round (jobs/runner).

export const FILES_SWEEP_JOB = 'files-sweep';

export function createFilesSweepJob(files: FilesService, intervalMs: number): Job {
  return {
    name: FILES_SWEEP_JOB,
    intervalMs,
    run: async () => {
      await files.sweep();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Tests run a sweep with their own time. */
    filesSweep: (at?: Date) => Promise<number>;
  }
}
