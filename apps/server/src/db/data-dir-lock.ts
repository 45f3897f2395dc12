import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirInUseError extends Error {}

/**
 * One process per embedded database: PGlite has no locking of its own, and two processes writing
 * one data directory corrupt it.
 *
 * The lock is a directory beside the data (`<dataDir>.lock/`) in which each contender creates its
 * own entry named by its pid, then lists the directory. It holds the lock only if every other entry
 * belongs to a process that is gone. Two processes started at once can both see each other and
 * both back off (they retry after a short random wait), but never can both hold it: a holder
 * listed after creating its entry and saw none other, so any later contender sees the holder's.
 * Entries of dead processes are removed by whoever finds them; removing one can never take a
 * lock away from a live holder, which a single pid file replaced on takeover could.
 */
export function lockDataDir(dataDir: string, options: { attempts?: number } = {}): () => void {
  const dir = `${dataDir}.lock`;
  const mine = join(dir, String(process.pid));
  takeOverLegacyLockFile(dir);
  const attempts = options.attempts ?? 5;
  for (let attempt = 1; ; attempt++) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(mine, String(process.pid));
    const others = otherLiveHolders(dir);
    if (others.length === 0) {
      // The directory stays: removing it could race a contender about to create its entry in it.
      return () => rmSync(mine, { force: true });
    }
    rmSync(mine, { force: true });
    if (attempt >= attempts) throw inUse(dataDir, others[0]!);
    sleepSync(20 + Math.floor(Math.random() * 80));
  }
}

function inUse(dataDir: string, pid: number): DataDirInUseError {
  return new DataDirInUseError(
    `The embedded database ${dataDir} is in use by another Marquee process (pid ${pid}). ` +
      'Stop it first, or use a PostgreSQL server (DATABASE_URL) to run several processes.',
  );
}

/** Live pids other than ours with an entry; entries of processes that are gone are removed. */
function otherLiveHolders(dir: string): number[] {
  const live: number[] = [];
  for (const name of readdirSync(dir)) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) continue;
    if (isAlive(pid)) live.push(pid);
    else rmSync(join(dir, name), { force: true });
  }
  return live;
}

/** Earlier versions kept a pid file at the same path: honour a live one, drop a stale one. */
function takeOverLegacyLockFile(path: string): void {
  let isFile: boolean;
  try {
    isFile = statSync(path).isFile();
  } catch {
    return;
  }
  if (!isFile) return;
  const pid = Number(readFileSync(path, 'utf8').trim());
  if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) throw inUse(path.replace(/\.lock$/, ''), pid);
  rmSync(path, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Start-up only: a few milliseconds of waiting between attempts, before anything else runs. */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
