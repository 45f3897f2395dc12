import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQueryKey, fetchApi } from '@/lib/api-client';

export const thirdPartyHomepageQueryKey = () => apiQueryKey('thirdPartyHomepage');

export function getThirdPartyHomepage(signal?: AbortSignal) {
  return fetchApi('thirdPartyHomepage', { signal });
}

export const thirdPartyHomepageQueryOptions = () =>
  queryOptions({ queryKey: thirdPartyHomepageQueryKey(), queryFn: ({ signal }) => getThirdPartyHomepage(signal) });

/** The third-party home: banners and a row per partner collection (the shape of a category's data). */
export function useThirdPartyHomepage() {
  return useQuery(thirdPartyHomepageQueryOptions());
}
