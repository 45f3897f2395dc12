import { useState } from 'react';
import { useParams } from 'react-router';
import { useRentalOffer } from '@/features/billing/hooks/use-rental-offer';
import { CastList } from '@/features/catalog/components/cast-list';
import { SimilarTitles } from '@/features/catalog/components/similar-titles';
import { TitleInfo } from '@/features/catalog/components/title-info';
import { TitleNotFound } from '@/features/catalog/components/title-not-found';
import { WatchNow } from '@/features/catalog/components/watch-now';
import { MoviePlayer } from '@/features/player/components/movie-player';
import { useThirdPartyMovie } from '@/features/third-party/api/get-third-party-movie';
import { useThirdPartySimilar } from '@/features/third-party/api/get-third-party-similar';
import { WatchlistToggle } from '@/features/watchlist/components/watchlist-toggle';
import { hasAccess, rentOffer } from '@/lib/access';
import { TitleSkeleton } from '@/features/catalog/components/title-skeleton';

/**
 * A partner title (behaviour.md §2 '/third-party/{id}'): the movie page's parts, with the partner's stream
 * for entitled viewers (else its trailer or artwork) and similar titles from the same partner.
 * Progress is not saved: Continue Watching links to main-catalogue pages only.
 */
export function Component() {
  const { id = '' } = useParams();
  const movie = useThirdPartyMovie(id);
  const similar = useThirdPartySimilar(movie.data?._id);
  const [bought, setBought] = useState(false);
  const rental = useRentalOffer({
    title: { type: 'Movie', id: movie.data?._id ?? '', name: movie.data?.name ?? '' },
    price: movie.data ? rentOffer(movie.data.access) : null,
    onRented: () => setBought(true),
  });

  if (movie.isPending) return <TitleSkeleton />;
  if (movie.isError) return <TitleNotFound error={movie.error} kind="movie" />;
  const title = movie.data;

  return (
    <article key={title._id} className="space-y-10">
      <div className="-mx-4 -mt-6 sm:-mx-6 lg:-mx-10">
        <MoviePlayer movie={title} focusWhenReady={bought} />
      </div>
      <TitleInfo
        name={title.name}
        genres={title.genres}
        duration={title.duration}
        language={title.language}
        releaseYear={title.releaseYear}
        rating={title.rating}
        ageLimit={title.ageLimit}
        description={title.description}
        access={title.access}
        actions={
          <>
            {!hasAccess(title) && <WatchNow title={{ kind: 'movie', slug: title.slug, name: title.name }} rent={rental.choice} />}
            {rental.button}
            <WatchlistToggle titleId={title._id} kind="third-party" />
          </>
        }
      />
      <CastList cast={title.cast} />
      <SimilarTitles items={similar.data} isPending={similar.isPending} origin="third-party" />
    </article>
  );
}
