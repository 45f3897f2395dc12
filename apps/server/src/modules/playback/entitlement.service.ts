import type { TitleAccess } from '@marquee/contract';
import type { Executor } from '../../db/client';
import * as repo from './entitlement.repository';
import { dollarsOf } from '../../lib/money';

export interface Entitlement {
  /** May watch the full title. */
  full: boolean;
  reason: 'free' | 'subscription' | 'rental' | 'none';
}

/** What deciding access needs to know of a title. */
export interface AccessTitle {
  id: string;
  isFree: boolean;
  rentPriceCents: number | null;
}

/**
 * The server decides who watches what (behaviour.md §10): a free title, a valid subscription, or an
 * active rental of the title; the rest may be rented when they have a price. One rule for a
 * title page and for a page of cards, in at most two queries however many titles: the viewer's
 * subscription, then (without one) their active rentals among the paid titles.
 */
export async function accessTo(
  db: Executor,
  input: { userId: string | null; titles: AccessTitle[] },
): Promise<Map<string, TitleAccess>> {
  const paidIds = input.titles.filter((t) => !t.isFree).map((t) => t.id);
  const userId = paidIds.length > 0 ? input.userId : null;
  const subscribed = userId !== null && Boolean(await repo.currentSubscription(db, userId));
  const rentals = userId !== null && !subscribed ? await repo.activeRentals(db, { userId, titleIds: paidIds }) : [];
  // Ordered by start-by date: with two active rentals of a title, the newest one is shown.
  const rentalOf = new Map(rentals.map((r) => [r.titleId, r]));
  return new Map(input.titles.map((title) => [title.id, accessOf(title, { subscribed, rental: rentalOf.get(title.id) })]));
}

/**
 * What changes for a signed-in viewer on cards built for anonymous viewers (the catalogue read
 * model): titles that are not free become 'included' with a subscription, or 'rented' with an
 * active rental; the others keep their anonymous access. One query with a subscription, two
 * without; nothing is returned for a title whose access does not change.
 */
export async function personalAccess(db: Executor, input: { userId: string; paidTitleIds: string[] }): Promise<Map<string, TitleAccess>> {
  if (input.paidTitleIds.length === 0) return new Map();
  if (await repo.currentSubscription(db, input.userId)) {
    return new Map(input.paidTitleIds.map((id) => [id, { kind: 'included' } as const]));
  }
  const rentals = await repo.activeRentals(db, { userId: input.userId, titleIds: input.paidTitleIds });
  return new Map(rentals.map((r) => [r.titleId, accessOf({ id: r.titleId, isFree: false, rentPriceCents: null }, { subscribed: false, rental: r })]));
}

/** Whether an access lets the viewer play the full title. */
export function entitlementOf(access: TitleAccess): Entitlement {
  switch (access?.kind) {
    case 'free':
      return { full: true, reason: 'free' };
    case 'included':
      return { full: true, reason: 'subscription' };
    case 'rented':
      return { full: true, reason: 'rental' };
    default:
      return { full: false, reason: 'none' };
  }
}

/** validUntil is when access really ends: after any renewals already paid for, not the current period. */
export async function subscriptionStatus(db: Executor, userId: string) {
  const current = await repo.currentSubscription(db, userId);
  const paidUntil = current ? await repo.paidUntil(db, userId) : null;
  return {
    subscriptionValid: Boolean(current),
    plan: current?.plan ?? null,
    validUntil: current ? (paidUntil ?? current.endsAt).toISOString() : null,
  };
}

/**
 * A rental's 48 hours start when its video really starts loading, not when its page is opened:
 * the signed media decision calls this when a variant playlist is fetched (hls.js asks for one only
 * once the viewer presses play). Anonymous links belong to free titles and start nothing.
 */
export async function startRentalClock(db: Executor, input: { userId: string; assetId: string }): Promise<void> {
  await repo.startRentalsOfAsset(db, input);
}

/** The session named in signed links for someone not signed in (free titles). */
export const ANONYMOUS_VIEWER = 'anonymous';

type RentalWindow = { startBy: Date; expiresAt: Date | null };

// A subscriber's rental stays 'included': its clock does not start while the subscription covers it.
function accessOf(title: AccessTitle, viewer: { subscribed: boolean; rental: RentalWindow | undefined }): TitleAccess {
  if (title.isFree) return { kind: 'free' };
  if (viewer.subscribed) return { kind: 'included' };
  if (viewer.rental) {
    return { kind: 'rented', startBy: viewer.rental.startBy.toISOString(), expiresAt: viewer.rental.expiresAt?.toISOString() ?? null };
  }
  return title.rentPriceCents === null ? null : { kind: 'rent', price: dollarsOf(title.rentPriceCents) };
}
