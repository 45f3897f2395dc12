import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchApi, viewerQueryKey, type Viewer } from '@/lib/api-client';
import { useCurrentSession } from '@/lib/session-store';

/** The bearer token, when signed in, lets the server decide access (signed links, badges) and resume for this viewer. */
export function getSeries(input: { slug: string; viewer: Viewer; signal?: AbortSignal }) {
  return fetchApi('series', { params: { name: input.slug }, token: input.viewer?.token, signal: input.signal });
}

/** The query (key and fetcher) a page's loader prefetches and the hook reads. */
export function seriesQuery(slug: string, viewer: Viewer) {
  return queryOptions({
    queryKey: viewerQueryKey('series', viewer, { name: slug }),
    queryFn: ({ signal }) => getSeries({ slug, viewer, signal }),
  });
}

/** A series by slug, with its episodes as this viewer may watch them. */
export function useSeries(slug: string) {
  const viewer = useCurrentSession();
  return useQuery(seriesQuery(slug, viewer));
}
