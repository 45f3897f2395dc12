import { useState } from 'react';
import { useParams } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { RentButton } from '@/features/billing/components/rent-button';
import { TrailerEndOffer } from '@/features/billing/components/trailer-end-offer';
import { useMovie } from '@/features/catalog/api/get-movie';
import { MovieDetails } from '@/features/catalog/components/movie-details';
import { TitleNotFound } from '@/features/catalog/components/title-not-found';
import { MoviePlayer } from '@/features/player/components/movie-player';
import { useSaveProgress } from '@/features/progress/api/save-progress';
import { WatchlistToggle } from '@/features/watchlist/components/watchlist-toggle';
import { rentOffer } from '@/lib/access';

export function Component() {
  const { id = '' } = useParams();
  const movie = useMovie(id);
  const saveProgress = useSaveProgress();
  // Access bought on this page: the full movie starts as soon as its link arrives.
  const [bought, setBought] = useState(false);
  if (movie.isPending) return <PageSpinner />;
  if (movie.isError) return <TitleNotFound error={movie.error} kind="movie" />;

  const title = movie.data;
  const rentPrice = rentOffer(title.access);
  const offer = { kind: 'movie' as const, id: title._id, slug: title.slug, name: title.name, rentPrice };
  return (
    <MovieDetails
      key={title._id}
      movie={title}
      player={
        <MoviePlayer
          movie={title}
          onProgress={saveProgress}
          autoPlay={bought}
          trailerEndOverlay={<TrailerEndOffer title={offer} onRented={() => setBought(true)} />}
        />
      }
      actions={
        <>
          {rentPrice !== null && (
            <RentButton title={{ type: 'Movie', id: title._id, name: title.name }} price={rentPrice} onRented={() => setBought(true)} />
          )}
          <WatchlistToggle titleId={title._id} kind="movie" />
        </>
      }
    />
  );
}
