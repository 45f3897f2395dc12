import { STREAM_SLOT_IDLE_SECONDS, type PlaybackLink, type TitleAccess, type VideoMarkers } from '@marquee/contract';
import type { Executor } from '../../db/client';
import type { MediaStore } from '../../storage/storage';
import type { UrlSigner } from '../../storage/url-signer';
import { accessTo, ANONYMOUS_VIEWER, entitlementOf, type AccessTitle, type Entitlement } from './entitlement.service';
import { ForbiddenError, NotFoundError } from '../../lib/domain-errors';
import { withinLimit } from '../profiles/profiles.service';
import { readyAssets, titlesOfAsset, type AssetRecord } from './playback.repository';
import { holdStream, type StreamViewer } from './streams.service';

export interface PlaybackDeps {
  signer: UrlSigner;
  store: MediaStore;
}

export interface VideoLinks {
  /** Master playlist. */
  url: string;
  thumbnails: string | null;
  subtitles: { lang: string; label: string; src: string }[];
  markers: VideoMarkers | null;
}

export interface TitleMedia {
  /** The viewer's access badge; `entitlement` follows from it. */
  access: TitleAccess;
  entitlement: Entitlement;
  /** Public trailer master playlist, or null. */
  trailer: string | null;
  /** The full movie, only for an entitled viewer. */
  video: VideoLinks | null;
  /** Each episode's full video, only for an entitled viewer. */
  episodes: Map<string, VideoLinks | null>;
}

/**
 * What a viewer may play of a title: the trailer for everyone, full video (movie or episodes) as
 * signed links only when the server finds them entitled.
 */
export async function titleMedia(
  db: Executor,
  deps: PlaybackDeps,
  input: {
    viewerId: string | null;
    /** The viewer's session: their links are bound to it and end with it. */
    sessionId: string | null;
    title: AccessTitle & { trailerAssetId: string | null; videoAssetId: string | null };
    episodes?: { id: string; videoAssetId: string | null }[];
  },
): Promise<TitleMedia> {
  const episodes = input.episodes ?? [];
  const [accessById, assets] = await Promise.all([
    accessTo(db, { userId: input.viewerId, titles: [input.title] }),
    readyAssets(db, [input.title.trailerAssetId, input.title.videoAssetId, ...episodes.map((e) => e.videoAssetId)]),
  ]);
  const access = accessById.get(input.title.id) ?? null;
  const entitlement = entitlementOf(access);
  const trailerAsset = input.title.trailerAssetId ? assets.get(input.title.trailerAssetId) : undefined;
  const full = (assetId: string | null): VideoLinks | null => {
    const asset = assetId ? assets.get(assetId) : undefined;
    if (!entitlement.full || !asset) return null;
    return links(asset, deps.signer.prefix({ assetId: asset.id, session: input.sessionId ?? ANONYMOUS_VIEWER }));
  };
  return {
    access,
    entitlement,
    trailer: trailerAsset?.access === 'public' ? deps.store.public.url(`${trailerAsset.storagePrefix}/master.m3u8`) : null,
    video: full(input.title.videoAssetId),
    episodes: new Map(episodes.map((e) => [e.id, full(e.videoAssetId)])),
  };
}

/**
 * A fresh signed prefix for a video the viewer is playing, asked for by the player when play is
 * pressed and then regularly while it plays. Entitlement is decided again now, so a rental that
 * ended, a subscription that lapsed or a refunded payment refuses here and the player stops within
 * one link lifetime. A paid title (subscription or rental) also holds the session's stream slot:
 * each renewal is its heartbeat, and one stream too many is refused (409) with what plays where.
 */
export async function renewPlaybackLink(
  db: Executor,
  deps: PlaybackDeps & { now: () => Date },
  input: { viewer: (StreamViewer & { ageLimit: number | null }) | null; assetId: string; titleId?: string; device: string },
): Promise<PlaybackLink> {
  const all = await titlesOfAsset(db, input.assetId);
  if (all.length === 0) throw new NotFoundError('Video');
  const owners = all.filter((title) => withinLimit(title.ageLimit, input.viewer?.ageLimit ?? null));
  if (owners.length === 0) throw new ForbiddenError('This title is not available on this profile');
  // The title being watched, when named: a video may serve several titles (the demo shares clips).
  const watched = input.titleId === undefined ? owners : owners.filter((title) => title.id === input.titleId);
  if (watched.length === 0) throw new NotFoundError('Video');
  const access = await accessTo(db, { userId: input.viewer?.userId ?? null, titles: watched });
  const entitled = watched
    .map((title) => ({ title, entitlement: entitlementOf(access.get(title.id) ?? null) }))
    .filter(({ entitlement }) => entitlement.full)
    // A free title needs no stream slot: prefer it when the video plays for one.
    .sort((a, b) => Number(a.entitlement.reason !== 'free') - Number(b.entitlement.reason !== 'free'));
  const chosen = entitled[0];
  if (!chosen) {
    throw new ForbiddenError(input.viewer ? 'Your access to this title has ended' : 'Sign in to keep watching');
  }
  const streamId =
    input.viewer && chosen.entitlement.reason !== 'free'
      ? await holdStream({ db, now: deps.now }, { viewer: input.viewer, titleId: chosen.title.id, device: input.device })
      : null;
  const signed = deps.signer.sign({ assetId: input.assetId, session: input.viewer?.sessionId ?? ANONYMOUS_VIEWER });
  const expiresIn = Math.max(0, Math.floor((signed.expiresAt.getTime() - Date.now()) / 1000));
  const halfLife = Math.max(1, Math.floor(expiresIn / 2));
  const renewIn = streamId ? Math.min(halfLife, HEARTBEAT_SECONDS) : halfLife;
  return { prefix: signed.prefix, expiresAt: signed.expiresAt.toISOString(), expiresIn, renewIn, streamId };
}

/** A third of a slot's idle minute: two heartbeats may fail before the slot lapses. */
const HEARTBEAT_SECONDS = Math.floor(STREAM_SLOT_IDLE_SECONDS / 3);

/** The public trailer playlists of several titles (banners), by title id. */
export async function trailerUrls(
  db: Executor,
  deps: PlaybackDeps,
  titles: { id: string; trailerAssetId: string | null }[],
): Promise<Map<string, string>> {
  const assets = await readyAssets(db, titles.map((t) => t.trailerAssetId));
  const urls = new Map<string, string>();
  for (const title of titles) {
    const asset = title.trailerAssetId ? assets.get(title.trailerAssetId) : undefined;
    if (asset?.access === 'public') urls.set(title.id, deps.store.public.url(`${asset.storagePrefix}/master.m3u8`));
  }
  return urls;
}

function links(asset: AssetRecord, prefix: string): VideoLinks {
  return {
    url: `${prefix}/master.m3u8`,
    thumbnails: asset.thumbnailsKey ? `${prefix}/${asset.thumbnailsKey}` : null,
    subtitles: asset.subtitles.map((s) => ({ lang: s.lang, label: s.label, src: `${prefix}/${s.key}` })),
    markers: effectiveMarkers(asset),
  };
}

/** The markers viewers get: an operator's, else what packaging suggested (it finds no recap). */
export function effectiveMarkers(asset: Pick<AssetRecord, 'markers' | 'suggestedMarkers'>): VideoMarkers | null {
  if (asset.markers) return asset.markers;
  const suggested = asset.suggestedMarkers;
  if (!suggested || (suggested.introEnd === null && suggested.creditsStart === null)) return null;
  return { introStart: suggested.introStart, introEnd: suggested.introEnd, recapStart: null, recapEnd: null, creditsStart: suggested.creditsStart };
}
