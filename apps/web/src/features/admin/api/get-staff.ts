import { useQuery } from '@tanstack/react-query';
import { adminQuery } from './admin-api-client';

export function useStaff() {
  return useQuery(adminQuery('staff'));
}
