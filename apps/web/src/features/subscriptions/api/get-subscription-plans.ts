import { useQuery } from '@tanstack/react-query';
import { apiQueryKey, fetchApi } from '@/lib/api-client';

export const subscriptionPlansQueryKey = () => apiQueryKey('subscriptionPlans');

export function getSubscriptionPlans(signal?: AbortSignal) {
  return fetchApi('subscriptionPlans', { signal });
}

export function useSubscriptionPlans() {
  return useQuery({ queryKey: subscriptionPlansQueryKey(), queryFn: ({ signal }) => getSubscriptionPlans(signal) });
}
