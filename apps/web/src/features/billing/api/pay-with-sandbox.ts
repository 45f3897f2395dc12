import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { requireSessionToken } from '@/lib/session-store';
import { approveSandboxOrder, completePurchase, createPaymentOrder, type Purchase } from './pay';

export type SandboxStep = 'creating' | 'approving' | 'capturing';

/**
 * The sandbox wallet's whole payment: the server creates the order, the chosen card approves or
 * declines it, then the server captures and grants. A declined order is still sent for capture,
 * so the viewer sees the server's own refusal and nothing is granted.
 */
export function usePayWithSandbox(purchase: Purchase) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<SandboxStep | null>(null);
  const mutation = useMutation({
    mutationKey: ['payWithSandbox'],
    mutationFn: async (outcome: 'approve' | 'decline') => {
      const token = requireSessionToken();
      setStep('creating');
      const { orderId } = await createPaymentOrder({ token, purchase });
      setStep('approving');
      await approveSandboxOrder({ token, orderId, outcome });
      setStep('capturing');
      return completePurchase({ token, purchase, orderId });
    },
    onSettled: () => setStep(null),
    // Access changed: full-video links, badges, subscription status, rentals, notifications.
    // Not awaited: the caller's own onSuccess (e.g. 'start playing once the link arrives') must
    // run before the refetched answers land.
    onSuccess: () => {
      void queryClient.invalidateQueries();
    },
  });
  return { ...mutation, step };
}
