import type { ContinueWatchingEntry } from '@marquee/contract';
import { X } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useCurrentSession } from '@/lib/session-store';
import { useContinueWatching } from '../api/get-continue-watching';
import { useRemoveFromContinueWatching } from '../api/remove-from-continue-watching';

/** The first row under the home page's banners for a signed-in viewer with something half-watched. */
export function ContinueWatchingRow() {
  const session = useCurrentSession();
  if (!session) return null;
  return <Row />;
}

function Row() {
  const headingId = useId();
  const entries = useContinueWatching();
  const remove = useRemoveFromContinueWatching();
  const visible = (entries.data ?? []).filter((entry) => entry.item.isEnable);
  if (visible.length === 0) return null;

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold tracking-tight text-white sm:text-xl">
        Continue Watching
      </h2>
      {remove.isError && (
        <p role="alert" className="text-sm text-red-400">
          That title could not be removed. Please try again.
        </p>
      )}
      <ul className="flex snap-x gap-2 overflow-x-auto pb-2 [scrollbar-width:thin]">
        {visible.map((entry) => (
          <li key={entry.item._id} className={cardWidth}>
            <ContinueWatchingCard entry={entry} onRemove={() => remove.mutate(entry.item._id)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ContinueWatchingCard({ entry, onRemove }: { entry: ContinueWatchingEntry; onRemove: () => void }) {
  const { item, episode } = entry;
  const href = entry.kind === 'series' ? paths.series.href(item.slug, episode?._id) : paths.movie.href(item.slug);
  const watched = Math.round(watchedFraction(entry) * 100);
  const caption = episode ? `Episode ${episode.number}: ${episode.name}` : null;

  return (
    <div className="group relative">
      <Link
        to={href}
        aria-label={`${item.name}${caption ? `, ${caption}` : ''}, ${watched}% watched`}
        className="block rounded-md outline-none focus-visible:ring-2 focus-visible:ring-amber-400"
      >
        <span className="relative block aspect-video overflow-hidden rounded-md bg-zinc-800 ring-1 ring-white/5 group-hover:ring-white/30">
          <img src={item.horizontalBanner} alt="" loading="lazy" decoding="async" className="h-full w-full object-cover" />
          <span aria-hidden="true" className="absolute inset-x-0 bottom-0 h-1 bg-white/25">
            <span className="block h-full bg-amber-400" style={{ width: `${watched}%` }} />
          </span>
        </span>
        <span aria-hidden="true" className="mt-2 block truncate text-sm font-medium text-zinc-200 group-hover:text-white">
          {item.name}
        </span>
        {caption && (
          <span aria-hidden="true" className="block truncate text-xs text-zinc-400">
            {caption}
          </span>
        )}
      </Link>
      <button
        type="button"
        aria-label={`Remove ${item.name} from Continue Watching`}
        onClick={onRemove}
        className="absolute top-1.5 right-1.5 inline-flex size-8 items-center justify-center rounded-full bg-black/70 text-white ring-1 ring-white/20 hover:bg-black/90 focus-visible:outline-2 focus-visible:outline-amber-400"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

/**
 * Cards as wide as a horizontal catalogue row's (row-layout.ts: 1.4 per view up to 768 px, then
 * 4, 3.8, 4.5, 5 and 6 above 768, 1120, 1280, 1440 and 1600 px, 8 px apart), so the row reads as
 * one of them even when it holds a single title.
 */
const cardWidth = [
  'shrink-0 snap-start w-[calc((100%+8px)/1.4-8px)]',
  'min-[769px]:w-[calc((100%+8px)/4-8px)] min-[1121px]:w-[calc((100%+8px)/3.8-8px)] min-[1281px]:w-[calc((100%+8px)/4.5-8px)]',
  'min-[1441px]:w-[calc((100%+8px)/5-8px)] min-[1601px]:w-[calc((100%+8px)/6-8px)]',
].join(' ');

/** Share watched, 0 to 1; a series' next episode starts at 0. */
export function watchedFraction(entry: Pick<ContinueWatchingEntry, 'position' | 'duration'>): number {
  if (entry.duration <= 0) return 0;
  return Math.min(1, Math.max(0, entry.position / entry.duration));
}
