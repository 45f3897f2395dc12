import type { Banner, ContentRow, Genre, ImageType, RowItem, TitleAccess } from '@marquee/contract';
import type { CardRecord } from '../../db/card-projection';
import type { GenreRecord } from './catalog.repository';

export type GenreIndex = Map<string, Genre[]>;

/** What cards need beside their own columns, fetched once for a whole page of cards. */
export interface CardLookups {
  genres: GenreIndex;
  /** The viewer's access to each title, by title id. */
  access: Map<string, TitleAccess>;
}

export function indexGenres(records: GenreRecord[]): GenreIndex {
  const index: GenreIndex = new Map();
  for (const { titleId, id, name } of records) {
    const list = index.get(titleId) ?? [];
    list.push({ _id: id, name });
    index.set(titleId, list);
  }
  return index;
}

export function toRowItem(card: CardRecord, lookups: CardLookups): RowItem {
  return {
    _id: card.id,
    kind: card.kind,
    slug: card.slug,
    name: card.name,
    isEnable: card.isEnable,
    isFree: card.isFree,
    verticalBanner: card.verticalBanner,
    horizontalBanner: card.horizontalBanner,
    genres: lookups.genres.get(card.id) ?? [],
    releaseYear: card.releaseYear,
    rating: card.rating,
    access: lookups.access.get(card.id) ?? null,
  };
}

export function toContentRow(
  row: { id: string; name: string; imageType: ImageType },
  cards: CardRecord[],
  lookups: CardLookups,
): ContentRow {
  return {
    _id: row.id,
    name: row.name,
    imageType: row.imageType,
    content: cards.map((card) => ({ kind: card.kind, item: toRowItem(card, lookups) })),
  };
}

export function toBanner(
  banner: {
    id: string;
    origin: Banner['origin'];
    image: string;
    titleId: string;
    kind: CardRecord['kind'];
    name: string;
    slug: string;
  },
  genres: GenreIndex,
  trailers: Map<string, string>,
): Banner {
  return {
    _id: banner.id,
    isEnable: true,
    origin: banner.origin,
    image: banner.image,
    video: banner.origin === 'Video' ? (trailers.get(banner.titleId) ?? null) : null,
    link: {
      kind: banner.kind,
      item: { _id: banner.titleId, name: banner.name, slug: banner.slug, genres: genres.get(banner.titleId) ?? [] },
    },
  };
}
