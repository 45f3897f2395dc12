import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MediaTools } from './ffmpeg-binaries';

/**
 * MEDIA_CACHE_DIR (development and tests): media work kept by what produced it, so the same clip
 * made or packaged again is copied instead of encoded again. An entry's key covers everything the
 * output depends on: the inputs (a source's bytes, a clip's settings), the ffmpeg build and the
 * code that drives it (every file beside the module that does the work); a change to any of them
 * is a new key. An entry is written whole to a temporary directory and renamed into place, so a
 * half-written one is never read.
 */
export interface CachedWork<T> {
  /** undefined: no cache, the work is always done. */
  cacheDir: string | undefined;
  /** What the output depends on; `codeOf` adds the code, `tools` the ffmpeg build. */
  key: unknown;
  codeOf: string;
  tools: MediaTools;
  /** Where the work writes its files, and where they are copied on a hit. */
  outputDir: string;
  /** Does the work into outputDir; answers its result and the files it wrote (relative to outputDir). */
  work: () => Promise<{ result: T; files: string[] }>;
}

const RESULT = 'result.json';
const FILES = 'files';

export async function cachedWork<T>(input: CachedWork<T>): Promise<T> {
  if (!input.cacheDir) return (await input.work()).result;
  const key = sha256(JSON.stringify([input.key, await codeHash(input.codeOf), input.tools.version, input.tools.ffprobeVersion, input.tools.ffmpeg, input.tools.ffprobe]));
  const entry = join(input.cacheDir, key);
  const kept = await readFile(join(entry, RESULT), 'utf8').then((text) => JSON.parse(text) as { result: T; files: string[] }, () => undefined);
  if (kept) {
    for (const file of kept.files) {
      await mkdir(dirname(join(input.outputDir, file)), { recursive: true });
      await copyFile(join(entry, FILES, file), join(input.outputDir, file));
    }
    return kept.result;
  }
  const done = await input.work();
  const writing = `${entry}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    for (const file of done.files) {
      await mkdir(dirname(join(writing, FILES, file)), { recursive: true });
      await copyFile(join(input.outputDir, file), join(writing, FILES, file));
    }
    await writeFile(join(writing, RESULT), JSON.stringify(done));
    // Another process may have kept the same work first: theirs stays, ours goes.
    await rename(writing, entry).catch(() => undefined);
  } finally {
    await rm(writing, { recursive: true, force: true });
  }
  return done.result;
}

/** A file's SHA-256, read as a stream (sources can be large). */
export function fileHash(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

const codeHashes = new Map<string, Promise<string>>();

/**
 * Every file in the directory of the module at `moduleUrl` (its sources when run from TypeScript,
 * the whole bundle once compiled), hashed once per process.
 */
function codeHash(moduleUrl: string): Promise<string> {
  const dir = dirname(fileURLToPath(moduleUrl));
  let hash = codeHashes.get(dir);
  if (!hash) {
    hash = (async () => {
      const parts: string[] = [];
      for (const name of (await readdir(dir)).sort()) {
        const path = join(dir, name);
        if ((await stat(path)).isFile()) parts.push(name, await fileHash(path));
      }
      return sha256(parts.join('\0'));
    })();
    codeHashes.set(dir, hash);
  }
  return hash;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
