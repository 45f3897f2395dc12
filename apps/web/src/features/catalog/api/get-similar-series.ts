import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchApi, viewerQueryKey, type Viewer } from '@/lib/api-client';
import { useCurrentSession } from '@/lib/session-store';

export function getSimilarSeries(input: { id: string; viewer: Viewer; signal?: AbortSignal }) {
  return fetchApi('similarSeries', { params: { id: input.id }, token: input.viewer?.token, signal: input.signal });
}

/** The query (key and fetcher) a page's loader prefetches and the hook reads. */
export function similarSeriesQuery(id: string, viewer: Viewer) {
  return queryOptions({
    queryKey: viewerQueryKey('similarSeries', viewer, { id }),
    queryFn: ({ signal }) => getSimilarSeries({ id, viewer, signal }),
  });
}

/** 'You might also like' for a series; waits for the series' `_id`. */
export function useSimilarSeries(id: string | undefined) {
  const viewer = useCurrentSession();
  return useQuery({ ...similarSeriesQuery(id ?? '', viewer), enabled: id !== undefined });
}
