import type { FormatNode } from './parse';

// The plain text of a formatted message: what "Copy text" copies, what a
// chat-list preview and a notification show — the words without the markers.
// Only walks an already parsed tree and imports the parser as a type alone,
// so the web's first chunk can use it while markdown-it loads later
// (packages/web/src/lib/format-loader.ts). Text → plain text: text.ts.

export type PlainOptions = {
  /** Previews and notifications must not give a spoiler away: it becomes this mask. */
  spoilerMask?: string;
};

function flatten(nodes: FormatNode[], options: PlainOptions, out: string[]): void {
  for (const node of nodes) {
    switch (node.kind) {
      case 'break':
        out.push('\n');
        break;
      case 'text':
      case 'mention':
      case 'link':
      case 'code':
      case 'pre':
        out.push(node.text);
        break;
      case 'spoiler':
        if (options.spoilerMask !== undefined) out.push(options.spoilerMask);
        else flatten(node.children, options, out);
        break;
      default:
        flatten(node.children, options, out);
    }
  }
}

export function plainTextOf(nodes: FormatNode[], options: PlainOptions = {}): string {
  const out: string[] = [];
  flatten(nodes, options, out);
  return out.join('');
}

/** The links of a message in reading order (only http, https and mailto ever appear). */
export function linksOf(nodes: FormatNode[]): string[] {
  const out: string[] = [];
  for (const node of nodes) {
    if (node.kind === 'link') out.push(node.href);
    else if ('children' in node) out.push(...linksOf(node.children));
  }
  return out;
}

/** The address a message's link preview is about: its first http(s) link, or null. */
export function previewUrlOf(nodes: FormatNode[]): string | null {
  return linksOf(nodes).find((href) => /^https?:\/\//i.test(href)) ?? null;
}
