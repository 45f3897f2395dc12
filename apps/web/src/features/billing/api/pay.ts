import type { SubscriptionPlan } from '@marquee/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchApi } from '@/lib/api-client';
import { requireSessionToken } from '@/lib/session-store';

/** What the viewer is paying for. The server prices it; `price` is only shown. */
export type Purchase =
  | { kind: 'subscription'; plan: SubscriptionPlan; /** The viewer's subscription is valid: renew or change plan. */ renew: boolean }
  | { kind: 'rental'; title: { type: 'Movie' | 'Series'; id: string; name: string }; price: number };

export function purchasePrice(purchase: Purchase): number {
  return purchase.kind === 'subscription' ? purchase.plan.price : purchase.price;
}

/** Asks the server for a provider order; the amount comes from its database, never from here. */
export function createPaymentOrder(input: { token: string; purchase: Purchase }) {
  const { purchase } = input;
  const body =
    purchase.kind === 'subscription'
      ? { purpose: 'subscription' as const, subscriptionId: purchase.plan._id }
      : purchase.title.type === 'Movie'
        ? { purpose: 'rental' as const, type: 'Movie' as const, movieId: purchase.title.id }
        : { purpose: 'rental' as const, type: 'Series' as const, seriesId: purchase.title.id };
  return fetchApi('createPaymentOrder', { token: input.token, body });
}

/** The sandbox wallet's answer for an order: the approving card or the declining one. */
export function approveSandboxOrder(input: { token: string; orderId: string; outcome: 'approve' | 'decline' }) {
  return fetchApi('approveSandboxOrder', { token: input.token, params: { orderId: input.orderId }, body: { outcome: input.outcome } });
}

/**
 * SPEC §4: once the payment is approved the server captures it and grants access. A viewer whose
 * subscription is valid renews or changes plan through the second call with the same payload.
 */
export async function completePurchase(input: { token: string; purchase: Purchase; orderId: string }): Promise<{ message: string }> {
  const { purchase, orderId, token } = input;
  if (purchase.kind === 'subscription') {
    const body = { subscriptionId: purchase.plan._id, orderId };
    return fetchApi(purchase.renew ? 'updateSubscription' : 'buySubscription', { token, body });
  }
  const { title } = purchase;
  const body = title.type === 'Movie' ? { type: 'Movie' as const, movieId: title.id, orderId } : { type: 'Series' as const, seriesId: title.id, orderId };
  return fetchApi('rent', { token, body });
}

/**
 * Captures an approved order and grants it. Afterwards every cached answer is fetched again when
 * next shown: access changes full-video links, badges, subscription status, rentals and notifications.
 */
export function useCompletePurchase(purchase: Purchase) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['completePurchase'],
    mutationFn: (orderId: string) => completePurchase({ token: requireSessionToken(), purchase, orderId }),
    // Not awaited: the caller's own onSuccess (e.g. 'start playing once the link arrives') must
    // run before the refetched answers land.
    onSuccess: () => {
      void queryClient.invalidateQueries();
    },
  });
}
