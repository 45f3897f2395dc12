import { useState } from 'react';
import { useParams } from 'react-router';
import { TrailerEndOffer } from '@/features/billing/components/trailer-end-offer';
import { useRentalOffer } from '@/features/billing/hooks/use-rental-offer';
import { useMovie } from '@/features/catalog/api/get-movie';
import { MovieDetails } from '@/features/catalog/components/movie-details';
import { TitleNotFound } from '@/features/catalog/components/title-not-found';
import { MoviePlayer } from '@/features/player/components/movie-player';
import { useProfileLanguages } from '@/features/profiles/hooks/use-profile-languages';
import { useSaveProgress } from '@/features/progress/api/save-progress';
import { WatchlistToggle } from '@/features/watchlist/components/watchlist-toggle';
import { rentOffer } from '@/lib/access';
import { TitleSkeleton } from '@/features/catalog/components/title-skeleton';

export function Component() {
  const { id = '' } = useParams();
  const movie = useMovie(id);
  const saveProgress = useSaveProgress();
  const languages = useProfileLanguages();
  // Access bought on this page: the full movie's Play button takes the focus when its link arrives.
  const [bought, setBought] = useState(false);
  const rentPrice = movie.data ? rentOffer(movie.data.access) : null;
  const rental = useRentalOffer({
    title: { type: 'Movie', id: movie.data?._id ?? '', name: movie.data?.name ?? '' },
    price: rentPrice,
    onRented: () => setBought(true),
  });
  // The player starts in the profile's languages, so it waits for them (usually already here).
  if (movie.isPending || languages.pending) return <TitleSkeleton />;
  if (movie.isError) return <TitleNotFound error={movie.error} kind="movie" />;

  const title = movie.data;
  const offer = { kind: 'movie' as const, id: title._id, slug: title.slug, name: title.name, rentPrice };
  return (
    <MovieDetails
      key={title._id}
      movie={title}
      player={
        <MoviePlayer
          movie={title}
          onProgress={saveProgress}
          {...languages.player}
          focusWhenReady={bought}
          trailerEndOverlay={<TrailerEndOffer title={offer} onRented={() => setBought(true)} />}
        />
      }
      rent={rental.choice}
      actions={
        <>
          {rental.button}
          <WatchlistToggle titleId={title._id} kind="movie" />
        </>
      }
    />
  );
}
