import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchApi, viewerQueryKey, type Viewer } from '@/lib/api-client';
import { useCurrentSession } from '@/lib/session-store';

export function getThirdPartySimilar(input: { id: string; viewer: Viewer; signal?: AbortSignal }) {
  return fetchApi('thirdPartySimilar', { params: { id: input.id }, token: input.viewer?.token, signal: input.signal });
}

/** The query (key and fetcher) a page's loader prefetches and the hook reads. */
export function thirdPartySimilarQuery(id: string, viewer: Viewer) {
  return queryOptions({
    queryKey: viewerQueryKey('thirdPartySimilar', viewer, { id }),
    queryFn: ({ signal }) => getThirdPartySimilar({ id, viewer, signal }),
  });
}

/** 'You might also like' from the same partner; waits for the title's `_id`. */
export function useThirdPartySimilar(id: string | undefined) {
  const viewer = useCurrentSession();
  return useQuery({ ...thirdPartySimilarQuery(id ?? '', viewer), enabled: id !== undefined });
}
