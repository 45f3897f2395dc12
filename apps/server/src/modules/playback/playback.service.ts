import { STREAM_SLOT_IDLE_SECONDS, type PlaybackLink, type TitleAccess, type VideoMarkers } from '@marquee/contract';
import type { Executor } from '../../db/client';
import type { MediaStore } from '../../storage/storage';
import type { UrlSigner } from '../../storage/url-signer';
import { offeredSubtitles } from '../../transcoding/master-subtitles';
import { accessFrom, accessTo, entitlementOf, type AccessTitle, type Entitlement, type ViewerAccess } from './entitlement.service';
import { encodeHolder, type LinkHolder } from './link-holder';
import { ForbiddenError, NotFoundError } from '../../lib/domain-errors';
import { withinLimit } from '../profiles/profiles.service';
import { readyAssets, titlesOfAsset, type AssetRecord } from './playback.repository';
import { holdStream, type StreamViewer } from './streams.service';

export type { AssetRecord };

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
    /** What the viewer's account holds, read with their session (null: not signed in). */
    access: ViewerAccess | null;
    /** The title's ready videos (`readyTitleAssets`; the catalogue keeps them with the title). */
    assets: AssetRecord[];
    /** The viewer's session: their links are bound to it and end with it. */
    sessionId: string | null;
    /** `ageLimit`: its links carry it, so they serve only while the session's profile may watch it. */
    title: AccessTitle & { trailerAssetId: string | null; videoAssetId: string | null; ageLimit: number };
    episodes?: { id: string; videoAssetId: string | null }[];
    /** Where the viewer resumes (asked for alongside): a paid video's page link prepares its first frame there. */
    resume?: Promise<{ episodeId: string | null; position: number } | null>;
  },
): Promise<TitleMedia> {
  const episodes = input.episodes ?? [];
  const assets = new Map(input.assets.map((asset) => [asset.id, asset]));
  const resume = await (input.resume ?? null);
  const access = accessFrom(input.access, [input.title]).get(input.title.id) ?? null;
  const entitlement = entitlementOf(access);
  const trailerAsset = input.title.trailerAssetId ? assets.get(input.title.trailerAssetId) : undefined;
  const full = (assetId: string | null, episodeId: string | null): VideoLinks | null => {
    const asset = assetId ? assets.get(assetId) : undefined;
    if (!entitlement.full || !asset) return null;
    const from = resume && resume.episodeId === episodeId ? resume.position : 0;
    return links(asset, deps.signer.prefix({ assetId: asset.id, session: encodeHolder(pageHolder({ sessionId: input.sessionId, entitlement, from, rating: input.title.ageLimit })) }));
  };
  return {
    access,
    entitlement,
    trailer: trailerAsset?.access === 'public' ? deps.store.public.url(`${trailerAsset.storagePrefix}/master.m3u8`) : null,
    video: full(input.title.videoAssetId, null),
    episodes: new Map(episodes.map((e) => [e.id, full(e.videoAssetId, e.id)])),
  };
}

/** A title's ready trailer and videos (its episodes' for a series), in one query: what `titleMedia` plays. */
export async function readyTitleAssets(
  db: Executor,
  input: { title: { trailerAssetId: string | null; videoAssetId: string | null }; episodes?: { videoAssetId: string | null }[] },
): Promise<AssetRecord[]> {
  const ids = [input.title.trailerAssetId, input.title.videoAssetId, ...(input.episodes ?? []).map((e) => e.videoAssetId)];
  return [...(await readyAssets(db, ids)).values()];
}

/**
 * A page's link to a paid video prepares the first frame only: the title itself plays under the
 * link the player gets with its stream slot when Play is pressed (`renewPlaybackLink`). A free
 * title takes no slot, so its page link serves it whole.
 */
