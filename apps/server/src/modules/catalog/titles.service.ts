import type { RowItem } from '@marquee/contract';
import type { CardRecord } from '../../db/card-projection';
import type { Executor } from '../../db/client';
import { NotFoundError } from '../../lib/domain-errors';
import { accessTo } from '../playback/entitlement.service';
import { indexGenres, toRowItem, type CardLookups } from './catalog.mappers';
import * as repo from './catalog.repository';

// Titles as the other modules (search, watchlist, progress, billing, third-party) see them: a
// title by id, and the cards of titles they found themselves. The catalogue's own pages are in
// catalog.service.ts, which may depend on those modules in turn.

/** An enabled title of either kind by id, or NotFoundError('Title'). */
export async function requireEnabledTitle(db: Executor, where: { id: string }) {
  const title = await repo.findEnabledTitle(db, where);
  if (!title) throw new NotFoundError('Title');
  return title;
}

/**
 * Cards for a list of titles found elsewhere (search, similar, watchlist), as the viewer sees
 * them: their genres in one query, the viewer's access in at most two more.
 */
export async function toRowItems(db: Executor, input: { cards: CardRecord[]; viewerId: string | null }): Promise<RowItem[]> {
  const [genreRecords, access] = await Promise.all([
    repo.genresOf(
      db,
      input.cards.map((c) => c.id),
    ),
    accessTo(db, { userId: input.viewerId, titles: input.cards }),
  ]);
  const lookups: CardLookups = { genres: indexGenres(genreRecords), access };
  return input.cards.map((c) => toRowItem(c, lookups));
}

/** Cards for titles by id (enabled ones only), in two queries plus the viewer's access. */
export async function rowItemsOf(db: Executor, input: { titleIds: string[]; viewerId: string | null }): Promise<RowItem[]> {
  if (input.titleIds.length === 0) return [];
  return toRowItems(db, { cards: await repo.enabledCardsByIds(db, input.titleIds), viewerId: input.viewerId });
}
