import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

let dir: string;
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('lockDataDir', () => {
  it('refuses a data directory held by another live process, and takes over a stale lock', async () => {
    dir = await mkdtemp(join(tmpdir(), 'marquee-lock-'));
    const db = join(dir, 'db');
    // pid 1 is always alive: another process holds it.
    await writeFile(`${db}.lock`, '1');
    expect(() => lockDataDir(db)).toThrow(DataDirInUseError);
    // A pid that cannot exist: the holder is gone.
    await writeFile(`${db}.lock`, '4194399');
    const unlock = lockDataDir(db);
    expect(() => lockDataDir(db)).not.toThrow();
    unlock();
  });
});
