import { z } from 'zod';
import type { Executor } from '../../db/client';
import { isPlaylist, PACKAGE_FILE } from '../../storage/content-types';
import type { MediaStorage } from '../../storage/storage';
import type { UrlSigner } from '../../storage/url-signer';
import { householdLimits, withinLimit } from '../profiles/profiles.service';
import { startRentalClock } from './entitlement.service';
import { decodeHolder, previewAllows, type LinkHolder } from './link-holder';
import { mediaSession } from './media-access.repository';
import { lapseBefore } from './streams.service';

export interface MediaAccessDeps {
  signer: UrlSigner;
  /** Sessions unused this long are over (SESSION_IDLE_DAYS); their links stop with them. */
  sessionIdleMs: number;
  /** The session lookup may be a named statement (the embedded database: no pooler to lose it). */
  namedStatements?: boolean;
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

/**
 * How long a proxy in front of the nodes (deploy/nginx, media on a shared disk) may keep a node's
 * yes to a link and send that link's segments without asking again (`mayKeep`, X-Accel-Expires).
 */
export const KEPT_DECISION_SECONDS = 5;

/**
 * How long a yes may still be kept in front of the nodes after it was given, with a second for the
 * statement and the trip to nginx: deploy/nginx keeps them for media on a shared disk only
 * (MEDIA_ACCEL_REDIRECT with local storage; from a bucket every request asks a node). 0: none kept.
 */
export function keptDecisionMs(media: { accelRedirect?: string | undefined; storage: Pick<MediaStorage, 'localRoot'> }): number {
  return media.accelRedirect && media.storage.localRoot ? (KEPT_DECISION_SECONDS + 1) * 1000 : 0;
}

export type MediaDecision =
  | {
      allowed: true;
      /** The object to send: `videos/<asset>/<file>` in private storage. */
      key: string;
      assetId: string;
      /** When the link ends: nothing derived from it (a presigned URL, a cache entry) may outlive this. */
      expiresAt: Date;
      /**
       * Whether a proxy may keep this yes for KEPT_DECISION_SECONDS: not when choosing another of
       * the account's profiles would turn it into a no, so a kept yes never outlives a switch.
       */
      mayKeep: boolean;
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
 * (`LinkHolder`). The title's rating, written in the link, is held to the profile the session
 * watches as now, not the one the link was made for: switching to a kids profile stops a title
 * above its limit at the next request, on every node. A variant playlist also starts a rental's
 * viewing clock (the viewer pressed play). Every refusal of the link itself is the same 403, so a
 * probe learns nothing. A signed-in link costs one statement (`mediaSession`), an anonymous none.
 */
export async function authorizeMedia(db: Executor, deps: MediaAccessDeps, params: unknown): Promise<MediaDecision> {
  const parsed = signedParams.safeParse(params);
  if (!parsed.success || !deps.signer.verify(parsed.data)) return refused();
  const holder = decodeHolder(parsed.data.session);
  if (!holder) return refused();
  const { assetId, expiry } = parsed.data;
  const file = parsed.data['*'];
  const viewer = holder.kind === 'anonymous' ? null : await viewerOf(db, { deps, holder });
  if (viewer === 'refused') return refused();
  if (viewer && !viewer.onProfile) return { allowed: false, status: 403, detail: NOT_ON_PROFILE };
  if (!PACKAGE_FILE.test(file)) return { allowed: false, status: 404, detail: 'No such file' };
  if (holder.kind === 'preview' && !previewAllows(file, holder.from)) return { allowed: false, status: 403, detail: PRESS_PLAY };
  if (holder.kind === 'player' && !viewer?.holdsSlot) return { allowed: false, status: 403, detail: STREAM_STOPPED };
  if (viewer && isPlaylist(file) && file !== 'master.m3u8') await startRentalClock(db, { userId: viewer.userId, assetId });
  return { allowed: true, key: `videos/${assetId}/${file}`, assetId, expiresAt: new Date(expiry * 1000), mayKeep: viewer?.onEveryProfile ?? true };
}

/**
 * The live session a signed-in link names ('refused' when it is over): whether the profile it
 * watches as now may see the link's title, whether every profile of the account may (then no
 * switch can stop it), and for a player's link whether its slot lives.
 */
async function viewerOf(db: Executor, input: { deps: MediaAccessDeps; holder: Exclude<LinkHolder, { kind: 'anonymous' }> }) {
  const { holder } = input;
  const player = holder.kind === 'player' ? { playerId: holder.playerId, since: lapseBefore(new Date()) } : null;
  const session = await mediaSession(db, { sessionId: holder.sessionId, idleMs: input.deps.sessionIdleMs, named: input.deps.namedStatements ?? false, player });
  if (!session) return 'refused' as const;
  const limits = householdLimits(session.household);
  return {
    userId: session.userId,
    onProfile: withinLimit(holder.rating, limits.current),
    onEveryProfile: withinLimit(holder.rating, limits.strictest),
    holdsSlot: session.holdsSlot === true,
  };
}

function refused(): MediaDecision {
  return { allowed: false, status: 403, detail: INVALID_LINK };
}
