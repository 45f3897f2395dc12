import type { ManualGrantInput, PaymentQuery, RefundInput } from '@marquee/contract/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminQuery, useAdminMutation } from './admin-api-client';

export function usePayments(query: PaymentQuery) {
  return useQuery({ ...adminQuery('payments', { query }), placeholderData: keepPreviousData });
}

export function usePayment(id: string) {
  return useQuery(adminQuery('payment', { params: { id } }));
}

export function useRefundPayment() {
  return useAdminMutation('refundPayment', { toCall: ({ id, body }: { id: string; body: RefundInput }) => ({ params: { id }, body }), invalidates: ['payment', 'payments', 'viewer', 'audit'] });
}

export function useGrantAccess() {
  return useAdminMutation('grantAccess', { toCall: ({ id, body }: { id: string; body: ManualGrantInput }) => ({ params: { id }, body }), invalidates: ['viewer', 'audit'] });
}
