import { useQuery } from '@tanstack/react-query';
import { apiQueryKey, fetchApi } from '@/lib/api-client';

export const thirdPartySimilarQueryKey = (id: string) => apiQueryKey('thirdPartySimilar', { id });

export function getThirdPartySimilar(id: string, signal?: AbortSignal) {
  return fetchApi('thirdPartySimilar', { params: { id }, signal });
}

/** 'You might also like' from the same partner; waits for the title's `_id`. */
export function useThirdPartySimilar(id: string | undefined) {
  return useQuery({
    queryKey: thirdPartySimilarQueryKey(id ?? ''),
    queryFn: ({ signal }) => getThirdPartySimilar(id ?? '', signal),
    enabled: id !== undefined,
  });
}
