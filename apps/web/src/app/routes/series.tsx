import { useParams, useSearchParams } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { RentButton } from '@/features/billing/components/rent-button';
import { TrailerEndOffer } from '@/features/billing/components/trailer-end-offer';
import { useSeries } from '@/features/catalog/api/get-series';
import { SeriesDetails } from '@/features/catalog/components/series-details';
import { TitleNotFound } from '@/features/catalog/components/title-not-found';
import { SeriesPlayer } from '@/features/player/components/series-player';
import { initialEpisodeIndex } from '@/features/player/utils/episodes';
import { useSaveProgress } from '@/features/progress/api/save-progress';
import { WatchlistToggle } from '@/features/watchlist/components/watchlist-toggle';
import { rentOffer } from '@/lib/access';

export function Component() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const series = useSeries(id);
  const saveProgress = useSaveProgress();
  if (series.isPending) return <PageSpinner />;
  if (series.isError) return <TitleNotFound error={series.error} kind="series" />;
  const show = series.data;
  const rentPrice = show.episodes.length === 0 ? null : rentOffer(show.access);
  const offer = { kind: 'series' as const, id: show._id, slug: show.slug, name: show.name, rentPrice };
  // Keyed so the selected episode resets when another series opens.
  return (
    <SeriesDetails
      key={show._id}
      series={show}
      initialEpisodeIndex={initialEpisodeIndex(show, searchParams.get('episode'))}
      player={({ index, chosen, select }) => (
        <SeriesPlayer
          series={show}
          index={index}
          chosen={chosen}
          onSelect={select}
          onProgress={saveProgress}
          trailerEndOverlay={<TrailerEndOffer title={offer} />}
        />
      )}
      actions={
        <>
          {rentPrice !== null && <RentButton title={{ type: 'Series', id: show._id, name: show.name }} price={rentPrice} />}
          <WatchlistToggle titleId={show._id} kind="series" />
        </>
      }
    />
  );
}
