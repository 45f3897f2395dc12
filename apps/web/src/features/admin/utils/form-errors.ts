import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

/**
 * Puts the server's refusal beside the fields it names (problem+json `errors`, paths such as
 * `body.slug` or `body.cast.0.name`) and returns the message for the form as a whole: the
 * server's own words when no field it names is on the form, a pointer to the fields otherwise.
 */
export function showServerErrors<T extends FieldValues>(error: unknown, options: { setError: UseFormSetError<T>; fields: readonly string[] }): string {
  if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.';
  let placed = 0;
  for (const entry of error.problem?.errors ?? []) {
    const field = fieldOf(entry.path);
    if (!field || !options.fields.includes(field.split('.')[0] ?? '')) continue;
    options.setError(field as Path<T>, { type: 'server', message: entry.message });
    placed += 1;
  }
  if (placed > 0 && error.status !== 409) return 'Please check the highlighted fields.';
  if (error.status === 409 && placed === 0) return `${error.message} Reload to see the latest version.`;
  return placed > 0 ? error.message : error.message || 'Something went wrong. Please try again.';
}

/** `body.cast.0.name` or `body/cast/0/name` → `cast.0.name`. */
function fieldOf(path: string): string | null {
  const parts = path.split(/[./]/).filter(Boolean);
  if (parts[0] === 'body') parts.shift();
  return parts.length > 0 ? parts.join('.') : null;
}
