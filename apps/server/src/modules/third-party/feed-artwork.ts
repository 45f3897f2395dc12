import { storeCreditPortrait, storePartnerArtwork } from '../../images/partner-artwork';
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

/**
 * Artwork is fetched once per set of thumbnail URLs and stored through the storage interface.
 * When the partner's image server fails, the item still imports: with its previous artwork, or a
 * drawn title card, and the fetch is tried again on the next sync.
 */
export async function partnerArtwork(input: {
  deps: { store: MediaStore; log: WorkerLog } & PartnerFetchPolicy;
  feed: { name: string };
  item: FeedItem;
  before: { verticalBanner: string; horizontalBanner: string; artworkSource: string } | undefined;
  source: string;
}): Promise<ArtworkPlan> {
  const { deps, item, before, source } = input;
  const credits = await Promise.all(
    item.credits.map(async (credit) => ({
      id: uuidFromText(`${credit.name}\n${credit.role}`),
      name: credit.name,
      role: credit.role,
      image: await storeCreditPortrait({ store: deps.store, name: credit.name }),
    })),
  );
  if (before && before.artworkSource === source) return { ...bannersOf(before), source, credits };

  const prefix = `third-party/${slugify(input.feed.name) || 'feed'}/${sha256Hex(item.guid).slice(0, 16)}-${sha256Hex(source).slice(0, 8)}`;
  const { portrait, landscape } = pickThumbnails(item.thumbnails);
  try {
    const [portraitImage, landscapeImage] = await Promise.all([
      portrait ? fetchImage(portrait.url, deps) : null,
      landscape && landscape !== portrait ? fetchImage(landscape.url, deps) : null,
    ]);
    const stored = await storePartnerArtwork({
      store: deps.store,
      prefix,
      name: item.title,
      portrait: portraitImage,
      landscape: landscapeImage ?? portraitImage,
    });
    return { ...stored, source, credits };
  } catch (error) {
    deps.log.warn({ feed: input.feed.name, guid: item.guid, error: error instanceof Error ? error.message : String(error) }, 'third-party artwork not fetched; will retry');
    if (before) return { ...bannersOf(before), source: before.artworkSource, credits };
    const card = await storePartnerArtwork({ store: deps.store, prefix: `${prefix}-card`, name: item.title, portrait: null, landscape: null });
    return { ...card, source: '', credits };
  }
}

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
