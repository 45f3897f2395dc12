import { useQuery } from '@tanstack/react-query';
import { adminQuery } from './admin-api-client';

/** The signed-in operator and their role; 403 for a viewer, 401 once the session ended. */
export const consoleMeQuery = () => adminQuery('me');

export function useConsoleMe() {
  return useQuery({ ...consoleMeQuery(), retry: false, staleTime: 60_000 });
}
