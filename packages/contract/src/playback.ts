import { z } from 'zod';
export { SIGNED_PREFIX, signedAssetOf } from './signed-link';

/**
 * A fresh signed prefix for a video's files (`/media/s/<expiry>/<session>/<sig>/<asset>`), replacing
 * the prefix of every URL the player already holds for that video. Links live minutes and are bound
 * to the viewer's session; the player asks for the next one before `expiresAt`.
 */
export const playbackLink = z.object({
  prefix: z.string(),
  expiresAt: z.string(),
  /** The link's lifetime from now, so a client renews on time whatever its own clock says. */
  expiresIn: z.number().int().nonnegative(),
  /**
   * Seconds until the player should ask again: half the link's life, and often enough to keep its
   * stream slot (a heartbeat; a slot not renewed for a minute is freed).
   */
  renewIn: z.number().int().positive(),
  /** The stream slot this playback holds (paid videos of a signed-in viewer), released when the player closes. */
  streamId: z.uuid().nullable(),
});
export type PlaybackLink = z.infer<typeof playbackLink>;

/** A video playing on one of the account's devices (a stream slot). */
export const activeStream = z.object({
  _id: z.uuid(),
  /** From the device's user agent: 'Chrome on Windows', 'Safari on iPhone'. */
  device: z.string(),
  /** The title being watched (a series' name for an episode). */
  title: z.string(),
  startedAt: z.string(),
  /** This device's own stream. */
  current: z.boolean(),
});
export type ActiveStream = z.infer<typeof activeStream>;

/** A slot not renewed for this long is free again (the player renews well within it). */
export const STREAM_SLOT_IDLE_SECONDS = 60;
