import type { AdminVideoMarkers, MarkersInput } from '@marquee/contract/admin';
import type { VideoMarkerSet } from '../../db/schema';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/domain-errors';
import type { Actor } from '../audit/audit.service';
import { effectiveMarkers } from '../playback/playback.service';
import { changeCatalog, type CatalogDeps } from './catalog-change';
import * as repo from './markers.repository';

export async function getMarkers(deps: CatalogDeps, id: string): Promise<AdminVideoMarkers> {
  const video = await repo.findVideo(deps.db, id);
  if (!video) throw new NotFoundError('Video');
  return view(video);
}

/**
 * An operator's markers replace the suggestion for viewers. Every time must fall within the
 * video (credits start before its end): a marker outside it is refused, and nothing changes.
 */
export async function setMarkers(deps: CatalogDeps, input: { actor: Actor; id: string; markers: MarkersInput }): Promise<AdminVideoMarkers> {
  const markers = input.markers as VideoMarkerSet;
  return changeCatalog(deps, input.actor, async (tx) => {
    const video = await repo.findVideo(tx, input.id);
    if (!video) throw new NotFoundError('Video');
    if (video.status !== 'ready' || video.durationSeconds === null) throw new ConflictError('The video is not ready yet: markers need its duration');
    assertWithin(markers, video.durationSeconds);
    await repo.setMarkers(tx, video.id, markers);
    return {
      result: view({ ...video, markers }),
      audit: { action: 'video.markers', entityType: 'video', entityId: video.id, summary: 'Set the intro, recap and credits markers', before: video.markers, after: markers },
    };
  });
}

function assertWithin(markers: VideoMarkerSet, durationSeconds: number): void {
  for (const field of ['introStart', 'introEnd', 'recapStart', 'recapEnd', 'creditsStart'] as const) {
    const at = markers[field];
    // The credits start before the end; a range may end with the video.
    const outside = at !== null && (field === 'creditsStart' ? at >= durationSeconds : at > durationSeconds);
    if (outside) throw new BadRequestError(`${field} (${at} s) is outside the video, which lasts ${durationSeconds} s`, { field });
  }
}

function view(video: NonNullable<Awaited<ReturnType<typeof repo.findVideo>>>): AdminVideoMarkers {
  const suggested = effectiveMarkers({ markers: null, suggestedMarkers: video.suggestedMarkers });
  return { markers: effectiveMarkers(video), confirmed: video.markers !== null, suggested, durationSeconds: video.durationSeconds };
}
