import type { RowItem } from '@marquee/contract';
import { Link } from 'react-router';
import { AccessBadge } from '@/components/ui/access-badge';
import { paths } from '@/config/paths';
import type { useSearch } from '../api/search-titles';

const PER_GROUP = 5;

interface SearchDropdownProps {
  term: string;
  search: ReturnType<typeof useSearch>;
}

/** Movies, Series and partner titles matching the term, under the header search box. */
export function SearchDropdown({ term, search }: SearchDropdownProps) {
  const { data } = search;
  const empty = data !== undefined && data.movies.length === 0 && data.series.length === 0 && data.thirdParty.length === 0;

  return (
    <div className="absolute top-full right-0 z-40 mt-2 max-h-[70vh] w-[min(28rem,calc(100vw-2rem))] overflow-y-auto rounded-xl bg-zinc-900/95 p-3 shadow-2xl ring-1 ring-white/10 backdrop-blur">
      <p aria-live="polite" className="sr-only">
        {search.isFetching ? 'Searching' : empty ? 'No results found' : ''}
      </p>
      {data === undefined ? (
        <p className="px-2 py-3 text-sm text-zinc-400">{search.isError ? 'Search is unavailable right now.' : 'Searching…'}</p>
      ) : empty ? (
        <p className="px-2 py-3 text-sm text-zinc-400">No results found</p>
      ) : (
        <>
          <ResultGroup title="Movies" items={data.movies} />
          <ResultGroup title="Series" items={data.series} />
          <ResultGroup title="Third-party" items={data.thirdParty} thirdParty />
          <Link
            to={{ pathname: paths.search.href(), search: `?q=${encodeURIComponent(term)}` }}
            className="mt-1 block rounded-md px-2 py-2 text-center text-sm font-medium text-amber-400 hover:bg-white/5 focus-visible:outline-2 focus-visible:outline-amber-400"
          >
            See all results
          </Link>
        </>
      )}
    </div>
  );
}

function ResultGroup({ title, items, thirdParty = false }: { title: string; items: RowItem[]; thirdParty?: boolean }) {
  if (items.length === 0) return null;
  return (
    <section className="mb-2">
      <h3 className="px-2 pt-1 pb-2 text-xs font-semibold tracking-wider text-zinc-400 uppercase">{title}</h3>
      <ul>
        {items.slice(0, PER_GROUP).map((item) => (
          <li key={item._id}>
            <Link
              to={thirdParty ? paths.thirdParty.title.href(item.slug) : item.kind === 'series' ? paths.series.href(item.slug) : paths.movie.href(item.slug)}
              className="flex items-center gap-3 rounded-md p-2 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-amber-400"
            >
              <img src={item.horizontalBanner} alt="" loading="lazy" className="aspect-video w-20 shrink-0 rounded bg-zinc-800 object-cover" />
              <span className="min-w-0">
                <span className="block truncate text-sm font-medium text-white">{item.name}</span>
                <span className="block truncate text-xs text-zinc-400">
                  {[item.releaseYear, item.genres.map((genre) => genre.name).join(', ')].filter(Boolean).join(' · ')}
                </span>
                <AccessBadge access={item.access} decorative className="mt-1" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
