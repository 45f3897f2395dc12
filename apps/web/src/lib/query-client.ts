import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

const MAX_RETRIES = 2;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => failureCount < MAX_RETRIES && isTransient(error),
      },
      mutations: { retry: false },
    },
  });
}

/** A 4xx answer will not change on retry; a lost connection or a 5xx may. */
function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.aborted) return false;
  return error.status === null || error.status >= 500;
}
