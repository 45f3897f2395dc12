import { storeCreditPortrait, storePartnerArtwork, type PartnerArtwork } from '../../images/partner-artwork';
import type { PartnerCredit } from '../../db/schema';
import { fetchImage, type PartnerFetchPolicy } from './feed-fetcher';
import type { FeedItem, Thumbnail } from './mrss-parser';
import { sha256Hex } from '../../lib/sha256';
import { slugify, uuidFromText } from './feed-keys';
import type { WorkerLog } from '../../jobs/worker-log';
import type { MediaStore } from '../../storage/storage';

/** The artwork columns of an item about to be written. */
export interface ArtworkPlan {
  verticalBanner: string;
  horizontalBanner: string;
  /** The thumbnail URLs these images came from; '' when they are stand-ins to retry next time. */
  source: string;
  credits: PartnerCredit[];
}

export type ArtworkDeps = { store: MediaStore; log: WorkerLog } & PartnerFetchPolicy;

/**
 * Artwork for one sync of one feed. Pictures are fetched once per set of thumbnail URLs and stored
 * through the storage interface. What is drawn rather than fetched is drawn once and shared: the
 * feed's stand-in card (an item without artwork, or whose image server failed) and each credit's
 * portrait. Drawing and encoding a picture with its sizes costs about half a second of CPU, so a
 * catalogue of thousands of plain items must not draw one each.
 */
export function feedArtwork(deps: ArtworkDeps, feed: { name: string }) {
  const folder = `third-party/${slugify(feed.name) || 'feed'}`;
  let standIn: Promise<PartnerArtwork> | undefined;
  const portraits = new Map<string, Promise<string>>();

  const standInCard = () =>
    (standIn ??= (async () => {
      // Named by what is drawn on it, so a card stored by an earlier sync is found, not drawn again.
      const prefix = `${folder}/${sha256Hex(`stand-in\n${feed.name}`).slice(0, 16)}-card`;
      const keys = [`${prefix}-poster.webp`, `${prefix}-wide.webp`];
      // Each picture is written after its sizes: when both are there, so is everything else.
      const stored = await Promise.all(keys.map((key) => deps.store.public.read(key)));
      if (stored.every(Boolean)) return { verticalBanner: deps.store.public.url(keys[0]!), horizontalBanner: deps.store.public.url(keys[1]!) };
      return storePartnerArtwork({ store: deps.store, prefix, name: feed.name, portrait: null, landscape: null });
    })());

  const portrait = (name: string) => {
    let pending = portraits.get(name);
    if (!pending) {
      pending = storeCreditPortrait({ store: deps.store, name });
      portraits.set(name, pending);
    }
    return pending;
  };

  return {
    /**
     * The item's artwork. When the partner's image server fails, the item still imports: with its
     * previous artwork, or the stand-in card, and the fetch is tried again on the next sync.
     */
    async of(input: { item: FeedItem; before: { verticalBanner: string; horizontalBanner: string; artworkSource: string } | undefined; source: string }): Promise<ArtworkPlan> {
      const { item, before, source } = input;
      const credits = await Promise.all(
        item.credits.map(async (credit) => ({ id: uuidFromText(`${credit.name}\n${credit.role}`), name: credit.name, role: credit.role, image: await portrait(credit.name) })),
      );
      if (before && before.artworkSource === source) return { ...bannersOf(before), source, credits };
      // No thumbnail at all: the stand-in, for good (the source is '' and stays so).
      if (item.thumbnails.length === 0) return { ...(await standInCard()), source, credits };

      const prefix = `${folder}/${sha256Hex(item.guid).slice(0, 16)}-${sha256Hex(source).slice(0, 8)}`;
      const { portrait: tall, landscape } = pickThumbnails(item.thumbnails);
      try {
        const [portraitImage, landscapeImage] = await Promise.all([
          tall ? fetchImage(tall.url, deps) : null,
          landscape && landscape !== tall ? fetchImage(landscape.url, deps) : null,
        ]);
        const stored = await storePartnerArtwork({ store: deps.store, prefix, name: item.title, portrait: portraitImage, landscape: landscapeImage ?? portraitImage });
        return { ...stored, source, credits };
      } catch (error) {
        deps.log.warn({ feed: feed.name, guid: item.guid, error: error instanceof Error ? error.message : String(error) }, 'third-party artwork not fetched; will retry');
        if (before) return { ...bannersOf(before), source: before.artworkSource, credits };
        return { ...(await standInCard()), source: '', credits };
      }
    },
  };
}

export type FeedArtwork = ReturnType<typeof feedArtwork>;

/** The tallest thumbnail for posters and the widest for 16:9; without sizes, the first serves both. */
function pickThumbnails(thumbnails: Thumbnail[]): { portrait: Thumbnail | undefined; landscape: Thumbnail | undefined } {
  const ratio = (t: Thumbnail) => (t.width && t.height ? t.height / t.width : 1);
  const byRatio = [...thumbnails].sort((a, b) => ratio(b) - ratio(a));
  const portrait = byRatio.find((t) => ratio(t) > 1);
  const landscape = [...byRatio].reverse().find((t) => ratio(t) <= 1) ?? portrait;
  return { portrait: portrait ?? landscape, landscape };
}

function bannersOf(before: { verticalBanner: string; horizontalBanner: string }) {
  return { verticalBanner: before.verticalBanner, horizontalBanner: before.horizontalBanner };
}
