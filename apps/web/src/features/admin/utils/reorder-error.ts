import { ApiError } from '@/lib/api-client';

/** What an operator reads when a reorder failed: a list changed meanwhile (409) is said plainly. */
export function reorderErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 409) {
    return 'Someone else changed this list while you were editing it. The latest order is shown now; make your change again.';
  }
  return error instanceof Error ? error.message : 'The new order could not be saved.';
}
