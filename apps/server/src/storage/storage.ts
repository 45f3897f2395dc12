import { mkdir, readFile, rename, rm, writeFile, copyFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';

/** One area of media storage (public or private): a local directory or an object storage prefix. */
export interface MediaStorage {
  put(key: string, data: Buffer, options?: { contentType?: string }): Promise<void>;
  /** Copies a local file in (large media: streamed, never held whole in memory). */
  putFile(key: string, localPath: string, options?: { contentType?: string }): Promise<void>;
  remove(key: string): Promise<void>;
  /**
   * A local file holding the object, for tools that need a path (ffmpeg): the stored file itself
   * on local storage, a download into `scratchDir` on object storage. The caller removes scratchDir.
   */
  localFile(key: string, options: { scratchDir: string }): Promise<string>;
  /** A small object's bytes (playlists), or undefined when there is none. */
  read(key: string): Promise<Buffer | undefined>;
  /**
   * A URL the browser may fetch the object from directly until `expiresAt` (object storage), or
   * undefined when the app serves the object itself from `localRoot`.
   */
  directUrl(key: string, options: { expiresAt: Date }): Promise<string | undefined>;
  /** The directory holding this area when it is local (the app sends files with Range and ETag). */
  localRoot: string | undefined;
}

/** Public media is served to anyone under /media/; private media only through signed URLs. */
export interface MediaStore {
  public: MediaStorage & {
    /** The URL the browser loads a public object from. */
    url(key: string): string;
    /** The key of one of our public URLs, or undefined for anything else. */
    keyOf(url: string): string | undefined;
  };
  private: MediaStorage;
  /** Origins other than the site's that browsers load media from (the page's CSP must allow them). */
  origins: string[];
}

const PUBLIC_PREFIX = '/media/';

export function localMediaStore(options: { publicRoot: string; privateRoot: string }): MediaStore {
  return {
    public: {
      ...localDirectory(options.publicRoot),
      url: (key) => `${PUBLIC_PREFIX}${key}`,
      keyOf: (url) => (url.startsWith(PUBLIC_PREFIX) ? url.slice(PUBLIC_PREFIX.length) : undefined),
    },
    private: localDirectory(options.privateRoot),
    origins: [],
  };
}

function localDirectory(root: string): MediaStorage {
  const pathOf = (key: string) => {
    const path = normalize(join(root, key));
    if (!path.startsWith(root + sep)) throw new Error(`media key escapes the media directory: ${key}`);
    return path;
  };
  // Write beside, then rename: a reader never sees half a file.
  const atomically = async (key: string, write: (partial: string) => Promise<void>) => {
    const path = pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const partial = `${path}.${process.pid}.partial`;
    await write(partial);
    await rename(partial, path);
  };
  return {
    put: (key, data) => atomically(key, (partial) => writeFile(partial, data)),
    putFile: (key, localPath) => atomically(key, (partial) => copyFile(localPath, partial)),
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    localFile: async (key) => pathOf(key),
    async read(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    directUrl: async () => undefined,
    localRoot: root,
  };
}
