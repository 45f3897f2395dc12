import type { TitleAccess } from '@marquee/contract';
import type { Executor } from '../../db/client';
import type { MediaStore } from '../../storage/storage';
import type { UrlSigner } from '../../storage/url-signer';
import { accessTo, ANONYMOUS_VIEWER, entitlementOf, type AccessTitle, type Entitlement } from './entitlement.service';
import { readyAssets, type AssetRecord } from './playback.repository';

export interface PlaybackDeps {
  signer: UrlSigner;
  store: MediaStore;
}

export interface VideoLinks {
  /** Master playlist. */
  url: string;
  thumbnails: string | null;
  subtitles: { lang: string; label: string; src: string }[];
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
    return links(asset, deps.signer.prefix({ assetId: asset.id, viewer: input.viewerId ?? ANONYMOUS_VIEWER }));
  };
  return {
    access,
    entitlement,
    trailer: trailerAsset?.access === 'public' ? deps.store.public.url(`${trailerAsset.storagePrefix}/master.m3u8`) : null,
    video: full(input.title.videoAssetId),
    episodes: new Map(episodes.map((e) => [e.id, full(e.videoAssetId)])),
  };
}

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
  };
}
