import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQueryKey, fetchApi } from '@/lib/api-client';

export const subscriptionPlansQueryKey = () => apiQueryKey('subscriptionPlans');

export function getSubscriptionPlans(signal?: AbortSignal) {
  return fetchApi('subscriptionPlans', { signal });
}

/** The query (key and fetcher) a page's loader prefetches and the hook reads. */
export const subscriptionPlansQuery = () => queryOptions({ queryKey: subscriptionPlansQueryKey(), queryFn: ({ signal }) => getSubscriptionPlans(signal) });

export function useSubscriptionPlans() {
  return useQuery(subscriptionPlansQuery());
}
