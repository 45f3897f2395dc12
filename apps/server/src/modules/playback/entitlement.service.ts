import type { TitleAccess } from '@marquee/contract';
import type { Executor } from '../../db/client';
import * as repo from './entitlement.repository';
import { dollarsOf } from '../../lib/money';
import type { HeldRental } from '../../db/viewer-access';

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
 * What a signed-in viewer holds now: read with their session on every request (auth's session
 * lookup), or on its own in one statement (`heldByAccount`), never kept between requests, so a
 * subscription or rental shows on the next answer and an ended one is gone from it, on every node.
 */
export interface ViewerAccess {
  subscribed: boolean;
  /** Watchable rentals by title id; with two of a title, the one with the latest start-by. */
  rentals: Map<string, RentalWindow>;
}

/** A viewer's access from what the database read (db/viewer-access.ts `heldBy`). */
export function viewerAccessOf(held: { subscribed: boolean; rentals: HeldRental[] }): ViewerAccess {
  // Ordered by start-by: with two active rentals of a title, the newest one is kept.
  const rentals = new Map(held.rentals.map(([titleId, startBy, expiresAt]) => [titleId, { startBy: new Date(startBy), expiresAt: expiresAt === null ? null : new Date(expiresAt) }]));
  return { subscribed: held.subscribed, rentals };
}

/**
 * The server decides who watches what (behaviour.md §10): a free title, a valid subscription, or an
 * active rental of the title; the rest may be rented when they have a price. One rule for a
 * title page and for a page of cards, in at most one statement however many titles (none for
 * someone not signed in, or when no title is paid).
 */
export async function accessTo(
  db: Executor,
  input: { userId: string | null; titles: AccessTitle[] },
): Promise<Map<string, TitleAccess>> {
  const paid = input.userId !== null && input.titles.some((t) => !t.isFree);
  const held = paid ? viewerAccessOf(await repo.heldByAccount(db, input.userId!)) : null;
  return accessFrom(held, input.titles);
}

/** `accessTo` for a viewer whose holdings are known (read with the session): no statement. null: not signed in. */
export function accessFrom(viewer: ViewerAccess | null, titles: AccessTitle[]): Map<string, TitleAccess> {
  return new Map(titles.map((title) => [title.id, accessOf(title, viewer)]));
}

/**
 * What changes for a signed-in viewer on a card built for anonymous viewers (the catalogue read
 * model): a title that is not free becomes 'included' with a subscription, or 'rented' with an
 * active rental; otherwise its anonymous access stands (undefined).
 */
export function personalAccess(viewer: ViewerAccess, card: { _id: string; isFree: boolean }): TitleAccess | undefined {
  if (card.isFree) return undefined;
  if (viewer.subscribed) return INCLUDED;
  const rental = viewer.rentals.get(card._id);
  return rental && rented(rental);
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

const INCLUDED: TitleAccess = { kind: 'included' };

// A subscriber's rental stays 'included': its clock does not start while the subscription covers it.
function accessOf(title: AccessTitle, viewer: ViewerAccess | null): TitleAccess {
  if (title.isFree) return { kind: 'free' };
  if (viewer?.subscribed) return { kind: 'included' };
  const rental = viewer?.rentals.get(title.id);
  if (rental) return rented(rental);
  return title.rentPriceCents === null ? null : { kind: 'rent', price: dollarsOf(title.rentPriceCents) };
}

function rented(rental: RentalWindow): TitleAccess {
  return { kind: 'rented', startBy: rental.startBy.toISOString(), expiresAt: rental.expiresAt?.toISOString() ?? null };
}
