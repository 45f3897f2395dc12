import type { Category, CategoryData, ContentKind, Movie, RowItem, Series } from '@marquee/contract';
import type { Executor } from '../../db/client';
import { ForbiddenError, NotFoundError } from '../../lib/domain-errors';
import { dollarsOf } from '../../lib/money';
import { accessFrom, type ViewerAccess } from '../playback/entitlement.service';
import { readyTitleAssets, titleMedia, trailerUrls, type AssetRecord, type PlaybackDeps, type VideoLinks } from '../playback/playback.service';
import { withinLimit } from '../profiles/profiles.service';
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
  /** What the viewer's account holds, read with their session (null: not signed in). */
  access: ViewerAccess | null;
  /** The profile watching (its resume points). */
  profileId: string | null;
  /** The viewer's session, which their signed playback links are bound to. */
  sessionId: string | null;
}

/**
 * A category's banners and rows in six queries whatever the catalogue size: the category,
 * its banners, its rows, all their items at once, all those titles' genres at once, and the
 * banners' trailers (the viewer's access came with their session).
 */
export async function getCategoryData(db: Executor, viewer: ViewerContext, categoryId: string): Promise<CategoryData> {
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
      viewer.playback,
      banners.map((b) => ({ id: b.titleId, trailerAssetId: b.trailerAssetId })),
    ),
  ]);
  const lookups: CardLookups = { genres: indexGenres(genreRecords), access: accessFrom(viewer.access, items) };
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

/** What a title page shows everyone: the title, its details, (series) its episodes, and its ready videos. */
export interface TitleBasis {
  title: repo.TitleRecord;
  details: Awaited<ReturnType<typeof titleDetails>>;
  episodes: repo.EpisodeRecord[];
  assets: AssetRecord[];
}

/**
 * A title page's shared part, in five queries (title, genres, cast, episodes, ready videos): the
 * read model keeps it, and is reset when any of them changes (a video becoming ready included).
 */
export async function titleBasis(db: Executor, where: { kind: ContentKind; slug: string }): Promise<TitleBasis> {
  const title = await requireTitle(db, where);
  const [details, episodes] = await Promise.all([titleDetails(db, title), where.kind === 'series' ? repo.episodesOf(db, title.id) : []]);
  return { title, details, episodes, assets: await readyTitleAssets(db, { title, episodes }) };
}

/** A movie; its full-video `url` only when the server finds the viewer entitled. */
export async function getMovie(db: Executor, viewer: ViewerContext, basis: TitleBasis): Promise<Movie> {
  const { title, details, assets } = basis;
  const resuming = resumePoint(db, { profileId: viewer.profileId, titleId: title.id });
  const [media, resume] = await Promise.all([
    titleMedia(db, viewer.playback, { access: viewer.access, assets, sessionId: viewer.sessionId, title, resume: resuming }),
    resuming,
  ]);
  return { ...details, access: media.access, trailer: media.trailer, rating: title.rating, ...videoFields(media.video), resume };
}

export async function getSeries(db: Executor, viewer: ViewerContext, basis: TitleBasis): Promise<Series> {
  const { title, details, episodes, assets } = basis;
  const resuming = resumePoint(db, { profileId: viewer.profileId, titleId: title.id });
  const [media, resume] = await Promise.all([
    titleMedia(db, viewer.playback, { access: viewer.access, assets, sessionId: viewer.sessionId, title, episodes, resume: resuming }),
    resuming,
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

/** Enabled titles' age limits by id (the read model keeps it with the answers it filters). */
export async function titleAgeLimits(db: Executor): Promise<Map<string, number>> {
  return new Map((await repo.enabledAgeLimits(db)).map((t) => [t.id, t.ageLimit]));
}

/** What a profile limited to `limit` may see of a shared answer: titles the map does not know are left out. */
export interface AgeFilter {
  limit: number;
  ages: Map<string, number>;
}

export function limitCards<C extends { _id: string }>(cards: C[], filter: AgeFilter): C[] {
  return cards.filter((card) => withinLimit(filter.ages.get(card._id) ?? Number.POSITIVE_INFINITY, filter.limit));
}

/** A category's page without the banners and cards above a profile's age limit. */
export function limitCategory(data: CategoryData, filter: AgeFilter): CategoryData {
  const allowed = (titleId: string) => withinLimit(filter.ages.get(titleId) ?? Number.POSITIVE_INFINITY, filter.limit);
  return {
    ...data,
    banners: data.banners.filter((b) => allowed(b.link.item._id)),
    subcategories: data.subcategories.map((row) => ({ ...row, content: row.content.filter((c) => allowed(c.item._id)) })),
  };
}

/** A title page is refused, not just hidden, to a profile whose age limit it is above (a direct link). */
export function requireWithinLimit(basis: TitleBasis, limit: number | null): void {
  if (!withinLimit(basis.title.ageLimit, limit)) throw new ForbiddenError(`This title is rated ${basis.title.ageLimit}+ and is not available on this profile`);
}

function videoFields(video: VideoLinks | null) {
  return { url: video?.url ?? null, thumbnails: video?.thumbnails ?? null, subtitles: video?.subtitles ?? [], markers: video?.markers ?? null };
}

export async function listSimilar(db: Executor, input: { kind: ContentKind; titleId: string; viewerId: string | null }): Promise<RowItem[]> {
  await requireTitle(db, { kind: input.kind, id: input.titleId });
  const cards = await repo.similarTitles(db, { kind: input.kind, titleId: input.titleId, limit: SIMILAR_LIMIT });
  return toRowItems(db, { cards, viewerId: input.viewerId });
}

/** Similar titles as anonymous viewers see them (the read model keeps them; viewer-answers.service.ts lays a viewer's badges over). */
export async function listSimilarCards(db: Executor, input: { kind: ContentKind; titleId: string }): Promise<RowItem[]> {
  return listSimilar(db, { ...input, viewerId: null });
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
