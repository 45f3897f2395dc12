import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchApi, viewerQueryKey, type Viewer } from '@/lib/api-client';
import { useCurrentSession } from '@/lib/session-store';

export function getThirdPartyHomepage(input: { viewer: Viewer; signal?: AbortSignal }) {
  return fetchApi('thirdPartyHomepage', { token: input.viewer?.token, signal: input.signal });
}

/** The query (key and fetcher) a page's loader prefetches and the hook reads. */
export function thirdPartyHomepageQuery(viewer: Viewer) {
  return queryOptions({
    queryKey: viewerQueryKey('thirdPartyHomepage', viewer),
    queryFn: ({ signal }) => getThirdPartyHomepage({ viewer, signal }),
  });
}

/** The third-party home: banners and a row per partner collection (the shape of a category's data). */
export function useThirdPartyHomepage() {
  const viewer = useCurrentSession();
  return useQuery(thirdPartyHomepageQuery(viewer));
}
