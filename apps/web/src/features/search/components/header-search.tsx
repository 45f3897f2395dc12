import { Search, X } from 'lucide-react';
import { useState } from 'react';
import { usePopover } from '@/hooks/use-popover';
import { SEARCH_TERM_MAX, useSearch } from '../api/search-titles';
import { SearchDropdown } from './search-dropdown';

/** The header's search box; results drop down beneath it and it clears on every page change. */
export function HeaderSearch() {
  const [term, setTerm] = useState('');
  // The results close on a click outside, on Escape, when focus leaves and on every page change,
  // which also clears the box.
  const { open, setOpen, rootProps, triggerRef, panelId } = usePopover<HTMLInputElement>({
    closeOnFocusOut: true,
    onPageChange: () => setTerm(''),
  });
  const search = useSearch(term);
  const showPanel = open && term.trim() !== '';

  return (
    <div {...rootProps} role="search" aria-label="Site search" className="relative w-full max-w-xs">
      <label className="relative block">
        <span className="sr-only">Search movies and series</span>
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400" />
        <input
          ref={triggerRef}
          type="search"
          value={term}
          maxLength={SEARCH_TERM_MAX}
          placeholder="Search titles"
          autoComplete="off"
          aria-controls={panelId}
          onChange={(event) => {
            setTerm(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          className="h-9 w-full rounded-full bg-white/10 pr-9 pl-9 text-sm text-white placeholder:text-zinc-400 ring-1 ring-white/10 transition outline-none focus:bg-white/15 focus-visible:ring-2 focus-visible:ring-amber-400 [&::-webkit-search-cancel-button]:hidden"
        />
      </label>
      {term !== '' && (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => setTerm('')}
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full p-1 text-zinc-400 hover:text-white focus-visible:outline-2 focus-visible:outline-amber-400"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      )}
      <div id={panelId} hidden={!showPanel}>
        {showPanel && <SearchDropdown term={term.trim()} search={search} />}
      </div>
    </div>
  );
}
