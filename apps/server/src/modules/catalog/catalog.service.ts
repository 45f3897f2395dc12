import type { Category, CategoryData, ContentKind, Movie, RowItem, Series } from '@marquee/contract';
import type { Executor } from '../../db/client';
import { NotFoundError } from '../../lib/domain-errors';
import { titleMedia, trailerUrls, type PlaybackDeps, type VideoLinks } from '../playback/playback.service';
import { resumePoint } from '../progress/progress.service';
import * as repo from './catalog.repository';
import { indexGenres, toBanner, toContentRow, toRowItem } from './catalog.mappers';

const SIMILAR_LIMIT = 12;
const ENTITY: Record<ContentKind, string> = { movie: 'Movie', series: 'Series' };

export async function listCategories(db: Executor): Promise<Category[]> {
  const rows = await repo.listEnabledCategories(db);
  return rows.map((c) => ({ _id: c.id, name: c.name }));
}

/**
 * A category's banners and rows in six queries whatever the catalogue size: the category,
 * its banners, its rows, all their items at once, all those titles' genres at once, and the
 * banners' trailers.
 */
export async function getCategoryData(db: Executor, playback: PlaybackDeps, categoryId: string): Promise<CategoryData> {
  if (!(await repo.findEnabledCategory(db, categoryId))) throw new NotFoundError('Category');
  const [banners, rows] = await Promise.all([repo.listBanners(db, categoryId), repo.listRows(db, categoryId)]);
  const items = await repo.listRowItems(
    db,
    rows.map((r) => r.id),
  );
  const [genreRecords, trailers] = await Promise.all([
    repo.genresOf(db, [...banners.map((b) => b.titleId), ...items.map((i) => i.id)]),
    trailerUrls(
      db,
      playback,
      banners.map((b) => ({ id: b.titleId, trailerAssetId: b.trailerAssetId })),
    ),
  ]);
  const genres = indexGenres(genreRecords);
  return {
    banners: banners.map((b) => toBanner(b, genres, trailers)),
    subcategories: rows.map((row) =>
      toContentRow(
        row,
        items.filter((i) => i.rowId === row.id),
        genres,
      ),
    ),
  };
}

export interface ViewerContext {
  playback: PlaybackDeps;
  viewerId: string | null;
}

/** A movie; its full-video `url` only when the server finds the viewer entitled. */
export async function getMovie(db: Executor, viewer: ViewerContext, slug: string): Promise<Movie> {
  const title = await requireTitle(db, { kind: 'movie', slug });
  const [details, media, resume] = await Promise.all([
    titleDetails(db, title),
    titleMedia(db, viewer.playback, { viewerId: viewer.viewerId, title }),
    resumePoint(db, { userId: viewer.viewerId, titleId: title.id }),
  ]);
  return { ...details, trailer: media.trailer, rating: title.rating, ...videoFields(media.video), resume };
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

export async function listSimilar(db: Executor, input: { kind: ContentKind; titleId: string }): Promise<RowItem[]> {
  await requireTitle(db, { kind: input.kind, id: input.titleId });
  return toRowItems(db, await repo.similarTitles(db, { ...input, limit: SIMILAR_LIMIT }));
}

/** Cards for a list of titles found elsewhere (search, similar), with their genres in one query. */
export async function toRowItems(db: Executor, cards: repo.CardRecord[]): Promise<RowItem[]> {
  const genres = indexGenres(
    await repo.genresOf(
      db,
      cards.map((c) => c.id),
    ),
  );
  return cards.map((c) => toRowItem(c, genres));
}

/** Cards for titles by id (enabled ones only), in two queries. */
export async function rowItemsOf(db: Executor, titleIds: string[]): Promise<RowItem[]> {
  if (titleIds.length === 0) return [];
  return toRowItems(db, await repo.enabledCardsByIds(db, titleIds));
}

async function requireTitle(db: Executor, where: { kind: ContentKind; slug?: string; id?: string }) {
  const title = await repo.findEnabledTitle(db, where);
  if (!title) throw new NotFoundError(ENTITY[where.kind]);
  return title;
}

/** An enabled title of either kind by id, or NotFoundError('Title'). */
export async function requireEnabledTitle(db: Executor, where: { id: string }) {
  const title = await repo.findEnabledTitle(db, where);
  if (!title) throw new NotFoundError('Title');
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
    rentPrice: title.rentPriceCents === null ? null : title.rentPriceCents / 100,
  };
}
