import type { PersonalRow, RowEntry, RowItem } from '@marquee/contract';
import type { Executor } from '../../db/client';
import { NotFoundError } from '../../lib/domain-errors';
import { withinLimit } from '../profiles/profiles.service';
import * as repo from './personal-rows.repository';
import type { CatalogReadModel, SharedAnswers } from './read-model.service';
import { toRowItems } from './titles.service';

/** Titles of a profile's history read at once: the last one watched, and those not to suggest again. */
const HISTORY_LENGTH = 200;
/** The window of the top 10, and how long one computed list serves everyone. */
const TOP_WINDOW_HOURS = 24;
const TOP_REFRESH_MS = 5 * 60 * 1000;
const TOP_LENGTH = 10;
/** Kept beyond ten, so a profile with an age limit still gets ten when some are above it. */
const TOP_CANDIDATES = 40;
/** Less than this is not a top 10 worth showing: a row of one viewer's titles, or of two titles. */
const TOP_MIN_TITLES = 3;
const TOP_MIN_VIEWERS = 2;
/** Profiles whose history is kept; the least recently used go first. */
const KEPT_PROFILES = 10_000;

/** Nobody's country is known (accounts hold none), so the top 10 is the site's. */
const TOP_TITLE = 'Top 10 on Marquee today';

export type HistoryRecord = Awaited<ReturnType<typeof repo.viewingHistory>>[number];

/** The profile the rows are for: its age limit, and when its account last saved progress. */
export interface RowsViewer {
  profileId: string;
  ageLimit: number | null;
  watchedAt: number | null;
}

export interface PersonalRowsDeps {
  db: Executor;
  readModel: CatalogReadModel;
  answers: SharedAnswers;
  histories: ViewingHistories;
}

/**
 * A profile's personal rows ('Because you watched X', then the top 10), from kept answers: its
 * history costs one query when its account has saved progress since it was read (or the catalogue
 * changed), the top 10 a few queries every five minutes for the whole site, the rest nothing.
 */
export async function personalRows(deps: PersonalRowsDeps, viewer: RowsViewer): Promise<PersonalRow[]> {
  const [history, ages] = await Promise.all([
    deps.histories.get({ profileId: viewer.profileId, stamp: `${viewer.watchedAt}:${deps.readModel.version}` }, viewer.watchedAt !== null),
    viewer.ageLimit === null ? null : deps.answers.ageLimits(),
  ]);
  const allowed = (titleId: string) => ages === null || withinLimit(ages.get(titleId) ?? Number.POSITIVE_INFINITY, viewer.ageLimit!);
  const rows = await Promise.all([becauseYouWatched(deps, { history, allowed }), topTen(deps, allowed)]);
  return rows.filter((row): row is PersonalRow => row !== null);
}

/** Per profile, its viewing history as last read, with the stamp it was read at. */
export class ViewingHistories {
  private kept = new Map<string, { stamp: string; rows: Promise<HistoryRecord[]> }>();

  constructor(
    private readonly db: Executor,
    private readonly max = KEPT_PROFILES,
  ) {}

  /** `any` false: the account never watched anything, so there is nothing to read. */
  get(key: { profileId: string; stamp: string }, any: boolean): Promise<HistoryRecord[]> {
    if (!any) return Promise.resolve([]);
    const kept = this.kept.get(key.profileId);
    this.kept.delete(key.profileId);
    const rows = kept?.stamp === key.stamp ? kept.rows : repo.viewingHistory(this.db, { profileId: key.profileId, limit: HISTORY_LENGTH });
    this.kept.set(key.profileId, { stamp: key.stamp, rows });
    rows.catch(() => this.kept.get(key.profileId)?.rows === rows && this.kept.delete(key.profileId));
    if (this.kept.size > this.max) this.kept.delete(this.kept.keys().next().value!);
    return rows;
  }
}

/** Titles like the last one the profile watched (as 'You might also like' finds them), less those it has watched. */
async function becauseYouWatched(
  deps: PersonalRowsDeps,
  input: { history: HistoryRecord[]; allowed: (titleId: string) => boolean },
): Promise<PersonalRow | null> {
  const last = input.history.find((h) => input.allowed(h.id));
  if (!last) return null;
  const watched = new Set(input.history.map((h) => h.id));
  let similar: RowItem[];
  try {
    similar = (await deps.answers.similar(last.kind, last.id)).value;
  } catch (error) {
    // Disabled since the history was read: no row until the next read.
    if (error instanceof NotFoundError) return null;
    throw error;
  }
  const content = similar.filter((item) => !watched.has(item._id) && input.allowed(item._id)).map(entryOf);
  if (content.length === 0) return null;
  return {
    kind: 'because-you-watched',
    name: `Because you watched ${last.name}`,
    basedOn: { _id: last.id, kind: last.kind, name: last.name, slug: last.slug },
    content,
  };
}

async function topTen(deps: PersonalRowsDeps, allowed: (titleId: string) => boolean): Promise<PersonalRow | null> {
  const bucket = Math.floor(Date.now() / TOP_REFRESH_MS);
  const top = (await deps.readModel.get(`top-10:${bucket}`, () => mostWatched(deps.db))).value;
  if (top.viewers < TOP_MIN_VIEWERS) return null;
  const content = top.items.filter((item) => allowed(item._id)).slice(0, TOP_LENGTH);
  if (content.length < TOP_MIN_TITLES) return null;
  return { kind: 'top-10', name: TOP_TITLE, basedOn: null, content: content.map(entryOf) };
}

/** The most watched titles of the window, best first, as anonymous cards; and how many profiles watched anything. */
async function mostWatched(db: Executor): Promise<{ items: RowItem[]; viewers: number }> {
  const cards = await repo.mostWatched(db, { hours: TOP_WINDOW_HOURS, limit: TOP_CANDIDATES });
  if (cards.length < TOP_MIN_TITLES) return { items: [], viewers: cards[0]?.everyone ?? 0 };
  return { items: await toRowItems(db, { cards, viewerId: null }), viewers: cards[0]!.everyone };
}

function entryOf(item: RowItem): RowEntry {
  return { kind: item.kind, item };
}
