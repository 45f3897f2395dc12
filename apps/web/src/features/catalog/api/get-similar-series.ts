import { useQuery } from '@tanstack/react-query';
import { apiQueryKey, fetchApi } from '@/lib/api-client';

export const similarSeriesQueryKey = (id: string) => apiQueryKey('similarSeries', { id });

export function getSimilarSeries(id: string, signal?: AbortSignal) {
  return fetchApi('similarSeries', { params: { id }, signal });
}

/** 'You might also like' for a series; waits for the series' `_id`. */
export function useSimilarSeries(id: string | undefined) {
  return useQuery({
    queryKey: similarSeriesQueryKey(id ?? ''),
    queryFn: ({ signal }) => getSimilarSeries(id ?? '', signal),
    enabled: id !== undefined,
  });
}
