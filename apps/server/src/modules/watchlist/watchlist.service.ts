import type { WatchlistEntry, WatchlistKind } from '@marquee/contract';
import type { Executor } from '../../db/client';
import { BadRequestError } from '../../lib/domain-errors';
import { requireEnabledTitle, toRowItems } from '../catalog/titles.service';
import * as repo from './watchlist.repository';

export async function listWatchlist(db: Executor, userId: string): Promise<WatchlistEntry[]> {
  const cards = await repo.listEnabledEntries(db, userId);
  const thirdParty = new Set(cards.filter((c) => c.isThirdParty).map((c) => c.id));
  const items = await toRowItems(db, { cards, viewerId: userId });
  return items.map((item) => ({ kind: thirdParty.has(item._id) ? 'third-party' : item.kind, item }));
}

export async function isOnWatchlist(db: Executor, input: { userId: string; titleId: string }): Promise<{ isExist: boolean }> {
  return { isExist: await repo.hasEntry(db, input) };
}

export async function addToWatchlist(db: Executor, input: { userId: string; titleId: string; type: WatchlistKind }) {
  const title = await requireEnabledTitle(db, { id: input.titleId });
  const kind: WatchlistKind = title.isThirdParty ? 'third-party' : title.kind;
  if (kind !== input.type) throw new BadRequestError(`type must be '${kind}' for this title`);
  await repo.addEntry(db, input);
  return { message: 'Added to watchlist' };
}

export async function removeFromWatchlist(db: Executor, input: { userId: string; titleId: string }) {
  await repo.removeEntry(db, input);
  return { message: 'Removed from watchlist' };
}
