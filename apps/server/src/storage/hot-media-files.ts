import type { Stats } from 'node:fs';
import { open } from 'node:fs/promises';

export interface HotMediaFilesOptions {
  /** The most bytes kept, all files together (MEDIA_MEMORY_CACHE_MB); 0 keeps nothing. */
  maxBytes: number;
  /** Files larger than this are never kept: they are streamed from disk. */
  maxFileBytes: number;
}

/** A kept file is at most this share of the whole budget, so one file never empties the cache. */
const MAX_SHARE_OF_BUDGET = 8;
const DEFAULT_MAX_FILE_BYTES = 8 * 1024 * 1024;

/**
 * Local media files kept in memory, least recently used out first, bounded by bytes. HLS is a few
 * small files asked for over and over by every viewer of a title (playlists, init segments, the
 * segments around the start), and sending a Buffer costs a fraction of opening, reading and
 * streaming the file each time. An entry is only ever answered for the very file it was read from:
 * the caller passes the file's current `stat` (taken for the request's headers anyway), and a file
 * replaced (storage writes beside and renames: a new inode) or rewritten (size, mtime, ctime) is a
 * miss and is read again.
 */
export class HotMediaFiles {
  private readonly entries = new Map<string, { stat: Stats; body: Buffer }>();
  private readonly loading = new Map<string, Promise<Buffer | undefined>>();
  private keptBytes = 0;

  constructor(private readonly options: HotMediaFilesOptions) {}

  static fromBudget(maxBytes: number): HotMediaFiles {
    return new HotMediaFiles({ maxBytes, maxFileBytes: Math.min(DEFAULT_MAX_FILE_BYTES, Math.floor(maxBytes / MAX_SHARE_OF_BUDGET)) });
  }

  /**
   * The bytes of the file at `path` as `stat` describes it, from memory or read now and kept;
   * undefined when the file is not kept (too large, the cache is off, or it changed while read):
   * the caller streams it from disk.
   */
  async bytesOf(path: string, stat: Stats): Promise<Buffer | undefined> {
    if (stat.size > this.options.maxFileBytes || stat.size > this.options.maxBytes) return undefined;
    const kept = this.entries.get(path);
    if (kept && sameFile(kept.stat, stat)) {
      this.entries.delete(path);
      this.entries.set(path, kept);
      return kept.body;
    }
    const loadKey = `${path}\0${identityOf(stat)}`;
    let loading = this.loading.get(loadKey);
    if (!loading) {
      loading = this.load(path, stat).finally(() => this.loading.delete(loadKey));
      this.loading.set(loadKey, loading);
    }
    return loading;
  }

  /** How much is kept now (for tests and the memory accounting in docs/performance.md). */
  get size(): { files: number; bytes: number } {
    return { files: this.entries.size, bytes: this.keptBytes };
  }

  private async load(path: string, stat: Stats): Promise<Buffer | undefined> {
    const body = await readWhole(path, stat);
    if (!body) return undefined;
    this.forget(path);
    this.entries.set(path, { stat, body });
    this.keptBytes += body.length;
    for (const [oldest] of this.entries) {
      if (this.keptBytes <= this.options.maxBytes) break;
      this.forget(oldest);
    }
    return body;
  }

  private forget(path: string): void {
    const entry = this.entries.get(path);
    if (!entry) return;
    this.entries.delete(path);
    this.keptBytes -= entry.body.length;
  }
}

/**
 * The file's bytes when the file opened is the one `stat` describes, before and after reading;
 * undefined when it was replaced or rewritten meanwhile (or is gone).
 */
async function readWhole(path: string, stat: Stats): Promise<Buffer | undefined> {
  const handle = await open(path, 'r').catch(() => undefined);
  if (!handle) return undefined;
  try {
    if (!sameFile(await handle.stat(), stat)) return undefined;
    // Unpooled: a small playlist must not pin a shared 8 kB slab the byte count does not see.
    const body = Buffer.allocUnsafeSlow(stat.size);
    let filled = 0;
    while (filled < body.length) {
      const { bytesRead } = await handle.read(body, filled, body.length - filled, filled);
      if (bytesRead === 0) return undefined;
      filled += bytesRead;
    }
    return sameFile(await handle.stat(), stat) ? body : undefined;
  } finally {
    await handle.close();
  }
}

function sameFile(a: Stats, b: Stats): boolean {
  return a.ino === b.ino && a.dev === b.dev && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs;
}

function identityOf(stat: Stats): string {
  return `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`;
}
