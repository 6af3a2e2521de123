import type { MouseEvent } from 'react';
import type { ConversationListItem } from '../list-item';
import { ConversationRow } from './ConversationRow';

export type ConversationListRowProps = {
  item: ConversationListItem;
  active: boolean;
  onMenu?: (id: number, event: MouseEvent) => void;
};

/** One entry of the chat list, the same in the first rows and in the virtualised list. */
export function ConversationListRow({ item, active, onMenu }: ConversationListRowProps) {
  return (
    <div role="listitem" className="conv-item">
      <ConversationRow item={item} active={active} onMenu={onMenu} />
    </div>
  );
}
