import { randomUUID } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import type { TestContext } from '../../test/test-app';
import type { WorkerLog } from './worker-log';

/**
 * ctx.close(), made safe for suites that use several connections at once. pg's Pool.end()
 * resolves before its sockets have closed, so test-app's `drop database ... with (force)` can
 * terminate a connection still closing (57P01); a pool without an 'error' listener turns that
 * into an unhandled error. Remove once test-app (or db/client) handles it.
 */
export function closeContext(ctx: TestContext): Promise<void> {
  (ctx.db as unknown as { $client?: EventEmitter }).$client?.on('error', () => {});
  return ctx.close();
}

export interface LogEntry {
  level: 'info' | 'warn' | 'error';
  fields: Record<string, unknown>;
  message: string | undefined;
}

/** A WorkerLog that keeps its entries, so tests can assert on what was logged. */
export function recordingLog(): WorkerLog & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const at = (level: LogEntry['level']) => (fields: object, message?: string) =>
    entries.push({ level, fields: fields as Record<string, unknown>, message });
  return { entries, info: at('info'), warn: at('warn'), error: at('error') };
}

/**
 * Polls until `probe` returns something truthy, failing after `timeoutMs`. Every 20 ms unless
 * `intervalMs` says otherwise: a probe that costs work (a request to a server, a scan of /proc)
 * and may wait for a minute polls less often, leaving the CPU to what it waits for.
 */
export async function waitFor<T>(probe: () => T | Promise<T>, options: { timeoutMs?: number; intervalMs?: number; what?: string } = {}): Promise<NonNullable<T>> {
  const deadline = Date.now() + (options.timeoutMs ?? 5_000);
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${options.what ?? 'a condition'}`);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 20));
  }
}

/** Tests in one file share a database: a type of their own keeps their workers apart. */
export function uniqueType(name: string): string {
  return `test.${name}.${randomUUID().slice(0, 8)}`;
}

/** A promise with its resolver, for handlers that wait on the test. */
export function gate(): { promise: Promise<void>; open(): void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  gates.push(open);
  return { promise, open };
}

/** Lets every waiting handler finish, so a failed test's workers can still stop. */
export function openAllGates(): void {
  for (const open of gates.splice(0)) open();
}

const gates: (() => void)[] = [];
