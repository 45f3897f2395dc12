import { z } from 'zod';
import type { Executor } from '../../db/client';
import { isPlaylist, PACKAGE_FILE } from '../../storage/content-types';
import type { UrlSigner } from '../../storage/url-signer';
import { liveSessionOwner } from '../auth/auth.service';
import { withinLimit } from '../profiles/profiles.service';
import { startRentalClock } from './entitlement.service';
import { decodeHolder, previewAllows } from './link-holder';
import { titlesOfAsset } from './playback.repository';
import { holdsStream } from './streams.service';

export interface MediaAccessDeps {
  signer: UrlSigner;
  /** Sessions unused this long are over (SESSION_IDLE_DAYS); their links stop with them. */
  sessionIdleMs: number;
}

/** The parameters of `/media/s/:expiry/:session/:sig/:assetId/*`, as a router hands them over. */
const signedParams = z.object({
  expiry: z.coerce.number().int(),
  session: z.string().max(80),
  sig: z.string().max(100),
  assetId: z.uuid(),
  '*': z.string().max(200),
});

export const INVALID_LINK = 'This playback link is invalid or has expired';
export const NOT_ON_PROFILE = 'This title is not available on this profile';
export const PRESS_PLAY = 'Press Play to watch: this link only prepares the video';
export const STREAM_STOPPED = 'This stream has stopped: press Play to watch here again';

export type MediaDecision =
  | {
      allowed: true;
      /** The object to send: `videos/<asset>/<file>` in private storage. */
      key: string;
      assetId: string;
      /** When the link ends: nothing derived from it (a presigned URL, a cache entry) may outlive this. */
      expiresAt: Date;
    }
  | { allowed: false; status: 403 | 404; detail: string };

/**
 * The one decision on a signed media request, for every way media is served (this server, an
 * nginx X-Accel offload, object-storage redirects): a genuine signature for this asset, not expired
 * (links live minutes: PLAYBACK_URL_TTL_SECONDS), a safe file name, and a session that is still
 * live — signing out, or the session expiring, stops its links at once; an entitlement that ends
 * (rental over, subscription over, refund) stops them when they expire, because renewal re-checks
 * it. A paid video plays only for a player holding a stream slot: a page's link prepares the first
 * frame and no more, and a player's link stops the moment its slot is stopped or lapses
 * (`LinkHolder`). A variant playlist also starts a rental's viewing clock (the viewer pressed play).
 * Every refusal of the link itself is the same 403, so a probe learns nothing.
 */
export async function authorizeMedia(db: Executor, deps: MediaAccessDeps, params: unknown): Promise<MediaDecision> {
  const parsed = signedParams.safeParse(params);
  if (!parsed.success || !deps.signer.verify(parsed.data)) return refused();
  const holder = decodeHolder(parsed.data.session);
  if (!holder) return refused();
  const { assetId, expiry } = parsed.data;
  const file = parsed.data['*'];
  let userId: string | null = null;
  if (holder.kind !== 'anonymous') {
    const owner = await liveSessionOwner(db, { sessionId: holder.sessionId, idleMs: deps.sessionIdleMs });
    if (!owner) return refused();
    userId = owner.userId;
    // The profile watching now, not the one the link was made for: switching to a kids profile
    // stops a title above its limit at the next request.
    if (!(await playableWithin(db, { assetId, ageLimit: owner.ageLimit }))) return { allowed: false, status: 403, detail: NOT_ON_PROFILE };
  }
  if (!PACKAGE_FILE.test(file)) return { allowed: false, status: 404, detail: 'No such file' };
  if (holder.kind === 'preview' && !previewAllows(file, holder.from)) return { allowed: false, status: 403, detail: PRESS_PLAY };
  if (holder.kind === 'player' && !(await holdsStream({ db, now: () => new Date() }, holder))) return { allowed: false, status: 403, detail: STREAM_STOPPED };
  if (userId && isPlaylist(file) && file !== 'master.m3u8') await startRentalClock(db, { userId, assetId });
  return { allowed: true, key: `videos/${assetId}/${file}`, assetId, expiresAt: new Date(expiry * 1000) };
}

/** A video plays for a limited profile only when a title it belongs to is within the limit (trailers belong to none). */
async function playableWithin(db: Executor, input: { assetId: string; ageLimit: number | null }): Promise<boolean> {
  if (input.ageLimit === null) return true;
  const owners = await titlesOfAsset(db, input.assetId);
  return owners.length === 0 || owners.some((title) => withinLimit(title.ageLimit, input.ageLimit));
}

function refused(): MediaDecision {
  return { allowed: false, status: 403, detail: INVALID_LINK };
}
