import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { requireSessionToken } from '@/lib/session-store';
import { approveSandboxOrder, createPaymentOrder, useCompletePurchase, type Purchase } from './pay';

export type SandboxStep = 'creating' | 'approving' | 'capturing';

/**
 * The sandbox wallet's whole payment: the server creates the order, the chosen card approves or
 * declines it, then the server captures and grants (`useCompletePurchase`, as after PayPal's
 * approval). A declined order is still sent for capture, so the viewer sees the server's own
 * refusal and nothing is granted.
 */
export function usePayWithSandbox(purchase: Purchase) {
  const complete = useCompletePurchase(purchase);
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
      return complete.mutateAsync(orderId);
    },
    onSettled: () => setStep(null),
  });
  return { ...mutation, step };
}
