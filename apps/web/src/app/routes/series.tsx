import { useParams, useSearchParams } from 'react-router';
import { TrailerEndOffer } from '@/features/billing/components/trailer-end-offer';
import { useRentalOffer } from '@/features/billing/hooks/use-rental-offer';
import { useSeries } from '@/features/catalog/api/get-series';
import { SeriesDetails } from '@/features/catalog/components/series-details';
import { TitleNotFound } from '@/features/catalog/components/title-not-found';
import { SeriesPlayer } from '@/features/player/components/series-player';
import { initialEpisodeIndex } from '@/features/player/utils/episodes';
import { useProfileLanguages } from '@/features/profiles/hooks/use-profile-languages';
import { useSaveProgress } from '@/features/progress/api/save-progress';
import { WatchlistToggle } from '@/features/watchlist/components/watchlist-toggle';
import { rentOffer } from '@/lib/access';
import { TitleSkeleton } from '@/features/catalog/components/title-skeleton';

export function Component() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const series = useSeries(id);
  const saveProgress = useSaveProgress();
  const languages = useProfileLanguages();
  const rentPrice = !series.data || series.data.episodes.length === 0 ? null : rentOffer(series.data.access);
  const rental = useRentalOffer({ title: { type: 'Series', id: series.data?._id ?? '', name: series.data?.name ?? '' }, price: rentPrice });
  // The player starts in the profile's languages, so it waits for them (usually already here).
  if (series.isPending || languages.pending) return <TitleSkeleton />;
  if (series.isError) return <TitleNotFound error={series.error} kind="series" />;
  const show = series.data;
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
          {...languages.player}
          trailerEndOverlay={<TrailerEndOffer title={offer} />}
        />
      )}
      rent={rental.choice}
      actions={
        <>
          {rental.button}
          <WatchlistToggle titleId={show._id} kind="series" />
        </>
      }
    />
  );
}
