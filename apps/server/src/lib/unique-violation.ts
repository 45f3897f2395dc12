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

/**
 * Whether PostgreSQL refused the data itself (class 22, data exception, or 23, integrity constraint
 * violation) rather than the database failing (a lost connection, a timeout): retrying the same
 * rows cannot help, other rows may do.
 */
export function refusedData(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && /^2[23]/.test(code)) return true;
  }
  return false;
}
