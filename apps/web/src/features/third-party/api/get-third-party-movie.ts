import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQueryKey, fetchApi } from '@/lib/api-client';
import { useCurrentSession } from '@/lib/session-store';

/** Keyed by viewer too: only an entitled viewer's answer carries the partner's stream. */
export const thirdPartyMovieQueryKey = (slug: string, viewerId: string | null = null) =>
  [...apiQueryKey('thirdPartyMovie', { slug }), { viewer: viewerId }] as const;

export function getThirdPartyMovie(input: { slug: string; token?: string; signal?: AbortSignal }) {
  return fetchApi('thirdPartyMovie', { params: { slug: input.slug }, token: input.token, signal: input.signal });
}

export const thirdPartyMovieQueryOptions = (slug: string, session: { token: string; user: { _id: string } } | null = null) =>
  queryOptions({
    queryKey: thirdPartyMovieQueryKey(slug, session?.user._id ?? null),
    queryFn: ({ signal }) => getThirdPartyMovie({ slug, token: session?.token, signal }),
  });

/** A partner title; the bearer token lets the server decide access for this viewer. */
export function useThirdPartyMovie(slug: string) {
  return useQuery(thirdPartyMovieQueryOptions(slug, useCurrentSession()));
}
