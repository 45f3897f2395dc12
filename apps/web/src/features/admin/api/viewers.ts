import type { AdminApiQuery, ReasonInput, SuspensionInput } from '@marquee/contract/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminQuery, useAdminMutation } from './admin-api-client';

export function useViewers(query: AdminApiQuery<'viewers'>) {
  return useQuery({ ...adminQuery('viewers', { query }), placeholderData: keepPreviousData });
}

export function useViewerAccount(id: string) {
  return useQuery(adminQuery('viewer', { params: { id } }));
}

export function useSignOutViewer() {
  return useAdminMutation('signOutViewer', { toCall: ({ id, body }: { id: string; body: ReasonInput }) => ({ params: { id }, body }), invalidates: ['viewer', 'viewers', 'audit'] });
}

export function useSuspendViewer() {
  return useAdminMutation('suspendViewer', { toCall: ({ id, body }: { id: string; body: SuspensionInput }) => ({ params: { id }, body }), invalidates: ['viewer', 'viewers', 'audit'] });
}

export function useSignOutSession() {
  return useAdminMutation('signOutSession', {
    toCall: ({ id, sessionId, body }: { id: string; sessionId: string; body: ReasonInput }) => ({ params: { id, sessionId }, body }),
    invalidates: ['viewer', 'audit'],
  });
}
