import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQueryKey, fetchApi } from '@/lib/api-client';
import { useCurrentSession } from '@/lib/session-store';

/** Keyed by viewer as well: episode links and the resume point depend on who asks. */
export const seriesQueryKey = (slug: string, viewerId: string | null = null) => [...apiQueryKey('series', { name: slug }), { viewer: viewerId }] as const;

/** The bearer token, when signed in, lets the server decide access and resume for this viewer. */
export function getSeries(input: { slug: string; token?: string; signal?: AbortSignal }) {
  return fetchApi('series', { params: { name: input.slug }, token: input.token, signal: input.signal });
}

export const seriesQueryOptions = (slug: string, session: { token: string; user: { _id: string } } | null = null) =>
  queryOptions({
    queryKey: seriesQueryKey(slug, session?.user._id ?? null),
    queryFn: ({ signal }) => getSeries({ slug, token: session?.token, signal }),
  });

export function useSeries(slug: string) {
  return useQuery(seriesQueryOptions(slug, useCurrentSession()));
}
