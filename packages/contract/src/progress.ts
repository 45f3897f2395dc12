import { z } from 'zod';
import { contentKind, rowItem } from './catalog';
import { id } from './common';

/** Watched fraction from which a title counts as finished (or earlier, from its credits marker). */
export const FINISHED_AT = 0.95;
/** Watched fraction below which playback starts from the beginning. */
export const RESUME_FROM = 0.05;

export const progressUpdate = z
  .object({
    titleId: id,
    /** The episode being watched (series). */
    episodeId: id.optional(),
    /** Seconds from the start. */
    position: z.number().min(0),
    /** Seconds in the whole video. */
    duration: z.number().positive().max(24 * 60 * 60),
  })
  .refine((p) => p.position <= p.duration + 5, { message: 'position is past the end of the video', path: ['position'] });

export const continueWatchingEntry = z.object({
  kind: contentKind,
  item: rowItem,
  /** For a series: the episode to play (the next one when the last was finished). */
  episode: z.object({ _id: id, number: z.number().int(), name: z.string() }).nullable(),
  position: z.number(),
  duration: z.number(),
});
export type ContinueWatchingEntry = z.infer<typeof continueWatchingEntry>;
