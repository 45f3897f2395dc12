import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchApi, viewerQueryKey, type Viewer } from '@/lib/api-client';
import { useCurrentSession } from '@/lib/session-store';

/** The bearer token, when signed in, lets the server decide access (signed links, badges) and resume for this viewer. */
export function getMovie(input: { slug: string; viewer: Viewer; signal?: AbortSignal }) {
  return fetchApi('movie', { params: { name: input.slug }, token: input.viewer?.token, signal: input.signal });
}

/** The query (key and fetcher) a page's loader prefetches and the hook reads. */
export function movieQuery(slug: string, viewer: Viewer) {
  return queryOptions({
    queryKey: viewerQueryKey('movie', viewer, { name: slug }),
    queryFn: ({ signal }) => getMovie({ slug, viewer, signal }),
  });
}

/** A movie by slug, as this viewer may watch it. */
export function useMovie(slug: string) {
  const viewer = useCurrentSession();
  return useQuery(movieQuery(slug, viewer));
}