function pageHolder(input: { sessionId: string | null; entitlement: Entitlement; from: number; rating: number }): LinkHolder {
  const { sessionId, rating } = input;
  if (!sessionId) return { kind: 'anonymous' };
  if (input.entitlement.reason === 'free') return { kind: 'session', sessionId, rating };
  return { kind: 'preview', sessionId, from: input.from, rating };
}

/**
 * A fresh signed prefix for a video the viewer is playing, asked for by the player when play is
 * pressed and then regularly while it plays. Entitlement is decided again now, so a rental that
 * ended, a subscription that lapsed or a refunded payment refuses here and the player stops within
 * one link lifetime. A paid title (subscription or rental) also holds the player's stream slot:
 * each renewal is its heartbeat, one stream too many is refused (409) with what plays where, and
 * the link serves the title only while the slot lives (stopped from another device, it stops).
 */
export async function renewPlaybackLink(
  db: Executor,
  deps: PlaybackDeps & { now: () => Date },
  input: { viewer: PlaybackViewer | null; assetId: string; titleId?: string; playerId?: string; device: string },
): Promise<PlaybackLink> {
  const all = await titlesOfAsset(db, input.assetId);
  if (all.length === 0) throw new NotFoundError('Video');
  // The title being watched, when named: a video may serve several titles (the demo shares clips).
  const named = input.titleId === undefined ? all : all.filter((title) => title.id === input.titleId);
  if (named.length === 0) throw new NotFoundError('Video');
  const watched = named.filter((title) => withinLimit(title.ageLimit, input.viewer?.ageLimit ?? null));
  if (watched.length === 0) throw new ForbiddenError(notOnProfile({ titles: named, viewer: input.viewer! }));
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
  const { viewer } = input;
  // A client that names no player shares one slot among the session's players.
  const player = viewer ? { ...viewer, playerId: input.playerId ?? viewer.sessionId } : null;
  const streamId =
    player && chosen.entitlement.reason !== 'free'
      ? await holdStream({ db, now: deps.now }, { viewer: player, titleId: chosen.title.id, device: input.device })
      : null;
  const rating = chosen.title.ageLimit;
  const holder: LinkHolder = !player
    ? { kind: 'anonymous' }
    : streamId
      ? { kind: 'player', sessionId: player.sessionId, playerId: player.playerId, rating }
      : { kind: 'session', sessionId: player.sessionId, rating };
  const signed = deps.signer.sign({ assetId: input.assetId, session: encodeHolder(holder) });
  const expiresIn = Math.max(0, Math.floor((signed.expiresAt.getTime() - Date.now()) / 1000));
  const halfLife = Math.max(1, Math.floor(expiresIn / 2));
  const renewIn = streamId ? Math.min(halfLife, HEARTBEAT_SECONDS) : halfLife;
  return { prefix: signed.prefix, expiresAt: signed.expiresAt.toISOString(), expiresIn, renewIn, streamId };
}

/** Who asks for a link: their session, and the profile it watches as now (null: none chosen yet) with its limit. */
export interface PlaybackViewer extends StreamViewer {
  ageLimit: number | null;
  profileName: string | null;
}

/**
 * Why a title does not play on the profile watching now, in words for a viewer who may not know the
 * profile changed: a switch in another tab stops the player with this.
 */
function notOnProfile(input: { titles: { name: string; ageLimit: number }[]; viewer: PlaybackViewer }): string {
  const title = input.titles.reduce((lowest, next) => (next.ageLimit < lowest.ageLimit ? next : lowest));
  const limit = input.viewer.ageLimit ?? 0;
  const who = input.viewer.profileName === null ? 'the profile watching now' : `${input.viewer.profileName}, the profile watching now,`;
  const allowed = limit === 0 ? 'titles for all ages only' : `titles rated up to ${limit}+`;
  return `${title.name} is rated ${title.ageLimit}+ and ${who} may watch ${allowed}. To keep watching, switch to a profile that may watch it.`;
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
    subtitles: offeredSubtitles(asset).map((s) => ({ lang: s.lang, label: s.label, src: `${prefix}/${s.key}` })),
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
