import { useParams } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { useMovie } from '@/features/catalog/api/get-movie';
import { MovieDetails } from '@/features/catalog/components/movie-details';
import { TitleNotFound } from '@/features/catalog/components/title-not-found';
import { MoviePlayer } from '@/features/player/components/movie-player';
import { useSaveProgress } from '@/features/progress/api/save-progress';
import { WatchlistToggle } from '@/features/watchlist/components/watchlist-toggle';

export function Component() {
  const { id = '' } = useParams();
  const movie = useMovie(id);
  const saveProgress = useSaveProgress();
  if (movie.isPending) return <PageSpinner />;
  if (movie.isError) return <TitleNotFound error={movie.error} kind="movie" />;
  return (
    <MovieDetails
      key={movie.data._id}
      movie={movie.data}
      player={<MoviePlayer movie={movie.data} onProgress={saveProgress} />}
      actions={<WatchlistToggle titleId={movie.data._id} kind="movie" />}
    />
  );
}
