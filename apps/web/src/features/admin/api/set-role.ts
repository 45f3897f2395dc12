import type { RoleChange } from '@marquee/contract/admin';
import { useAdminMutation } from './admin-api-client';

export function useSetRole() {
  return useAdminMutation('setRole', {
    toCall: ({ id, change }: { id: string; change: RoleChange }) => ({ params: { id }, body: change }),
    invalidates: ['staff', 'me', 'audit'],
  });
}
