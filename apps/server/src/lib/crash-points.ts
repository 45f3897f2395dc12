/**
 * Named places where the crash tests have the server die as a power cut would (TEST_CRASH_AT):
 * between the provider's capture and our record of it, and between that record and the grant.
 */
export const CRASH_POINTS = ['payment-captured', 'payment-recorded'] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];

let armed: CrashPoint | undefined;

/** Arms one point for this process; only the server's entry point does, from its configuration. */
export function armCrashPoint(point: CrashPoint | undefined): void {
  armed = point;
}

/**
 * Dies here with SIGKILL when this point is armed: no handler, no rollback in this process, no
 * flush, exactly what `kill -9` does. Unarmed (always, in production: the configuration refuses
 * TEST_CRASH_AT there) it does nothing.
 */
export function crashPoint(point: CrashPoint): void {
  if (armed === point) process.kill(process.pid, 'SIGKILL');
}
