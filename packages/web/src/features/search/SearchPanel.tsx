import { useAuthStore } from '../auth/store';
import './search.css';
import { SearchResults } from './ui/SearchResults';
import type { SearchBox } from './use-search-box';

/** The sidebar's results while the search box has text. */
export function SearchPanel({ box }: { box: SearchBox }) {
  const timeZone = useAuthStore((s) => s.user?.timezone ?? null);
  return (
    <SearchResults
      options={box.options}
      active={box.active}
      pending={box.pending}
      hasMore={box.hasMore}
      loadingMore={box.loadingMore}
      timeZone={timeZone}
      onPick={box.pick}
      onMore={box.more}
    />
  );
}
