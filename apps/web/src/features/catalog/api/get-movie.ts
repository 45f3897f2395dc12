import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQueryKey, fetchApi } from '@/lib/api-client';
import { useCurrentSession } from '@/lib/session-store';

/**
 * Keyed by viewer as well: the answer depends on who asks (a signed full-video link for an
 * entitled viewer, their resume point), so one viewer's answer is never shown to another.
 */
export const movieQueryKey = (slug: string, viewerId: string | null = null) => [...apiQueryKey('movie', { name: slug }), { viewer: viewerId }] as const;

/** The bearer token, when signed in, lets the server decide access and resume for this viewer. */
export function getMovie(input: { slug: string; token?: string; signal?: AbortSignal }) {
  return fetchApi('movie', { params: { name: input.slug }, token: input.token, signal: input.signal });
}

export const movieQueryOptions = (slug: string, session: { token: string; user: { _id: string } } | null = null) =>
  queryOptions({
    queryKey: movieQueryKey(slug, session?.user._id ?? null),
    queryFn: ({ signal }) => getMovie({ slug, token: session?.token, signal }),
  });

export function useMovie(slug: string) {
  return useQuery(movieQueryOptions(slug, useCurrentSession()));
}
