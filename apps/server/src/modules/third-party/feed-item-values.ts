import type { FeedItem } from './mrss-parser';
import type { ArtworkPlan } from './feed-artwork';
import type { ItemValues, TitleValues } from './feed-sync.repository';
import { searchColumns } from '../../lib/search-normalize';
import { centsOf } from '../../lib/money';

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

/** The `titles` and `third_party_items` columns of one feed item. */
export function itemValues(input: { item: FeedItem; artwork: ArtworkPlan; contentHash: string }): { title: TitleValues; item: ItemValues } {
  const { item, artwork } = input;
  return {
    title: {
      name: item.title,
      description: item.description,
      language: languageOf(item.language),
      // A feed knows when the partner published an item, not when it was made: the closest year we have.
      releaseYear: item.publishedAt?.getUTCFullYear() ?? null,
      durationMinutes: item.media.durationSeconds ? Math.max(1, Math.round(item.media.durationSeconds / 60)) : 0,
      rating: null,
      ageLimit: item.ageLimit,
      isFree: item.isFree,
      rentPriceCents: centsOf(item.rentPrice),
      isEnable: true,
      verticalBanner: artwork.verticalBanner,
      horizontalBanner: artwork.horizontalBanner,
      ...searchColumns({ name: item.title, cast: item.credits.map((c) => c.name), genres: item.categories }),
    },
    item: {
      mediaUrl: item.media.url,
      mediaType: item.media.type,
      trailerUrl: item.trailerUrl,
      collections: item.categories,
      credits: artwork.credits,
      publishedAt: item.publishedAt,
      artworkSource: artwork.source,
      contentHash: input.contentHash,
      lastSeenAt: new Date(),
    },
  };
}

function languageOf(code: string | null): string {
  if (!code) return 'English';
  try {
    return languageNames.of(code) ?? code;
  } catch {
    return code;
  }
}
