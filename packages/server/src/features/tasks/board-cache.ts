import { z } from 'zod';
import { taskGroupSchema } from '@parley/protocol/tasks';
import type { TaskBoard, TaskGroup } from '@parley/protocol/tasks';
import { Lru } from '../../lru';

// The task board is read far more often than it changes (every open of the
// Tasks panel, every member), and a big one is large: 5,000 tasks are about
// 2.5 MB of JSON, whose four reads, assembly, reply check and serialization
// took far more than the 10 ms the panel may wait (bench/RESULTS.md,
// "tasks"). So the serialized `task_groups` are kept per conversation, keyed
// by `conversations.tasks_version`, which every change of the board raises
// in its own transaction: a version read with the caller's access row finds
// the board as of that version or later (a change committed in between is
// both in it and among the events after `last_seq`, which clients apply
// harmlessly twice). Every node keys on the stored version, so a change
// made through another node is never missed. The envelope (the switches and
// `last_seq`, which moves with every message) is built per request.

/** Boards kept, and the largest one kept (bytes of JSON): at most 16 × 4 MB. */
const BOARDS = 16;
const MAX_BYTES = 4 * 1024 * 1024;

const groupsSchema = z.array(taskGroupSchema);

export function createBoardCache() {
  const cache = new Lru<number, { version: number; json: string }>(BOARDS);
  return {
    /**
     * The board's JSON text: `task_groups` from the cache when it holds
     * `version`, else from `load` (checked against the reply schema once,
     * as the route's serializer would have, then kept).
     */
    async json(
      envelope: Omit<TaskBoard, 'task_groups'>,
      version: number,
      load: () => Promise<TaskGroup[]>,
    ): Promise<string> {
      const held = cache.get(envelope.conversation_id);
      let groups = held?.version === version ? held.json : null;
      if (groups === null) {
        groups = JSON.stringify(groupsSchema.parse(await load()));
        if (groups.length <= MAX_BYTES)
          cache.set(envelope.conversation_id, { version, json: groups });
      }
      return `${JSON.stringify(envelope).slice(0, -1)},"task_groups":${groups}}`;
    },
  };
}
