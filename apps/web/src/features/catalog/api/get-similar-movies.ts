import { useQuery } from '@tanstack/react-query';
import { apiQueryKey, fetchApi } from '@/lib/api-client';

export const similarMoviesQueryKey = (id: string) => apiQueryKey('similarMovies', { id });

export function getSimilarMovies(id: string, signal?: AbortSignal) {
  return fetchApi('similarMovies', { params: { id }, signal });
}

/** 'You might also like' for a movie; waits for the movie's `_id`. */
export function useSimilarMovies(id: string | undefined) {
  return useQuery({
    queryKey: similarMoviesQueryKey(id ?? ''),
    queryFn: ({ signal }) => getSimilarMovies(id ?? '', signal),
    enabled: id !== undefined,
  });
}
