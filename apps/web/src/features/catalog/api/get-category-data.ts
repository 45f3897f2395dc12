import { useQuery } from '@tanstack/react-query';
import { fetchApi, viewerQueryKey, type Viewer } from '@/lib/api-client';
import { useCurrentSession } from '@/lib/session-store';

export function getCategoryData(input: { id: string; viewer: Viewer; signal?: AbortSignal }) {
  return fetchApi('categoryData', { params: { id: input.id }, token: input.viewer?.token, signal: input.signal });
}

/** A category's banners and rows (with the viewer's access badges); idle until a category is chosen. */
export function useCategoryData(id: string | null) {
  const viewer = useCurrentSession();
  return useQuery({
    queryKey: viewerQueryKey('categoryData', viewer, { id: id ?? '' }),
    queryFn: ({ signal }) => getCategoryData({ id: id ?? '', viewer, signal }),
    enabled: id !== null,
  });
}
