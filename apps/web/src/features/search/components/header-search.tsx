import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { SEARCH_TERM_MAX, useSearch } from '../api/search-titles';
import { SearchDropdown } from './search-dropdown';

/** The header's search box; results drop down beneath it and it clears on every page change. */
export function HeaderSearch() {
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const rootRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const search = useSearch(term);
  const showPanel = open && term.trim() !== '';

  // Reset during render when the page changes (React's pattern for state derived from a prop).
  const [lastPath, setLastPath] = useState(pathname);
  if (pathname !== lastPath) {
    setLastPath(pathname);
    setTerm('');
    setOpen(false);
  }

  useEffect(() => {
    if (!showPanel) return;
    const closeOnOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => document.removeEventListener('pointerdown', closeOnOutside);
  }, [showPanel]);

  return (
    <div
      ref={rootRef}
      role="search"
      aria-label="Site search"
      className="relative w-full max-w-xs"
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <label className="relative block">
        <span className="sr-only">Search movies and series</span>
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-zinc-400" />
        <input
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
