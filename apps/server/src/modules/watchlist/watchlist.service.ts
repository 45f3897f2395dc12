import type { WatchlistEntry, WatchlistKind } from '@marquee/contract';
import type { Executor } from '../../db/client';
import { BadRequestError, ForbiddenError } from '../../lib/domain-errors';
import { requireEnabledTitle, toRowItems } from '../catalog/titles.service';
import { withinLimit } from '../profiles/profiles.service';
import * as repo from './watchlist.repository';

/** Whose watchlist it is: the account (its access badges) and the profile it belongs to. */
export interface WatchlistOwner {
  userId: string;
  profileId: string;
  maxAge: number | null;
}

export async function listWatchlist(db: Executor, owner: WatchlistOwner): Promise<WatchlistEntry[]> {
  const cards = await repo.listEnabledEntries(db, owner);
  const thirdParty = new Set(cards.filter((c) => c.isThirdParty).map((c) => c.id));
  const items = await toRowItems(db, { cards, viewerId: owner.userId });
  return items.map((item) => ({ kind: thirdParty.has(item._id) ? 'third-party' : item.kind, item }));
}

export async function isOnWatchlist(db: Executor, input: { owner: WatchlistOwner; titleId: string }): Promise<{ isExist: boolean }> {
  return { isExist: await repo.hasEntry(db, { profileId: input.owner.profileId, titleId: input.titleId }) };
}

export async function addToWatchlist(db: Executor, input: { owner: WatchlistOwner; titleId: string; type: WatchlistKind }) {
  const title = await requireEnabledTitle(db, { id: input.titleId });
  if (!withinLimit(title.ageLimit, input.owner.maxAge)) throw new ForbiddenError('This title is not available on this profile');
  const kind: WatchlistKind = title.isThirdParty ? 'third-party' : title.kind;
  if (kind !== input.type) throw new BadRequestError(`type must be '${kind}' for this title`);
  await repo.addEntry(db, { userId: input.owner.userId, profileId: input.owner.profileId, titleId: title.id });
  return { message: 'Added to watchlist' };
}

export async function removeFromWatchlist(db: Executor, input: { owner: WatchlistOwner; titleId: string }) {
  await repo.removeEntry(db, { profileId: input.owner.profileId, titleId: input.titleId });
  return { message: 'Removed from watchlist' };
}
