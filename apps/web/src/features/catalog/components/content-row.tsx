import type { Episode, RowEntry } from '@marquee/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useViewportWidth } from '@/hooks/use-viewport-width';
import type { RowCardModel } from './row-card';
import { RowCarousel } from './row-carousel';
import { rowShape, showArrows, showViewAll } from './row-layout';

/** A row as the catalogue sends it; also the navigation state of 'View All' (behaviour.md §2). */
export interface RowState {
  name: string;
  imageType: string;
  content: RowEntry[];
  /** Added to the 'View All' state so the full list links like the row did. */
  origin?: RowOrigin;
}

/** Where a catalogue card leads: the main catalogue or the third-party one. */
export type RowOrigin = 'catalog' | 'third-party';

type ContentRowProps =
  | { row: RowState; origin?: RowOrigin; ranked?: boolean }
  | { title: string; imageType?: string; episodes: Episode[]; onItemClick: (index: number) => void; selectedIndex?: number };

/**
 * The one row carousel: a title, 'View All' past 5 items, and a scroll-snap row of enabled items.
 * Catalogue cards link to their title page; an episodes row reports the clicked index instead.
 */
export function ContentRow(props: ContentRowProps) {
  const viewportWidth = useViewportWidth();
  const headingId = useId();
  const isEpisodes = 'episodes' in props;
  const title = isEpisodes ? props.title : props.row.name;
  const imageType = isEpisodes ? (props.imageType ?? 'Horizontal') : props.row.imageType;
  const shape = rowShape(imageType);
  const entries = isEpisodes ? episodeCards(props.episodes) : entryCards(props.row.content, shape, props.origin);
  // A ranked row (the top 10) numbers its cards in order, as the server ranked them.
  const cards = !isEpisodes && props.ranked ? entries.map((card, index) => ({ ...card, rank: index + 1 })) : entries;

  if (cards.length === 0) return null;

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex items-end justify-between gap-4">
        <h2 id={headingId} className="text-lg font-semibold tracking-tight text-white sm:text-xl">
          {title}
        </h2>
        {!isEpisodes && showViewAll(cards.length) && (
          <Link
            to={paths.viewAll.href(props.row.name)}
            state={props.origin ? { ...props.row, origin: props.origin } : props.row}
            className="shrink-0 rounded text-sm font-medium text-amber-400 hover:text-amber-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
          >
            View All
          </Link>
        )}
      </div>
      <RowCarousel
        label={title}
        shape={shape}
        cards={cards}
        arrows={showArrows({ shape, itemCount: cards.length, viewportWidth })}
        selectedIndex={isEpisodes ? props.selectedIndex : undefined}
        onCardClick={isEpisodes ? props.onItemClick : undefined}
      />
    </section>
  );
}

/** Enabled entries only (behaviour.md §5), each linking by its kind. */
export function entryCards(content: RowEntry[], shape: ReturnType<typeof rowShape>, origin: RowOrigin = 'catalog'): RowCardModel[] {
  return content
    .filter((entry) => entry.item.isEnable)
    .map((entry) => ({
      key: `${entry.kind}-${entry.item._id}`,
      name: entry.item.name,
      image: shape === 'vertical' ? entry.item.verticalBanner : entry.item.horizontalBanner,
      href: entryHref(entry, origin),
      access: entry.item.access,
    }));
}

export function entryHref(entry: Pick<RowEntry, 'kind'> & { item: { slug: string } }, origin: RowOrigin = 'catalog'): string {
  if (origin === 'third-party') return paths.thirdParty.title.href(entry.item.slug);
  return entry.kind === 'series' ? paths.series.href(entry.item.slug) : paths.movie.href(entry.item.slug);
}

function episodeCards(episodes: Episode[]): RowCardModel[] {
  return episodes.map((episode) => ({
    key: episode._id,
    name: episode.name,
    image: episode.thumbnail,
    caption: `Episode ${episode.number}`,
  }));
}
