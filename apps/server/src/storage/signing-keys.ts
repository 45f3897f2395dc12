import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * The keys that sign playback URLs: MEDIA_SIGNING_KEYS when configured (every server process of a
 * site must share them), otherwise one key created on first start and kept in DATA_DIR.
 */
export async function mediaSigningKeys(options: { configured: string[] | undefined; dataDir: string }): Promise<string[]> {
  if (options.configured) return options.configured;
  const path = join(options.dataDir, 'secrets', 'media-signing.key');
  try {
    return [(await readFile(path, 'utf8')).trim()];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(32).toString('base64url');
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, key, { mode: 0o600 });
  return [key];
}
