import { parseFormatted } from './format/parse';
import { previewUrlOf } from './format/plain';

// The link rule of the product lives in format/markdown.ts (linkify-it with
// the full TLD list, only http/https/mailto). The server takes the first
// web link as the address of the message's link preview, so the card always
// belongs to the first address the reader sees underlined — an address in
// `code` is not a link and gets no card. The web, which loads the parser
// lazily, calls previewUrlOf on the tree it already has.

/** The address a message's link preview is about: its first http(s) link, or null. */
export function previewUrl(text: string): string | null {
  return previewUrlOf(parseFormatted(text));
}
