import { parseFormatted } from './parse';
import { plainTextOf, type PlainOptions } from './plain';

// Message text (markdown source) → its plain text, parsing on the spot. For
// the server and tests; the web parses through its lazy loader instead.

export function plainText(text: string, options: PlainOptions = {}): string {
  return plainTextOf(parseFormatted(text), options);
}
