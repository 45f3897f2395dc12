import type { PlanInput, PlanUpdate } from '@marquee/contract/admin';
import { useQuery } from '@tanstack/react-query';
import { adminQuery, useAdminMutation } from './admin-api-client';

export function usePlans() {
  return useQuery(adminQuery('plans'));
}

export function useCreatePlan() {
  return useAdminMutation('createPlan', { toCall: (body: PlanInput) => ({ body }), invalidates: ['plans'] });
}

export function useUpdatePlan() {
  return useAdminMutation('updatePlan', { toCall: ({ id, body }: { id: string; body: PlanUpdate }) => ({ params: { id }, body }), invalidates: ['plans'] });
}
