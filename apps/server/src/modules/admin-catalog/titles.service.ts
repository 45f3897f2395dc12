import type { AdminTitle, AdminTitleSummary, TitleInput, titleInput, titleListQuery, TitleUpdate } from '@marquee/contract/admin';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/domain-errors';
import { uniqueViolation } from '../../lib/unique-violation';
import { storeCreditPortrait, storePartnerArtwork } from '../../images/partner-artwork';
import type { MediaStore } from '../../storage/storage';
import type { Actor } from '../audit/audit.service';
import { notifyWatchers } from '../notifications/notifications.service';
import { searchColumns } from '../../lib/search-normalize';
import { changeCatalog, type CatalogDeps } from './catalog-change';
import { assertUnchanged } from './list-version';
import { titleDetail, titleSummaries } from './title-view';
import * as repo from './titles.repository';

export interface TitleDeps extends CatalogDeps {
  store: MediaStore;
}

type ParsedTitle = z.output<typeof titleInput>;

export async function listTitles(deps: CatalogDeps, query: z.output<typeof titleListQuery>) {
  const { page, pageSize, ...filter } = query;
  const { rows, total } = await repo.listTitles(deps.db, { ...filter, limit: pageSize, offset: (page - 1) * pageSize });
  const items: AdminTitleSummary[] = await titleSummaries(deps.db, rows);
  return { items, total, page, pageSize };
}

export async function getTitle(deps: CatalogDeps, id: string): Promise<AdminTitle> {
  return titleDetail(deps.db, await requireTitle(deps.db, id));
}

/** A new title, with a plain title card as artwork until the real artwork is uploaded. */
export async function createTitle(deps: TitleDeps, input: { actor: Actor; title: TitleInput }): Promise<AdminTitle> {
  const title = input.title as ParsedTitle;
  assertPricing(title);
  return withSlugCheck(() =>
    changeCatalog(deps, input.actor, async (tx) => {
      await assertSlugFree(tx, { slug: title.slug });
      const created = await repo.insertTitle(tx, { ...columns(title), kind: title.kind, verticalBanner: '', horizontalBanner: '', searchName: '', searchText: '' });
      const artwork = await storePartnerArtwork({ store: deps.store, prefix: `artwork/titles/${created.id}-card`, name: title.name, portrait: null, landscape: null });
      await repo.updateTitle(tx, created.id, artwork);
      await saveRelations(tx, { store: deps.store, titleId: created.id, title });
      const detail = await titleDetail(tx, await repo.findTitle(tx, created.id).then((t) => t!));
      return { result: detail, audit: { action: 'title.create', entityType: 'title', entityId: created.id, summary: `Created ${title.kind} '${title.name}'`, after: auditView(detail) } };
    }),
  );
}

/**
 * Saves an edit made from the version the editor opened; a change saved meanwhile by someone else
 * is never overwritten (409). A title made free tells the viewers who have it on their watchlist.
 */
export async function updateTitle(deps: TitleDeps, input: { actor: Actor; id: string; update: TitleUpdate }): Promise<AdminTitle> {
  const { updatedAt, ...rest } = input.update;
  const title = { ...(rest as Omit<ParsedTitle, 'kind'>) };
  assertPricing(title);
  return withSlugCheck(() =>
    changeCatalog(deps, input.actor, async (tx) => {
      const current = await requireTitle(tx, input.id, { lock: true });
      if (current.isThirdParty) throw new BadRequestError("A partner's title comes from its feed: change it in the feed");
      assertUnchanged(current.updatedAt, updatedAt, 'title');
      await assertSlugFree(tx, { slug: title.slug, except: current.id });
      const before = auditView(await titleDetail(tx, current));
      await repo.updateTitle(tx, current.id, columns(title));
      await saveRelations(tx, { store: deps.store, titleId: current.id, title });
      const detail = await titleDetail(tx, (await repo.findTitle(tx, current.id))!);
      if (!current.isFree && title.isFree && title.isEnable) {
        await notifyWatchers(tx, {
          titleId: current.id,
          title: `${title.name} is now free`,
          description: `${title.name}, on your watchlist, is free to watch now.`,
          image: detail.horizontalBanner,
        });
      }
      return { result: detail, audit: { action: 'title.update', entityType: 'title', entityId: current.id, summary: `Edited '${title.name}'`, before, after: auditView(detail) } };
    }),
  );
}

export async function requireTitle(db: Executor, id: string, options: { lock?: boolean } = {}): Promise<repo.TitleRow> {
  const title = await repo.findTitle(db, id, options);
  if (!title) throw new NotFoundError('Title');
  return title;
}

/** What the audit log keeps of a title: its fields, not the derived media state. */
export function auditView(detail: AdminTitle) {
  const { episodes: _episodes, episodesVersion: _version, video: _video, trailer: _trailer, updatedAt: _at, ...fields } = detail;
  return fields;
}

function columns(title: Omit<ParsedTitle, 'kind'>) {
  return {
    name: title.name,
    slug: title.slug,
    description: title.description,
    language: title.language,
    releaseYear: title.releaseYear,
    durationMinutes: title.durationMinutes,
    ageLimit: title.ageLimit,
    rating: title.rating,
    isFree: title.isFree,
    rentPriceCents: title.rentPrice === null ? null : Math.round(title.rentPrice * 100),
    isEnable: title.isEnable,
  };
}

/** Genres, cast (new people get an initials portrait until a photo is uploaded) and the search columns. */
async function saveRelations(tx: Executor, input: { store: MediaStore; titleId: string; title: Omit<ParsedTitle, 'kind'> }): Promise<void> {
  const { title, titleId } = input;
  const genres = [...new Set(title.genres.map((g) => g.trim()))];
  const known = await repo.existingPeople(tx, title.cast.flatMap((c) => (c.personId ? [c.personId] : [])));
  // A member named without an id is the person of that name already in this cast, else someone new.
  const current = await repo.castOf(tx, titleId);
  const members: { personId: string; role: string }[] = [];
  for (const member of title.cast) {
    if (member.personId && !known.some((p) => p.id === member.personId)) {
      throw new BadRequestError(`Cast member ${member.name} is not a known person`, { field: 'cast' });
    }
    const personId =
      member.personId ??
      current.find((c) => c.name === member.name)?.personId ??
      (await repo.insertPerson(tx, { name: member.name, image: await storeCreditPortrait({ store: input.store, name: member.name }) })).id;
    if (!members.some((m) => m.personId === personId)) members.push({ personId, role: member.role });
  }
  await repo.setGenres(tx, { titleId, names: genres });
  await repo.setCast(tx, { titleId, members });
  const names = await repo.searchNamesOf(tx, titleId);
  await repo.updateTitle(tx, titleId, searchColumns({ name: title.name, ...names }));
}

function assertPricing(title: { isFree: boolean; rentPrice: number | null }): void {
  if (title.isFree && title.rentPrice !== null) throw new BadRequestError('A free title is not rented: clear the rent price', { field: 'rentPrice' });
}

async function assertSlugFree(db: Executor, input: { slug: string; except?: string }): Promise<void> {
  if (await repo.slugTaken(db, input)) throw slugConflict(input.slug);
}

/** Two editors taking the same slug at once: the database's unique index refuses the second. */
async function withSlugCheck<T>(save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (uniqueViolation(error) === 'titles_slug_unique') throw slugConflict('');
    throw error;
  }
}

const slugConflict = (slug: string) => new ConflictError(`The slug ${slug ? `'${slug}' ` : ''}is already used by another title`, { field: 'slug' });
