import { plainText } from '@parley/protocol/rules/format/text';
import { SPOILER_MASK } from '@parley/protocol/rules/message-line';

// "Create task from message": the message's words as a task's text. The
// formatting markers go (a task title is plain text), and a spoiler becomes
// the mask the chat list and notifications show (rules/message-line.ts),
// never its words: everyone who opens the board would read what the sender hid.

export function taskTextOfMessage(text: string): string {
  return plainText(text, { spoilerMask: SPOILER_MASK }).trim();
}
