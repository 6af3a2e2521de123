import type { ReactNode } from 'react';
import type { SuggestMenu } from '../use-suggest-menu';

type SuggestListProps<T> = {
  /** The listbox's id; option i is `${id}-i`, what the textarea's aria-activedescendant names. */
  id: string;
  label: string;
  menu: SuggestMenu<T>;
  itemKey: (item: T) => string;
  testId: string;
  children: (item: T) => ReactNode;
};

/**
 * A composer menu's list above the textarea: a listbox the textarea points
 * into, so the focus stays in the text while arrows move the active option.
 */
export function SuggestList<T>({
  id,
  label,
  menu,
  itemKey,
  testId,
  children,
}: SuggestListProps<T>) {
  return (
    <ul id={id} className="command-menu" role="listbox" aria-label={label} data-testid={testId}>
      {menu.items.map((item, i) => (
        <li
          key={itemKey(item)}
          id={`${id}-${i}`}
          role="option"
          aria-selected={i === menu.active}
          className={`command-menu-item${i === menu.active ? ' is-active' : ''}`}
          onMouseEnter={() => menu.setActive(i)}
          // The textarea keeps the focus (and the phone its keyboard); the
          // click, which mouse and touch both end in, picks.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => menu.pick(i, 'click')}
          data-testid={`${testId}-item`}
        >
          {children(item)}
        </li>
      ))}
    </ul>
  );
}
