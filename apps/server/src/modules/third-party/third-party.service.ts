import type { Banner, CategoryData, ContentRow, Movie, RowItem } from '@marquee/contract';
import type { Executor } from '../../db/client';
import { ForbiddenError, NotFoundError } from '../../lib/domain-errors';
import { toRowItems } from '../catalog/titles.service';
import { entitlementOf } from '../playback/entitlement.service';
import { withinLimit } from '../profiles/profiles.service';
import { resumePoint } from '../progress/progress.service';
import { uuidFromText } from './feed-keys';
import * as repo from './third-party.repository';
import { dollarsOf } from '../../lib/money';

const BANNER_COUNT = 5;
const ROW_LIMIT = 20;
const SIMILAR_LIMIT = 12;
const NEWEST_ROW = 'Just Added';

/**
 * The third-party home in three queries whatever the catalogue size: the newest titles (banners
 * and the first row), each collection's newest titles, and their genres; two more for a signed-in
 * viewer's access. Rows follow the main catalogue's image rules: the newest row is 16:9
 * (Horizontal), collections are posters (Vertical).
 */
export async function getHomepage(db: Executor, input: { viewerId: string | null; maxAge: number | null }): Promise<CategoryData> {
  const allowed = (card: repo.PartnerCard) => withinLimit(card.ageLimit, input.maxAge);
  const [newest, collections] = await Promise.all([
    repo.newestCards(db, ROW_LIMIT).then((cards) => cards.filter(allowed)),
    repo.collectionCards(db, ROW_LIMIT).then((cards) => cards.filter(allowed)),
  ]);
  const unique = uniqueById([...newest, ...collections]);
  const items = new Map((await toRowItems(db, { cards: unique, viewerId: input.viewerId })).map((item) => [item._id, item]));
  const row = (name: string, imageType: ContentRow['imageType'], cards: repo.PartnerCard[]): ContentRow => ({
    // Rows are built, not stored: an id from the row's name stays the same between requests.
    _id: uuidFromText(`third-party row:${name}`),
    name,
    imageType,
    content: cards.map((card) => ({ kind: 'movie', item: items.get(card.id)! })),
  });
  const byCollection = new Map<string, repo.PartnerCard[]>();
  for (const card of collections) byCollection.set(card.collection, [...(byCollection.get(card.collection) ?? []), card]);

  return {
    banners: newest.slice(0, BANNER_COUNT).map((card) => toBanner(card, items.get(card.id)!)),
    subcategories: [
      ...(newest.length > 0 ? [row(NEWEST_ROW, 'Horizontal', newest)] : []),
      ...[...byCollection].filter(([name]) => name !== NEWEST_ROW).map(([name, cards]) => row(name, 'Vertical', cards)),
    ],
  };
}

/**
 * A partner title. Access follows the main catalogue's rule (free, subscription or rental): the
 * partner's own stream URL is given only to an entitled viewer; everyone gets the trailer.
 */
export async function getMovie(
  db: Executor,
  input: { viewerId: string | null; profileId: string | null; maxAge: number | null; slug: string },
): Promise<Movie> {
  const found = await repo.findEnabledBySlug(db, input.slug);
  if (!found) throw new NotFoundError('Third-party title');
  const { title, item } = found;
  if (!withinLimit(title.ageLimit, input.maxAge)) throw new ForbiddenError(`This title is rated ${title.ageLimit}+ and is not available on this profile`);
  const [[card], resume] = await Promise.all([
    toRowItems(db, { cards: [title], viewerId: input.viewerId }),
    resumePoint(db, { profileId: input.profileId, titleId: title.id }),
  ]);
  const access = card?.access ?? null;
  return {
    _id: title.id,
    slug: title.slug,
    name: title.name,
    genres: card?.genres ?? [],
    duration: title.durationMinutes,
    language: title.language,
    releaseYear: title.releaseYear,
    description: title.description,
    ageLimit: title.ageLimit,
    cast: item.credits.map((c) => ({ _id: c.id, name: c.name, role: c.role, image: c.image })),
    trailer: item.trailerUrl,
    verticalBanner: title.verticalBanner,
    horizontalBanner: title.horizontalBanner,
    isFree: title.isFree,
    isEnable: title.isEnable,
    rentPrice: dollarsOf(title.rentPriceCents),
    access,
    rating: title.rating,
    url: entitlementOf(access).full ? item.mediaUrl : null,
    thumbnails: null,
    subtitles: [],
    markers: null,
    resume,
  };
}

/** 'You might also like': the same partner's titles sharing the most collections, newest first. */
export async function listSimilar(db: Executor, input: { titleId: string; viewerId: string | null; maxAge: number | null }): Promise<RowItem[]> {
  const { titleId, viewerId } = input;
  const source = await repo.findEnabledById(db, titleId);
  if (!source) throw new NotFoundError('Third-party title');
  const cards = await repo.similarCards(db, { titleId, feedId: source.feedId, collections: source.collections, limit: SIMILAR_LIMIT });
  return toRowItems(db, { cards: cards.filter((card) => withinLimit(card.ageLimit, input.maxAge)), viewerId });
}

function toBanner(card: repo.PartnerCard, item: RowItem): Banner {
  return {
    _id: card.id,
    isEnable: true,
    origin: card.trailerUrl ? 'Video' : 'Image',
    image: card.horizontalBanner,
    video: card.trailerUrl,
    link: { kind: 'movie', item: { _id: card.id, name: card.name, slug: card.slug, genres: item.genres } },
  };
}

function uniqueById<T extends { id: string }>(cards: T[]): T[] {
  return [...new Map(cards.map((card) => [card.id, card])).values()];
}
