import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQueryKey, fetchApi } from '@/lib/api-client';

export const homepageQueryKey = () => apiQueryKey('homepage');

export function getHomepage(signal?: AbortSignal) {
  return fetchApi('homepage', { signal });
}

export const homepageQueryOptions = () =>
  queryOptions({ queryKey: homepageQueryKey(), queryFn: ({ signal }) => getHomepage(signal), staleTime: 5 * 60_000 });

/** The enabled categories, in display order. */
export function useHomepage() {
  return useQuery(homepageQueryOptions());
}
