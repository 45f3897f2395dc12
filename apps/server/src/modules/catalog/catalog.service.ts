import type { Category, CategoryData, ContentKind, Movie, RowItem, Series } from '@marquee/contract';
import type { Executor } from '../../db/client';
import { ForbiddenError, NotFoundError } from '../../lib/domain-errors';
import { dollarsOf } from '../../lib/money';
import { accessTo, personalAccess } from '../playback/entitlement.service';
import { titleMedia, trailerUrls, type PlaybackDeps, type VideoLinks } from '../playback/playback.service';
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
  viewerId: string | null;
  /** The profile watching (its resume points). */
  profileId: string | null;
  /** The viewer's session, which their signed playback links are bound to. */
  sessionId: string | null;
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

/** What a title page shows everyone: the title, its details and (series) its episodes. */
export interface TitleBasis {
  title: repo.TitleRecord;
  details: Awaited<ReturnType<typeof titleDetails>>;
  episodes: repo.EpisodeRecord[];
}

/** A title page's shared part, in four queries (title, genres, cast, episodes): the read model keeps it. */
export async function titleBasis(db: Executor, where: { kind: ContentKind; slug: string }): Promise<TitleBasis> {
  const title = await requireTitle(db, where);
  const [details, episodes] = await Promise.all([titleDetails(db, title), where.kind === 'series' ? repo.episodesOf(db, title.id) : []]);
  return { title, details, episodes };
}

/** A movie; its full-video `url` only when the server finds the viewer entitled. */
export async function getMovie(db: Executor, viewer: ViewerContext, basis: TitleBasis): Promise<Movie> {
  const { title, details } = basis;
  const resuming = resumePoint(db, { profileId: viewer.profileId, titleId: title.id });
  const [media, resume] = await Promise.all([
    titleMedia(db, viewer.playback, { viewerId: viewer.viewerId, sessionId: viewer.sessionId, title, resume: resuming }),
    resuming,
  ]);
  return { ...details, access: media.access, trailer: media.trailer, rating: title.rating, ...videoFields(media.video), resume };
}

export async function getSeries(db: Executor, viewer: ViewerContext, basis: TitleBasis): Promise<Series> {
  const { title, details, episodes } = basis;
  const resuming = resumePoint(db, { profileId: viewer.profileId, titleId: title.id });
  const [media, resume] = await Promise.all([
    titleMedia(db, viewer.playback, { viewerId: viewer.viewerId, sessionId: viewer.sessionId, title, episodes, resume: resuming }),
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

/**
 * Cards built for anonymous viewers (the read model's), as a signed-in viewer sees them: only
 * the access badges of titles that are not free can differ, so one or two small queries
 * (subscription, then rentals) replace rebuilding the page.
 */
export async function personaliseCards(db: Executor, userId: string, cards: RowItem[]): Promise<RowItem[]> {
  const paidTitleIds = [...new Set(cards.filter((c) => !c.isFree).map((c) => c._id))];
  const access = await personalAccess(db, { userId, paidTitleIds });
  return cards.map((card) => (access.has(card._id) ? { ...card, access: access.get(card._id)! } : card));
}

/** A category's page for a signed-in viewer, from its anonymous answer (and their personal rows, when they have them). */
export async function personaliseCategory(db: Executor, userId: string, data: CategoryData): Promise<CategoryData> {
  const rows = [...data.subcategories, ...(data.personalRows ?? [])];
  const cards = rows.flatMap((row) => row.content.map((c) => c.item));
  const personal = new Map((await personaliseCards(db, userId, cards)).map((card) => [card._id, card]));
  const overlay = <R extends { content: CategoryData['subcategories'][number]['content'] }>(row: R): R => ({
    ...row,
    content: row.content.map((c) => ({ ...c, item: personal.get(c.item._id) ?? c.item })),
  });
  return {
    ...data,
    subcategories: data.subcategories.map(overlay),
    ...(data.personalRows && { personalRows: data.personalRows.map(overlay) }),
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

/** Similar titles as anonymous viewers see them (the read model keeps them; see personaliseCards). */
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
