import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQueryKey, fetchApi } from '@/lib/api-client';

export const authConfigQueryKey = () => apiQueryKey('authConfig');

export function getAuthConfig(signal?: AbortSignal) {
  return fetchApi('authConfig', { signal });
}

/** Which sign-in the server offers: Google Identity Services, or its development issuer. */
export const authConfigQueryOptions = () =>
  queryOptions({ queryKey: authConfigQueryKey(), queryFn: ({ signal }) => getAuthConfig(signal), staleTime: Infinity });

export function useAuthConfig() {
  return useQuery(authConfigQueryOptions());
}
