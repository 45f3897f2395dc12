import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchApi, viewerQueryKey, type Viewer } from '@/lib/api-client';
import { useCurrentSession } from '@/lib/session-store';

export function getSimilarMovies(input: { id: string; viewer: Viewer; signal?: AbortSignal }) {
  return fetchApi('similarMovies', { params: { id: input.id }, token: input.viewer?.token, signal: input.signal });
}

/** The query (key and fetcher) a page's loader prefetches and the hook reads. */
export function similarMoviesQuery(id: string, viewer: Viewer) {
  return queryOptions({
    queryKey: viewerQueryKey('similarMovies', viewer, { id }),
    queryFn: ({ signal }) => getSimilarMovies({ id, viewer, signal }),
  });
}

/** 'You might also like' for a movie; waits for the movie's `_id`. */
export function useSimilarMovies(id: string | undefined) {
  const viewer = useCurrentSession();
  return useQuery({ ...similarMoviesQuery(id ?? '', viewer), enabled: id !== undefined });
}
