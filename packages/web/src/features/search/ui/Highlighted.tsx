import type { ReactNode } from 'react';
import type { Range } from '@parley/protocol/rules/search-text';

/**
 * Text with some ranges marked. The text stays text (React escapes it); the
 * ranges come from the server as numbers, so no markup ever arrives.
 */
export function Highlighted({ text, ranges }: { text: string; ranges: readonly Range[] }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    // Out of order, overlapping or out of bounds: skipped, never thrown on.
    if (start < at || end <= start || end > text.length) continue;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
