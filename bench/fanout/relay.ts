import { fileURLToPath } from 'node:url';
import type { BenchGroup } from './seed';

// The relay reference (relay-server.mjs) has no accounts: a socket's `hello`
// token is its conversation id. These are the same groups (or pairs) the
// Parley run seeds, made without a server to ask.

export const RELAY_SCRIPT = fileURLToPath(new URL('./relay-server.mjs', import.meta.url));

export function relayGroups(groups: number, members: number): BenchGroup[] {
  return Array.from({ length: groups }, (_, g) => ({
    index: g,
    conversationId: g + 1,
    members: Array.from({ length: members }, (_, k) => ({
      index: g * members + k,
      id: g * members + k + 1,
      token: String(g + 1),
      group: g,
    })),
  }));
}
