import { openSync, closeSync, rmSync } from 'node:fs';
import { DataDirInUseError, lockDataDir } from '../src/db/data-dir-lock';

// One of several processes hammering the lock of one data directory (data-dir-lock.test.ts).
// When a line arrives on stdin it takes and releases the lock for a second, backing off a moment
// whenever another holds it; whenever it holds it, it creates a marker file exclusively: finding
// the marker there means another process holds the lock at the same time. Prints how often it held the lock and whether it saw that.
const [db, marker] = [process.argv[2]!, process.argv[3]!];
process.stdout.write('ready\n');
process.stdin.once('data', () => {
  let held = 0;
  let overlaps = 0;
  const until = Date.now() + 1_000;
  while (Date.now() < until) {
    let unlock: () => void;
    try {
      unlock = lockDataDir(db, { attempts: 1 });
    } catch (error) {
      if (!(error instanceof DataDirInUseError)) throw error;
      // Back off a random moment, as lockDataDir does between its own attempts: contenders retrying
      // in lockstep can keep seeing each other's entries, and then none of them ever holds it.
      pause(Math.random() * 3);
      continue;
    }
    held++;
    try {
      closeSync(openSync(marker, 'wx'));
      rmSync(marker);
    } catch {
      overlaps++;
    }
    unlock();
  }
  process.stdout.write(`${JSON.stringify({ held, overlaps })}\n`);
});
process.stdin.on('end', () => process.exit(0));

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
