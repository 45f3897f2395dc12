import type { RentedEntry, RentRequest, SubscriptionHistoryEntry, SubscriptionPurchase } from '@marquee/contract';
import { NotFoundError } from '../../lib/domain-errors';
import { rowItemsOf } from '../catalog/titles.service';
import { subscriptionStatus } from '../playback/entitlement.service';
import type { BillingDeps } from './billing-deps';
import * as grants from './grants.repository';
import { captureAndGrant } from './settle.service';
import { dollarsOf } from '../../lib/money';

/**
 * `PUT /user/buy/subscription` and `PUT /user/update-subscription`: the same rule for both, since
 * the period follows from what is in force when the payment is granted (billing-periods.ts).
 */
export async function buySubscription(
  deps: BillingDeps,
  input: { userId: string; subscriptionId: string; orderId: string },
): Promise<SubscriptionPurchase> {
  const { grant } = await captureAndGrant(deps, {
    userId: input.userId,
    orderId: input.orderId,
    expected: { purpose: 'subscription', planId: input.subscriptionId },
  });
  const status = await subscriptionStatus(deps.db, input.userId);
  const message =
    grant === null
      ? 'This payment has already been applied'
      : grant.kind === 'subscription' && grant.period === 'renewal'
        ? 'Subscription renewed'
        : 'Subscription activated';
  return { message, ...status };
}

export async function subscriptionHistory(deps: BillingDeps, userId: string): Promise<SubscriptionHistoryEntry[]> {
  const now = deps.now();
  const rows = await grants.subscriptionHistory(deps.db, userId);
  return rows.map((r) => ({
    _id: r.id,
    plan: r.plan,
    price: dollarsOf(r.amountCents),
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    status: r.revokedAt ? 'revoked' : r.endsAt <= now ? 'ended' : r.startsAt > now ? 'scheduled' : 'active',
  }));
}

/** `POST /user/rent`: captures the order made for this title and grants the rental. */
export async function rentTitle(deps: BillingDeps, input: { userId: string; request: RentRequest }): Promise<{ message: string; rental: RentedEntry }> {
  const request = input.request;
  const titleId = request.type === 'Movie' ? request.movieId : request.seriesId;
  const { payment, grant } = await captureAndGrant(deps, { userId: input.userId, orderId: request.orderId, expected: { purpose: 'rental', titleId } });
  const rental = (await grants.rentalOfPayment(deps.db, payment.id)) ?? null;
  if (!rental) throw new NotFoundError('Rental');
  const [entry] = await rentedEntries(deps, { userId: input.userId, rentals: [rental] });
  if (!entry) throw new NotFoundError(request.type);
  return { message: grant ? 'Rental ready' : 'This payment has already been applied', rental: entry };
}

/** `GET /user/rented`: rentals that can still be watched, newest first. */
export async function listRented(deps: BillingDeps, userId: string): Promise<{ rentedContent: RentedEntry[] }> {
  const rentals = await grants.watchableRentals(deps.db, { userId, now: deps.now() });
  return { rentedContent: await rentedEntries(deps, { userId, rentals }) };
}

type RentalRow = Awaited<ReturnType<typeof grants.watchableRentals>>[number];

async function rentedEntries(deps: BillingDeps, input: { userId: string; rentals: RentalRow[] }): Promise<RentedEntry[]> {
  const { userId, rentals } = input;
  const items = new Map((await rowItemsOf(deps.db, { titleIds: rentals.map((r) => r.titleId), viewerId: userId })).map((i) => [i._id, i]));
  return rentals.flatMap((r) => {
    const item = items.get(r.titleId);
    if (!item) return [];
    return [
      {
        _id: r.id,
        kind: item.kind,
        item,
        startBy: r.startBy.toISOString(),
        startedAt: r.startedAt?.toISOString() ?? null,
        expiresAt: r.expiresAt?.toISOString() ?? null,
      },
    ];
  });
}
