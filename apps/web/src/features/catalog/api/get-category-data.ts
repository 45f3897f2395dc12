import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchApi, viewerQueryKey, type Viewer } from '@/lib/api-client';
import { useCurrentSession } from '@/lib/session-store';

export function getCategoryData(input: { id: string; viewer: Viewer; signal?: AbortSignal }) {
  return fetchApi('categoryData', { params: { id: input.id }, token: input.viewer?.token, signal: input.signal });
}

/** The query (key and fetcher) a page's loader prefetches and the hook reads. */
export function categoryDataQuery(id: string, viewer: Viewer) {
  return queryOptions({
    queryKey: viewerQueryKey('categoryData', viewer, { id }),
    queryFn: ({ signal }) => getCategoryData({ id, viewer, signal }),
  });
}

/** A category's banners and rows (with the viewer's access badges); idle until a category is chosen. */
export function useCategoryData(id: string | null) {
  const viewer = useCurrentSession();
  return useQuery({ ...categoryDataQuery(id ?? '', viewer), enabled: id !== null });
}
