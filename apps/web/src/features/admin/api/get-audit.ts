import type { AdminApiQuery } from '@marquee/contract/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminQuery } from './admin-api-client';

export type AuditFilters = AdminApiQuery<'audit'>;

export function useAuditLog(filters: AuditFilters) {
  return useQuery({ ...adminQuery('audit', { query: filters }), placeholderData: keepPreviousData });
}
