import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchApi, viewerQueryKey, type Viewer } from '@/lib/api-client';
import { useCurrentSession } from '@/lib/session-store';

/** The bearer token, when signed in, lets the server decide access (signed links, badges) and resume for this viewer. */
export function getThirdPartyMovie(input: { slug: string; viewer: Viewer; signal?: AbortSignal }) {
  return fetchApi('thirdPartyMovie', { params: { slug: input.slug }, token: input.viewer?.token, signal: input.signal });
}

/** The query (key and fetcher) a page's loader prefetches and the hook reads. */
export function thirdPartyMovieQuery(slug: string, viewer: Viewer) {
  return queryOptions({
    queryKey: viewerQueryKey('thirdPartyMovie', viewer, { slug }),
    queryFn: ({ signal }) => getThirdPartyMovie({ slug, viewer, signal }),
  });
}

/** A partner title; only an entitled viewer's answer carries the partner's stream. */
export function useThirdPartyMovie(slug: string) {
  const viewer = useCurrentSession();
  return useQuery(thirdPartyMovieQuery(slug, viewer));
}
