import type { Executor } from '../../db/client';
import * as repo from './entitlement.repository';

export interface Entitlement {
  /** May watch the full title. */
  full: boolean;
  reason: 'free' | 'subscription' | 'rental' | 'none';
}

/**
 * The server decides who watches what (PRODUCT.md §2): a free title, a valid subscription, or an
 * active rental of the title. Everyone else gets the trailer, or the banner image.
 */
export async function entitlementFor(
  db: Executor,
  input: { userId: string | null; title: { id: string; isFree: boolean } },
): Promise<Entitlement> {
  if (input.title.isFree) return { full: true, reason: 'free' };
  if (!input.userId) return { full: false, reason: 'none' };
  if (await repo.currentSubscription(db, input.userId)) return { full: true, reason: 'subscription' };
  if (await repo.activeRental(db, { userId: input.userId, titleId: input.title.id })) return { full: true, reason: 'rental' };
  return { full: false, reason: 'none' };
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
 * the signed media route calls this when a variant playlist is fetched (hls.js asks for one only
 * once the viewer presses play). Anonymous links belong to free titles and start nothing.
 */
export async function startRentalClock(db: Executor, input: { viewer: string; assetId: string }): Promise<void> {
  if (input.viewer === ANONYMOUS_VIEWER) return;
  await repo.startRentalsOfAsset(db, { userId: input.viewer, assetId: input.assetId });
}

/** The viewer name in signed links for someone not signed in (free titles). */
export const ANONYMOUS_VIEWER = 'anonymous';
