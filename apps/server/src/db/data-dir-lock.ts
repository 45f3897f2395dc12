import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export class DataDirInUseError extends Error {}

/**
 * One process per embedded database: PGlite has no locking of its own, and two processes writing
 * one data directory corrupt it. The lock is a pid file; a stale one (its process gone) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const path = `${dataDir}.lock`;
  const holder = readHolder(path);
  if (holder !== undefined && holder !== process.pid && isAlive(holder)) {
    throw new DataDirInUseError(
      `The embedded database ${dataDir} is in use by another Marquee process (pid ${holder}). ` +
        'Stop it first, or use a PostgreSQL server (DATABASE_URL) to run several processes.',
    );
  }
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, String(process.pid));
  return () => {
    if (readHolder(path) === process.pid) rmSync(path, { force: true });
  };
}

function readHolder(path: string): number | undefined {
  try {
    const pid = Number(readFileSync(path, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
