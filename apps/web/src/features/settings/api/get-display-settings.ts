import { useQuery } from '@tanstack/react-query';
import { apiQueryKey, fetchApi } from '@/lib/api-client';

export const displaySettingsQueryKey = () => apiQueryKey('displaySettings');

export function getDisplaySettings(signal?: AbortSignal) {
  return fetchApi('displaySettings', { signal });
}

export function useDisplaySettings() {
  return useQuery({
    queryKey: displaySettingsQueryKey(),
    queryFn: ({ signal }) => getDisplaySettings(signal),
    staleTime: 10 * 60_000,
  });
}
