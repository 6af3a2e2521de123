import { plainText } from '@parley/protocol/rules/format/text';

// "Create task from message": the message's words as a task's text. The
// formatting markers go (a task title is plain text), and a spoiler becomes
// the mask the chat list shows, never its words: everyone who opens the
// board would read what the sender hid.

/** The chat list's spoiler mask (web features/conversations/list-item.ts SPOILER_MASK). */
const SPOILER_MASK = '▒▒▒';

export function taskTextOfMessage(text: string): string {
  return plainText(text, { spoilerMask: SPOILER_MASK }).trim();
}
