import { gzipSync } from 'node:zlib';
import type { TaskBoard, TaskGroup } from '@parley/protocol/tasks';
import { Lru } from '../../lru';

// The task board is read far more often than it changes (every open of the
// Tasks panel, by every member), and a big one is large: 5,000 tasks are
// about 2.6 MB of JSON, whose four reads, assembly, check, serialization and
// transfer took far more than the 10 ms the panel may wait
// (bench/RESULTS.md, "tasks"). So each conversation's reply is kept as
// bytes, plain and gzipped (about a twentieth), keyed by
// `conversations.tasks_version` — which every change of the board raises in
// its own transaction — and the two switches. Every node keys on the stored
// version, so a change made through another node is never missed.
//
// `last_seq` in a kept reply is the conversation's seq when it was built,
// read before the tables: the board holds every change up to it (and maybe
// some after it, which the appliers take again harmlessly); the client
// applies the events after it. Messages since then do not touch the board.

/** Boards kept, and the largest one kept (bytes of JSON): at most 16 × 4 MB (+ gzip). */
const BOARDS = 16;
const MAX_BYTES = 4 * 1024 * 1024;

export interface BoardBytes {
  json: Buffer;
  gzip: Buffer;
}

export function createBoardCache() {
  const cache = new Lru<number, { key: string; bytes: BoardBytes }>(BOARDS);
  return {
    /**
     * The board's reply as bytes: the kept one when its key still holds,
     * else built from `load` and kept. Not parsed by the reply schema (on
     * 5,000 tasks that was about a third of a build): the records are made
     * by typed code (to-task.ts), and tasks.test.ts checks a served board
     * against the schema, unknown keys included.
     */
    async bytes(
      envelope: Omit<TaskBoard, 'task_groups'>,
      version: number,
      load: () => Promise<TaskGroup[]>,
    ): Promise<BoardBytes> {
      const id = envelope.conversation_id;
      const key = `${version}:${envelope.has_tasks}:${envelope.task_service_lines}`;
      const held = cache.get(id);
      if (held?.key === key) return held.bytes;
      const json = Buffer.from(JSON.stringify({ ...envelope, task_groups: await load() }));
      const bytes = { json, gzip: gzipSync(json, { level: 1 }) };
      if (json.length <= MAX_BYTES) cache.set(id, { key, bytes });
      return bytes;
    },
  };
}
