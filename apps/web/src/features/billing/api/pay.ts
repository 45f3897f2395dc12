import type { SubscriptionPlan } from '@marquee/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fetchApi } from '@/lib/api-client';
import { requireSessionToken, useSession } from '@/lib/session-store';
import { isFinalRefusal, pendingOrders } from './pending-order';

/** What the viewer is paying for. The server prices it; `price` is only shown. */
export type Purchase =
  | { kind: 'subscription'; plan: SubscriptionPlan; /** The viewer's subscription is valid: renew or change plan. */ renew: boolean }
  | { kind: 'rental'; title: { type: 'Movie' | 'Series'; id: string; name: string }; price: number };

export function purchasePrice(purchase: Purchase): number {
  return purchase.kind === 'subscription' ? purchase.plan.price : purchase.price;
}

/** The server's answer to a completed purchase: its message, and for a subscription the plan and its new end. */
export interface PurchaseResult {
  message: string;
  plan?: string | null;
  validUntil?: string | null;
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

/**
 * Where this tab keeps the purchase's unfinished order (pending-order.ts): one key per viewer and
 * thing bought, so the same plan or title bought again reuses its unfinished order.
 */
function pendingKey(purchase: Purchase): string {
  const userId = useSession.getState().user?.user._id ?? '';
  const target = purchase.kind === 'subscription' ? `subscription:${purchase.plan._id}` : `rental:${purchase.title.type}:${purchase.title.id}`;
  return `${userId}:${target}`;
}

/** The purchase's unfinished order if this tab has one, else a new one (remembered until settled). */
export async function orderFor(input: { token: string; purchase: Purchase }): Promise<{ orderId: string; resumed: boolean }> {
  const key = pendingKey(input.purchase);
  const pending = pendingOrders.get(key);
  if (pending) return { orderId: pending, resumed: true };
  const { orderId } = await createPaymentOrder(input);
  pendingOrders.set(key, orderId);
  return { orderId, resumed: false };
}

/** The order a reload or a failed capture left unfinished for this purchase, if any. */
export const pendingOrderOf = (purchase: Purchase): string | null => pendingOrders.get(pendingKey(purchase));

/** The sandbox wallet's answer for an order: the approving card or the declining one. */
export function approveSandboxOrder(input: { token: string; orderId: string; outcome: 'approve' | 'decline' }) {
  return fetchApi('approveSandboxOrder', { token: input.token, params: { orderId: input.orderId }, body: { outcome: input.outcome } });
}

/**
 * behaviour.md §4: once the payment is approved the server captures it and grants access. A viewer whose
 * subscription is valid renews or changes plan through the second call with the same payload.
 */
export async function completePurchase(input: { token: string; purchase: Purchase; orderId: string }): Promise<PurchaseResult> {
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
      pendingOrders.clear(pendingKey(purchase));
      void queryClient.invalidateQueries();
    },
    // No answer or a 5xx keeps the order: the next attempt captures it again instead of paying twice.
    onError: (error) => {
      if (isFinalRefusal(error)) pendingOrders.clear(pendingKey(purchase));
    },
  });
}
