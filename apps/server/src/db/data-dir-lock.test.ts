import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';
import { spawnTs } from '../../test/processes';

let dir: string;
afterEach(() => rm(dir, { recursive: true, force: true }));


/** Starts a process that will try the lock when told to; each line it prints is a step. */
function contender(db: string, marker: string) {
  const child = spawnTs('test/lock-contender.ts', { args: [db, marker] });
  const lines: string[] = [];
  const waiters: (() => void)[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    for (const wake of waiters.splice(0)) wake();
  });
  const line = (n: number) =>
    new Promise<string>((done, fail) => {
      const check = () => (lines.length > n ? done(lines[n]!) : child.exitCode !== null ? fail(new Error('contender exited')) : waiters.push(check));
      check();
    });
  return {
    ready: line(0),
    async attempt() {
      child.stdin.write('go\n');
      return line(1);
    },
    release: () => new Promise<void>((done) => (child.exitCode !== null ? done() : (child.once('exit', () => done()), child.stdin.end()))),
  };
}

describe('lockDataDir', () => {
  it('refuses a data directory held by another live process, and takes over from one that is gone', async () => {
    dir = await mkdtemp(join(tmpdir(), 'marquee-lock-'));
    const db = join(dir, 'db');
    await mkdir(`${db}.lock`);
    // pid 1 is always alive: another process holds it.
    await writeFile(`${db}.lock/1`, '1');
    expect(() => lockDataDir(db, { attempts: 1 })).toThrow(DataDirInUseError);
    await rm(`${db}.lock/1`);
    // A pid that cannot exist: its holder is gone.
    await writeFile(`${db}.lock/4194399`, '4194399');
    const unlock = lockDataDir(db);
    unlock();
  });

  it('honours the pid file of earlier versions', async () => {
    dir = await mkdtemp(join(tmpdir(), 'marquee-lock-'));
    const db = join(dir, 'db');
    await writeFile(`${db}.lock`, '1');
    expect(() => lockDataDir(db)).toThrow(DataDirInUseError);
    await writeFile(`${db}.lock`, '4194399');
    lockDataDir(db)();
  });

  it('is never held by two processes at once, however many try at the same moment', async () => {
    dir = await mkdtemp(join(tmpdir(), 'marquee-lock-'));
    const db = join(dir, 'db');
    const contenders = Array.from({ length: 3 }, () => contender(db, join(dir, 'holding')));
    try {
      await Promise.all(contenders.map((c) => c.ready));
      const results = (await Promise.all(contenders.map((c) => c.attempt()))).map((line) => JSON.parse(line) as { held: number; overlaps: number });
      expect(results.map((r) => r.overlaps)).toEqual([0, 0, 0]);
      // Each took it many times: the lock was contended, and was free again after each holder.
      expect(results.reduce((sum, r) => sum + r.held, 0)).toBeGreaterThan(20);
    } finally {
      await Promise.all(contenders.map((c) => c.release()));
    }
    expect(() => lockDataDir(db)()).not.toThrow();
  });
});
