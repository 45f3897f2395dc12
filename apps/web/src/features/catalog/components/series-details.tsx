import type { Series } from '@marquee/contract';
import { useState, type ReactNode } from 'react';
import { hasAccess } from '@/lib/access';
import { prefersReducedMotion } from '@/lib/motion';
import { useSimilarSeries } from '../api/get-similar-series';
import { formatDuration } from '../utils/format';
import { CastList } from './cast-list';
import { ContentRow } from './content-row';
import { SimilarTitles } from './similar-titles';
import { TitleInfo } from './title-info';
import { WatchNow, type RentChoice } from './watch-now';

interface SeriesDetailsProps {
  series: Series;
  /** The episode the page opens on. */
  initialEpisodeIndex?: number;
  /** The player area for the selected episode, composed by the route. */
  player: (selection: EpisodeSelection) => ReactNode;
  /** Actions from other features, next to Watch Now (e.g. the watchlist toggle). */
  actions?: ReactNode;
  /** The rental the watch dialog offers beside the subscription, when the series is for rent. */
  rent?: RentChoice | null;
}

export interface EpisodeSelection {
  index: number;
  /** The viewer picked this episode on this page (so it should start playing). */
  chosen: boolean;
  select: (index: number) => void;
}

/** A series page with its episode row; access is per episode (`url` present when entitled). */
export function SeriesDetails({ series, initialEpisodeIndex = 0, player, actions, rent }: SeriesDetailsProps) {
  const similar = useSimilarSeries(series._id);
  const [selection, setSelection] = useState({ index: initialEpisodeIndex, chosen: false });
  const [playerArea, setPlayerArea] = useState<HTMLDivElement | null>(null);
  const selected = selection.index;
  const select = (index: number) => {
    setSelection({ index, chosen: true });
    // The episode row is below the fold: bring up the player the episode starts in (it takes the focus).
    if (hasAccess({ url: series.episodes[index]?.url, access: series.access })) {
      playerArea?.scrollIntoView({ block: 'start', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    }
  };
  const episode = series.episodes[selected];
  const watchable = hasAccess({ url: episode?.url, access: series.access });
  const count = series.episodes.length;

  return (
    <article className="space-y-10">
      {/* Scrolled to just below the sticky header (the mobile bar is taller, as is the two-row desktop header below xl). */}
      <div ref={setPlayerArea} className="-mx-4 -mt-6 scroll-mt-28 sm:-mx-6 lg:-mx-10 min-[90rem]:scroll-mt-16">
        {player({ ...selection, select })}
      </div>
      <TitleInfo
        name={series.name}
        genres={series.genres}
        duration={series.duration}
        language={series.language}
        ageLimit={series.ageLimit}
        description={series.description}
        access={series.access}
        extraFacts={[`${count} ${count === 1 ? 'episode' : 'episodes'}`]}
        actions={
          <>
            {episode && !watchable && <WatchNow title={{ kind: 'series', slug: series.slug, name: series.name }} rent={rent} />}
            {actions}
          </>
        }
      />
      {episode && (
        <div aria-live="polite" className="rounded-lg bg-white/5 p-4 ring-1 ring-white/10">
          <p className="text-sm font-semibold text-white">
            Episode {episode.number}: {episode.name}
            {episode.duration > 0 && <span className="ml-2 font-normal text-zinc-400">{formatDuration(episode.duration)}</span>}
          </p>
          {episode.description && <p className="mt-1 text-sm text-zinc-400">{episode.description}</p>}
        </div>
      )}
      {count > 0 && <ContentRow title="Episodes" episodes={series.episodes} selectedIndex={selected} onItemClick={select} />}
      <CastList cast={series.cast} />
      <SimilarTitles items={similar.data} isPending={similar.isPending} />
    </article>
  );
}
