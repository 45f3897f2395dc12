import type { WatchlistEntry } from '@marquee/contract';
import { Link } from 'react-router';
import { PageMessage } from '@/components/layout/page-message';
import { AccessBadge } from '@/components/ui/access-badge';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useWatchlist } from '../api/get-watchlist';

/** The viewer's watchlist as cards linking to each title; 'No Data Found' when empty (behaviour.md §2). */
export function WatchlistGrid() {
  const watchlist = useWatchlist();
  if (watchlist.isPending && watchlist.fetchStatus !== 'idle') return <PageSpinner />;

  // behaviour.md §5: only enabled titles; a failed call shows the empty state like other lists (behaviour.md §8).
  const entries = (watchlist.data ?? []).filter((entry) => entry.item.isEnable);
  if (entries.length === 0) return <PageMessage title="No Data Found" headingLevel={2} />;

  return (
    <ul className="grid grid-cols-1 gap-x-3 gap-y-6 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
      {entries.map((entry) => (
        <li key={entry.item._id}>
          <WatchlistCard entry={entry} />
        </li>
      ))}
    </ul>
  );
}

function WatchlistCard({ entry }: { entry: WatchlistEntry }) {
  const { item } = entry;
  const href =
    entry.kind === 'third-party'
      ? paths.thirdParty.title.href(item.slug)
      : entry.kind === 'series'
        ? paths.series.href(item.slug)
        : paths.movie.href(item.slug);
  return (
    <Link to={href} className="group block rounded-md outline-none">
      <span className="relative block aspect-video overflow-hidden rounded-md bg-zinc-800 ring-1 ring-white/5 transition group-hover:ring-white/30 group-focus-visible:ring-[3px] group-focus-visible:ring-amber-400">
        <img
          src={item.horizontalBanner}
          alt=""
          loading="lazy"
          decoding="async"
          className="h-full w-full object-cover transition duration-300 group-hover:scale-105"
        />
        <AccessBadge access={item.access} decorative className="absolute top-1.5 left-1.5" />
      </span>
      <span className="mt-2 block truncate text-sm font-medium text-zinc-200 group-hover:text-white">{item.name}</span>
    </Link>
  );
}
