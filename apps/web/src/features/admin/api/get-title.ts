import { useQuery } from '@tanstack/react-query';
import { adminQuery } from './admin-api-client';

export function useAdminTitle(id: string) {
  return useQuery(adminQuery('title', { params: { id } }));
}
