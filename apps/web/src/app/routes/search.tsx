import { Search } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { ContentRow } from '@/features/catalog/components/content-row';
import { RowSkeleton } from '@/features/catalog/components/row-skeleton';
import { SEARCH_TERM_MAX, useSearch } from '@/features/search/api/search-titles';
import { SEARCH_PAGE_CLASS } from '@/features/search/components/search-skeleton';
import { isRecord } from '@/lib/navigation-state';

/** Marks the URL updates the box makes itself, so they are never copied back into it. */
const TYPED = { typedInSearchBox: true } as const;

/**
 * Search page; the term is mirrored into `?q=` so results survive reloads and the back button.
 * The box owns what is typed and the URL trails it: each URL update is a navigation that lands a
 * moment later, and a box driven by the URL lost the letters typed in between.
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const [value, setValue] = useState(() => params.get('q') ?? '');
  // Any other navigation to this page (a link with ?q=, the mobile search button) sets the box.
  const [seenKey, setSeenKey] = useState(location.key);
  if (location.key !== seenKey) {
    setSeenKey(location.key);
    const typed = isRecord(location.state) && location.state.typedInSearchBox === true;
    if (!typed) setValue(params.get('q') ?? '');
  }
  const search = useSearch(value);
  const results = search.data;
  const nothingFound = results !== undefined && results.movies.length === 0 && results.series.length === 0 && results.thirdParty.length === 0;

  return (
    <div className={SEARCH_PAGE_CLASS}>
      <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">Search</h1>
      <form role="search" aria-label="Search the catalogue" onSubmit={(event) => event.preventDefault()} className="relative max-w-2xl">
        <label htmlFor="search-page-input" className="sr-only">
          Search movies and series
        </label>
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-zinc-400" />
        <input
          id="search-page-input"
          type="search"
          value={value}
          maxLength={SEARCH_TERM_MAX}
          autoFocus
          autoComplete="off"
          placeholder="Titles, people, genres"
          onChange={(event) => {
            const next = event.target.value;
            setValue(next);
            setParams(next === '' ? {} : { q: next }, { replace: true, state: TYPED });
          }}
          className="h-12 w-full rounded-full bg-white/10 pr-4 pl-12 text-base text-white ring-1 ring-white/10 outline-none placeholder:text-zinc-400 focus-visible:ring-2 focus-visible:ring-amber-400"
        />
      </form>
      <div aria-live="polite">
        {value.trim() === '' ? null : results === undefined ? (
          search.isError ? <p className="text-zinc-400">Search is unavailable right now. Please try again.</p> : (
            // The Movies and Series rows in their own shape, so the footer below does not jump.
            <RowSkeleton imageType="Vertical" rows={2} />
          )
        ) : nothingFound ? (
          <p className="text-lg text-zinc-400">No results found</p>
        ) : (
          <div className="space-y-10">
            <ContentRow row={{ name: 'Movies', imageType: 'Vertical', content: results.movies.map((item) => ({ kind: item.kind, item })) }} />
            <ContentRow row={{ name: 'Series', imageType: 'Vertical', content: results.series.map((item) => ({ kind: item.kind, item })) }} />
            <ContentRow
              row={{ name: 'Third-party', imageType: 'Vertical', content: results.thirdParty.map((item) => ({ kind: item.kind, item })) }}
              origin="third-party"
            />
          </div>
        )}
      </div>
    </div>
  );
}
