import type { Movie } from '@marquee/contract';
import type { ReactNode } from 'react';
import { hasAccess } from '@/lib/access';
import { useSimilarMovies } from '../api/get-similar-movies';
import { CastList } from './cast-list';
import { SimilarTitles } from './similar-titles';
import { TitleInfo } from './title-info';
import { WatchNow, type RentChoice } from './watch-now';

interface MovieDetailsProps {
  movie: Movie;
  /** The player area (behaviour.md §1: full video, trailer or artwork), composed by the route. */
  player: ReactNode;
  /** Actions from other features, next to Watch Now (e.g. the watchlist toggle). */
  actions?: ReactNode;
  /** The rental the watch dialog offers beside the subscription, when the title is for rent. */
  rent?: RentChoice | null;
}

/** A movie page. Access is the server's call: `url` is present only for an entitled viewer. */
export function MovieDetails({ movie, player, actions, rent }: MovieDetailsProps) {
  const similar = useSimilarMovies(movie._id);
  const watchable = hasAccess(movie);

  return (
    <article className="space-y-10">
      <div className="-mx-4 -mt-6 sm:-mx-6 lg:-mx-10">
        {player}
      </div>
      <TitleInfo
        name={movie.name}
        genres={movie.genres}
        duration={movie.duration}
        language={movie.language}
        releaseYear={movie.releaseYear}
        rating={movie.rating}
        ageLimit={movie.ageLimit}
        description={movie.description}
        access={movie.access}
        actions={
          <>
            {!watchable && <WatchNow title={{ kind: 'movie', slug: movie.slug, name: movie.name }} rent={rent} />}
            {actions}
          </>
        }
      />
      <CastList cast={movie.cast} />
      <SimilarTitles items={similar.data} isPending={similar.isPending} />
    </article>
  );
}
