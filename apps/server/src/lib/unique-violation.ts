/**
 * The constraint a PostgreSQL unique violation (23505) names, or null for any other error. Drizzle
 * wraps the driver's error, so the chain of causes is searched.
 */
export function uniqueViolation(error: unknown): string | null {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}
