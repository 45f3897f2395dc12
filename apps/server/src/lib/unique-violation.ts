/**
 * The constraint a PostgreSQL unique violation (23505) names, or null for any other error. Drizzle
 * wraps the driver's error, so the chain of causes is searched.
 */
export function uniqueViolation(error: unknown): string | null {
  const violation = refusals(error).find((refusal) => refusal.code === '23505');
  return violation ? (violation.constraint ?? '') : null;
}

/**
 * Whether PostgreSQL refused the data itself (class 22, data exception, or 23, integrity constraint
 * violation) rather than the database failing (a lost connection, a timeout): retrying the same
 * rows cannot help, other rows may do.
 */
export function refusedData(error: unknown): boolean {
  return refusals(error).some((refusal) => /^2[23]/.test(refusal.code));
}

/** Whether PostgreSQL refused the statement for want of a privilege (42501), e.g. not the owner. */
export function refusedPrivilege(error: unknown): boolean {
  return refusals(error).some((refusal) => refusal.code === '42501');
}

/** The codes (and constraints) of the error and its chain of causes. */
function refusals(error: unknown): { code: string; constraint?: string }[] {
  const found: { code: string; constraint?: string }[] = [];
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string') found.push({ code, constraint: typeof constraint === 'string' ? constraint : undefined });
  }
  return found;
}
