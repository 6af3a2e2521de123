import type { MouseEvent } from 'react';
import { Virtuoso } from 'react-virtuoso';
import type { ConversationListItem } from '../list-item';
import { ConversationListRow } from './ConversationListRow';

export type VirtualConversationListProps = {
  items: ConversationListItem[];
  activeId: number | null;
  label: string;
  /** Rows drawn before Virtuoso has measured anything (the first rows' count). */
  initialRows: number;
  onEndReached?: () => void;
  onMenu?: (id: number, event: MouseEvent) => void;
};

/** Room under the last row, so the floating "New chat" button never covers it. */
function ListEnd() {
  return <div className="conv-list-end" aria-hidden="true" />;
}

const COMPONENTS = { Footer: ListEnd };

/**
 * The chat list once scrolling needs it: Virtuoso draws only the rows in view,
 * so thousands of chats stay smooth. Its own chunk (loaded by ConversationList),
 * shared with the message history, so the chat screen's first paint does not
 * wait for the virtualiser.
 */
export function VirtualConversationList({
  items,
  activeId,
  label,
  initialRows,
  onEndReached,
  onMenu,
}: VirtualConversationListProps) {
  return (
    <Virtuoso
      className="conv-list"
      role="list"
      aria-label={label}
      data={items}
      computeItemKey={(_, item) => item.id}
      // Rows in the very first render, before Virtuoso has measured anything:
      // otherwise the list paints empty and its rows a frame later.
      initialItemCount={initialRows}
      endReached={onEndReached}
      increaseViewportBy={400}
      components={COMPONENTS}
      itemContent={(_, item) => (
        <ConversationListRow item={item} active={item.id === activeId} onMenu={onMenu} />
      )}
    />
  );
}
