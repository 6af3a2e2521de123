import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  CONVERSATION_EVENT_TYPES,
  conversationEventPayloads,
} from '@parley/protocol/events/conversation-events';
import { USER_EVENT_TYPES, userEventPayloads } from '@parley/protocol/events/user-events';

// docs/REALTIME.md's payload table is what people read; these schemas are
// what runs. The table must name every event type and, for each, exactly the
// payload's fields (the keys written inside `{…}` and the bare `field` code
// spans of its payload cell).

const doc = readFileSync(
  fileURLToPath(new URL('../../../docs/REALTIME.md', import.meta.url)),
  'utf8',
);

function payloadCells(): Map<string, string> {
  const section = doc.slice(doc.indexOf('## Payloads'));
  const cells = new Map<string, string>();
  for (const line of section.split('\n')) {
    const match = /^\| `([a-z_.]+)` \| (.*?) \| .* \|$/.exec(line);
    if (match?.[1] && match[2] !== undefined) cells.set(match[1], match[2]);
  }
  return cells;
}

/** The field names a payload cell states. */
function documentedKeys(cell: string): Set<string> {
  const keys = new Set<string>();
  for (const [, span = ''] of cell.matchAll(/`([^`]*)`/g)) {
    if (/^[a-z_]+$/.test(span)) {
      keys.add(span);
      continue;
    }
    for (const [, key = ''] of span.matchAll(/[{,]\s*([a-z_]+)\??(?=\s*[:,}])/g)) keys.add(key);
  }
  return keys;
}

const schemas: Record<string, { shape: Record<string, unknown> }> = {
  ...conversationEventPayloads,
  ...userEventPayloads,
};

describe('docs/REALTIME.md and the event schemas', () => {
  const cells = payloadCells();

  it('the table lists exactly the event types', () => {
    expect([...cells.keys()].sort()).toEqual(
      [...CONVERSATION_EVENT_TYPES, ...USER_EVENT_TYPES].sort(),
    );
  });

  for (const [type, schema] of Object.entries(schemas)) {
    it(`${type}: the table names the payload's fields`, () => {
      expect([...documentedKeys(cells.get(type) ?? '')].sort()).toEqual(
        Object.keys(schema.shape).sort(),
      );
    });
  }
});
