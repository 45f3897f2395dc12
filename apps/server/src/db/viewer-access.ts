import { and, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { rentals, subscriptions } from './schema';

/** A subscription period in force now: granted, not revoked, started and not over. */
export function subscriptionInForce(): SQL {
  return and(isNull(subscriptions.revokedAt), lte(subscriptions.startsAt, sql`now()`), gt(subscriptions.endsAt, sql`now()`))!;
}

/** A rental that may still be watched: not revoked, and not started within its start window, or started and not expired. */
export function rentalWatchable(): SQL {
  return and(isNull(rentals.revokedAt), or(and(isNull(rentals.startedAt), gt(rentals.startBy, sql`now()`)), gt(rentals.expiresAt, sql`now()`)))!;
}

/** A rental still watchable, as `heldBy` reads it: title id, start-by and expiry (ISO 8601, or null). */
export type HeldRental = [titleId: string, startBy: string, expiresAt: string | null];

/**
 * What the account `userId` (a column or a value) holds now, as two columns of whatever statement
 * reads them: whether a subscription is in force, and its watchable rentals, oldest start-by first.
 * The session lookup reads them with the session, so deciding a signed-in viewer's access costs no
 * statement of its own; both are index lookups (subscriptions_user_idx, rentals_user_title_idx).
 */
export function heldBy(userId: AnyPgColumn | SQL) {
  // Each subquery is nested in an outer fragment: a single-table select writes the columns of its
  // fields' top-level fragments unqualified, which would leave `user_id` to whichever table is nearest.
  const subscribed = sql`select 1 from ${subscriptions} where ${subscriptions.userId} = ${userId} and ${subscriptionInForce()}`;
  const held = sql`select coalesce(json_agg(json_build_array(${rentals.titleId}, ${rentals.startBy}, ${rentals.expiresAt}) order by ${rentals.startBy}), '[]'::json)
    from ${rentals} where ${rentals.userId} = ${userId} and ${rentalWatchable()}`;
  return { subscribed: sql<boolean>`exists (${subscribed})`, rentals: sql<HeldRental[]>`(${held})` };
}
