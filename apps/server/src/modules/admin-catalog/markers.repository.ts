import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { mediaAssets, type VideoMarkerSet } from '../../db/schema';

/** A video with what deciding its markers needs, locked against a concurrent change. */
export async function findVideo(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: mediaAssets.id,
      status: mediaAssets.status,
      durationSeconds: mediaAssets.durationSeconds,
      markers: mediaAssets.markers,
      suggestedMarkers: mediaAssets.suggestedMarkers,
    })
    .from(mediaAssets)
    .where(eq(mediaAssets.id, id))
    .for('update');
  return row;
}

export async function setMarkers(db: Executor, id: string, markers: VideoMarkerSet): Promise<void> {
  await db.update(mediaAssets).set({ markers, updatedAt: sql`now()` }).where(eq(mediaAssets.id, id));
}
