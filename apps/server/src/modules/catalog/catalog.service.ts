import type { Category, CategoryData, ContentKind, Movie, RowItem, Series } from '@marquee/contract';
import type { Executor } from '../../db/client';
import { NotFoundError } from '../../lib/domain-errors';
import { dollarsOf } from '../../lib/money';
import { accessTo } from '../playback/entitlement.service';
import { titleMedia, trailerUrls, type PlaybackDeps, type VideoLinks } from '../playback/playback.service';
import { resumePoint } from '../progress/progress.service';
import * as repo from './catalog.repository';
import { indexGenres, toBanner, toContentRow, type CardLookups } from './catalog.mappers';
import { toRowItems } from './titles.service';

const SIMILAR_LIMIT = 12;
const ENTITY: Record<ContentKind, string> = { movie: 'Movie', series: 'Series' };

export async function listCategories(db: Executor): Promise<Category[]> {
  const rows = await repo.listEnabledCategories(db);
  return rows.map((c) => ({ _id: c.id, name: c.name }));
}

export interface ViewerContext {
  playback: PlaybackDeps;
  viewerId: string | null;
}

/**
 * A category's banners and rows in six queries whatever the catalogue size: the category,
 * its banners, its rows, all their items at once, all those titles' genres at once, and the
 * banners' trailers; two more for a signed-in viewer's access (subscription, rentals).
 */
export async function getCategoryData(db: Executor, viewer: ViewerContext, categoryId: string): Promise<CategoryData> {
  if (!(await repo.findEnabledCategory(db, categoryId))) throw new NotFoundError('Category');
  const [banners, rows] = await Promise.all([repo.listBanners(db, categoryId), repo.listRows(db, categoryId)]);
  const items = await repo.listRowItems(
    db,
    rows.map((r) => r.id),
  );
  const [genreRecords, trailers, access] = await Promise.all([
    repo.genresOf(db, [...banners.map((b) => b.titleId), ...items.map((i) => i.id)]),
    trailerUrls(
      db,
      viewer.playback,
      banners.map((b) => ({ id: b.titleId, trailerAssetId: b.trailerAssetId })),
    ),
    accessTo(db, { userId: viewer.viewerId, titles: items }),
  ]);
  const lookups: CardLookups = { genres: indexGenres(genreRecords), access };
  return {
    banners: banners.map((b) => toBanner(b, lookups.genres, trailers)),
    subcategories: rows.map((row) =>
      toContentRow(
        row,
        items.filter((i) => i.rowId === row.id),
        lookups,
      ),
    ),
  };
}

/** A movie; its full-video `url` only when the server finds the viewer entitled. */
export async function getMovie(db: Executor, viewer: ViewerContext, slug: string): Promise<Movie> {
  const title = await requireTitle(db, { kind: 'movie', slug });
  const [details, media, resume] = await Promise.all([
    titleDetails(db, title),
    titleMedia(db, viewer.playback, { viewerId: viewer.viewerId, title }),
    resumePoint(db, { userId: viewer.viewerId, titleId: title.id }),
  ]);
  return { ...details, access: media.access, trailer: media.trailer, rating: title.rating, ...videoFields(media.video), resume };
}

export async function getSeries(db: Executor, viewer: ViewerContext, slug: string): Promise<Series> {
  const title = await requireTitle(db, { kind: 'series', slug });
  const [details, episodes] = await Promise.all([titleDetails(db, title), repo.episodesOf(db, title.id)]);
  const [media, resume] = await Promise.all([
    titleMedia(db, viewer.playback, { viewerId: viewer.viewerId, title, episodes }),
    resumePoint(db, { userId: viewer.viewerId, titleId: title.id }),
  ]);
  return {
    ...details,
    resume,
    access: media.access,
    trailer: media.trailer,
    rating: title.rating,
    poster: title.verticalBanner,
    episodes: episodes.map((e) => ({
      _id: e.id,
      number: e.number,
      name: e.name,
      description: e.description,
      duration: e.durationMinutes,
      thumbnail: e.thumbnail,
      ...videoFields(media.episodes.get(e.id) ?? null),
    })),
  };
}

function videoFields(video: VideoLinks | null) {
  return { url: video?.url ?? null, thumbnails: video?.thumbnails ?? null, subtitles: video?.subtitles ?? [] };
}

export async function listSimilar(db: Executor, input: { kind: ContentKind; titleId: string; viewerId: string | null }): Promise<RowItem[]> {
  await requireTitle(db, { kind: input.kind, id: input.titleId });
  const cards = await repo.similarTitles(db, { kind: input.kind, titleId: input.titleId, limit: SIMILAR_LIMIT });
  return toRowItems(db, { cards, viewerId: input.viewerId });
}

async function requireTitle(db: Executor, where: { kind: ContentKind; slug?: string; id?: string }) {
  const title = await repo.findEnabledTitle(db, where);
  if (!title) throw new NotFoundError(ENTITY[where.kind]);
  return title;
}

async function titleDetails(db: Executor, title: repo.TitleRecord) {
  const [genres, cast] = await Promise.all([repo.genresOf(db, [title.id]), repo.castOf(db, title.id)]);
  return {
    _id: title.id,
    slug: title.slug,
    name: title.name,
    genres: genres.map((g) => ({ _id: g.id, name: g.name })),
    duration: title.durationMinutes,
    language: title.language,
    releaseYear: title.releaseYear,
    description: title.description,
    ageLimit: title.ageLimit,
    cast: cast.map((c) => ({ _id: c.id, name: c.name, role: c.role, image: c.image })),
    verticalBanner: title.verticalBanner,
    horizontalBanner: title.horizontalBanner,
    isFree: title.isFree,
    isEnable: title.isEnable,
    rentPrice: dollarsOf(title.rentPriceCents),
  };
}
