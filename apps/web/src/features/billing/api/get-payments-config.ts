import { useQuery } from '@tanstack/react-query';
import { apiQueryKey, fetchApi } from '@/lib/api-client';

export const paymentsConfigQueryKey = () => apiQueryKey('paymentsConfig');

/** Which provider takes payments: PayPal's buttons, or the built-in sandbox wallet. */
export function usePaymentsConfig() {
  return useQuery({
    queryKey: paymentsConfigQueryKey(),
    queryFn: ({ signal }) => fetchApi('paymentsConfig', { signal }),
    staleTime: Infinity,
  });
}
