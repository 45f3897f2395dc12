import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { requireSessionToken } from '@/lib/session-store';
import { approveSandboxOrder, orderFor, useCompletePurchase, type Purchase } from './pay';

export type SandboxStep = 'creating' | 'approving' | 'capturing';

/**
 * The sandbox wallet's whole payment: the server creates the order, the chosen card approves or
 * declines it, then the server captures and grants (`useCompletePurchase`, as after PayPal's
 * approval). A declined order is still sent for capture, so the viewer sees the server's own
 * refusal and nothing is granted. An order left unfinished (a failed capture, a reload) is paid
 * again rather than replaced by a new one.
 */
export function usePayWithSandbox(purchase: Purchase) {
  const complete = useCompletePurchase(purchase);
  const [step, setStep] = useState<SandboxStep | null>(null);
  const mutation = useMutation({
    mutationKey: ['payWithSandbox'],
    mutationFn: async (outcome: 'approve' | 'decline') => {
      const token = requireSessionToken();
      setStep('creating');
      const { orderId, resumed } = await orderFor({ token, purchase });
      setStep('approving');
      // An order resumed after a failure may be captured already (409): capturing it again is safe.
      await approveSandboxOrder({ token, orderId, outcome }).catch((error: unknown) => {
        if (!(resumed && error instanceof ApiError && error.status === 409)) throw error;
      });
      setStep('capturing');
      return complete.mutateAsync(orderId);
    },
    onSettled: () => setStep(null),
  });
  return { ...mutation, step };
}
