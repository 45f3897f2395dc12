import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { mediaAssets, type UploadedSubtitle } from '../../db/schema';

/** A video with what its subtitle tracks need; `lock` holds it against a concurrent change. */
export async function findVideo(db: Executor, id: string, options: { lock?: boolean } = {}) {
  const query = db
    .select({
      id: mediaAssets.id,
      access: mediaAssets.access,
      status: mediaAssets.status,
      storagePrefix: mediaAssets.storagePrefix,
      durationSeconds: mediaAssets.durationSeconds,
      subtitles: mediaAssets.subtitles,
      uploadedSubtitles: mediaAssets.uploadedSubtitles,
    })
    .from(mediaAssets)
    .where(eq(mediaAssets.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export type VideoRecord = NonNullable<Awaited<ReturnType<typeof findVideo>>>;

export async function setUploadedSubtitles(db: Executor, id: string, tracks: UploadedSubtitle[]): Promise<void> {
  await db.update(mediaAssets).set({ uploadedSubtitles: tracks, updatedAt: sql`now()` }).where(eq(mediaAssets.id, id));
}
