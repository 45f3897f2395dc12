import { useQuery } from '@tanstack/react-query';
import { fetchApi, userQueryKey } from '@/lib/api-client';
import { useCurrentSession } from '@/lib/session-store';

export const subscriptionStatusQueryKey = (userId: string) => userQueryKey('subscriptionStatus', userId);

export function getSubscriptionStatus(input: { token: string; signal?: AbortSignal }) {
  return fetchApi('subscriptionStatus', { token: input.token, signal: input.signal });
}

/** Whether the signed-in viewer's subscription is valid, its plan and its end. */
export function useSubscriptionStatus() {
  const session = useCurrentSession();
  return useQuery({
    queryKey: subscriptionStatusQueryKey(session?.user._id ?? ''),
    queryFn: ({ signal }) => getSubscriptionStatus({ token: session!.token, signal }),
    enabled: session !== null,
  });
}
