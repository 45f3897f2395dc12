import { z } from 'zod';
import { id } from '../common';
import { videoMarkers } from '../catalog';
import { adminEndpoint, can } from './access';

const second = z.number({ message: 'Enter a time in seconds' }).min(0, 'Must not be negative').max(24 * 60 * 60, 'Must be within 24 hours');

/** An operator's markers for a video; each range has both ends or neither, its start before its end. */
export const markersInput = z
  .object({
    introStart: second.nullable(),
    introEnd: second.nullable(),
    recapStart: second.nullable(),
    recapEnd: second.nullable(),
    creditsStart: second.nullable(),
  })
  .superRefine((markers, ctx) => {
    for (const range of ['intro', 'recap'] as const) {
      const start = markers[`${range}Start`];
      const end = markers[`${range}End`];
      if ((start === null) !== (end === null)) {
        ctx.addIssue({ code: 'custom', path: [start === null ? `${range}Start` : `${range}End`], message: `Give both ends of the ${range}, or neither` });
      } else if (start !== null && end !== null && start >= end) {
        ctx.addIssue({ code: 'custom', path: [`${range}End`], message: `The ${range} must end after it starts` });
      }
    }
  });
export type MarkersInput = z.input<typeof markersInput>;

export const adminVideoMarkers = z.object({
  /** What viewers get: the operator's markers, else the suggestion. */
  markers: videoMarkers.nullable(),
  /** Set by an operator (true), or the packaging's suggestion (false). */
  confirmed: z.boolean(),
  /** Where packaging found the intro's end and the credits (black, silent breaks). */
  suggested: videoMarkers.nullable(),
  durationSeconds: z.number().int().nullable(),
});
export type AdminVideoMarkers = z.infer<typeof adminVideoMarkers>;

/** An upload's name: the last segment of its tus URL (/admin/api/uploads/<name>). */
export const uploadName = z.string().regex(/^[0-9a-f]{32}$/, 'Not an upload of this site');

/** Where an uploaded video goes: a movie's full video, a title's trailer, or an episode's video. */
export const videoSlot = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('title'), titleId: id, role: z.enum(['video', 'trailer']) }),
  z.object({ kind: z.literal('episode'), episodeId: id }),
]);
export type VideoSlot = z.infer<typeof videoSlot>;

export const attachUploadInput = z.object({ upload: uploadName, slot: videoSlot });
export type AttachUploadInput = z.input<typeof attachUploadInput>;

/** A queued job waits for a worker; 'succeeded' is shown as finished; 'cancelled' was stopped by an operator. */
export const jobStatus = z.enum(['queued', 'running', 'succeeded', 'failed', 'cancelled']);
export type JobStatus = z.infer<typeof jobStatus>;

/** A video's packaging: the asset's state and its transcode job's progress. */
export const videoTranscode = z.object({
  assetId: id,
  /** The asset: 'ready' once viewers can play it. */
  state: z.enum(['pending', 'processing', 'ready', 'failed']),
  job: z
    .object({
      id,
      status: jobStatus,
      /** 0-100, from ffmpeg's progress output while it encodes. */
      progress: z.number().int(),
      /** What is being made now, e.g. "Encoding 720p, 480p and 360p". */
      stage: z.string(),
      attempts: z.number().int(),
      maxAttempts: z.number().int(),
      /** ffmpeg's own message when the last attempt failed. */
      error: z.string().nullable(),
    })
    .nullable(),
});
export type VideoTranscode = z.infer<typeof videoTranscode>;

const tags = ['admin: media'];

export const mediaEndpoints = {
  attachUpload: adminEndpoint({
    method: 'POST',
    path: '/admin/api/videos',
    summary: "Attach a finished upload to a movie, a title's trailer or an episode, and queue its transcode; 409 while it is still uploading or once attached",
    tags,
    roles: can.editCatalog,
    body: attachUploadInput,
    response: videoTranscode,
  }),
  videoTranscode: adminEndpoint({
    method: 'GET',
    path: '/admin/api/videos/:id/transcode',
    summary: "A video's state and its transcode's progress (percent, stage, ffmpeg's error)",
    tags,
    roles: can.readCatalog,
    params: z.object({ id }),
    response: videoTranscode,
  }),
  retryTranscode: adminEndpoint({
    method: 'POST',
    path: '/admin/api/videos/:id/transcode/retry',
    summary: 'Queue a failed transcode again, with its attempts counted afresh; 409 unless it failed',
    tags,
    roles: can.editCatalog,
    params: z.object({ id }),
    response: videoTranscode,
  }),
  videoMarkers: adminEndpoint({
    method: 'GET',
    path: '/admin/api/videos/:id/markers',
    summary: "A video's intro, recap and credits markers, and what packaging suggested",
    tags,
    roles: can.readCatalog,
    params: z.object({ id }),
    response: adminVideoMarkers,
  }),
  setVideoMarkers: adminEndpoint({
    method: 'PUT',
    path: '/admin/api/videos/:id/markers',
    summary: "Set a video's markers (seconds, within its duration); 400 for a marker outside it",
    tags,
    roles: can.editCatalog,
    params: z.object({ id }),
    body: markersInput,
    response: adminVideoMarkers,
  }),
};
