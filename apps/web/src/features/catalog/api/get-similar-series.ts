import { useQuery } from '@tanstack/react-query';
import { fetchApi, viewerQueryKey, type Viewer } from '@/lib/api-client';
import { useCurrentSession } from '@/lib/session-store';

export function getSimilarSeries(input: { id: string; viewer: Viewer; signal?: AbortSignal }) {
  return fetchApi('similarSeries', { params: { id: input.id }, token: input.viewer?.token, signal: input.signal });
}

/** 'You might also like' for a series; waits for the series' `_id`. */
export function useSimilarSeries(id: string | undefined) {
  const viewer = useCurrentSession();
  return useQuery({
    queryKey: viewerQueryKey('similarSeries', viewer, { id: id ?? '' }),
    queryFn: ({ signal }) => getSimilarSeries({ id: id ?? '', viewer, signal }),
    enabled: id !== undefined,
  });
}
