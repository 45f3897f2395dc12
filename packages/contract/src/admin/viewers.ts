import { z } from 'zod';
import { role } from '../accounts';
import { id } from '../common';
import { paymentProviderName } from '../billing';
import { activeStream } from '../playback';
import { adminEndpoint, can } from './access';
import { pageOf, pageQuery } from './paging';

/** Why an operator acted on an account; kept in the audit log. */
export const actionReason = z
  .string()
  .trim()
  .min(1, 'Give a reason: it goes to the audit log')
  .max(500, 'Reason must be at most 500 characters');

export const viewerSummary = z.object({
  _id: id,
  email: z.string(),
  name: z.string(),
  image: z.string(),
  role,
  /** ISO timestamp of the account's creation. */
  createdAt: z.string(),
  /** Set while the account is suspended: it cannot sign in or play. */
  suspendedAt: z.string().nullable(),
});
export type ViewerSummary = z.infer<typeof viewerSummary>;

export const viewerQuery = z.object({
  /** Part of an email address or a name; empty lists every account, newest first. */
  q: z.string().trim().max(120).optional(),
  ...pageQuery,
});

export const grantStatus = z.enum(['active', 'scheduled', 'ended', 'revoked']);

export const viewerSubscription = z.object({
  _id: id,
  plan: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: grantStatus,
  /** The payment that bought it; null for a period a support agent granted by hand. */
  paymentId: id.nullable(),
});

export const viewerRental = z.object({
  _id: id,
  title: z.object({ _id: id, name: z.string(), slug: z.string() }),
  startBy: z.string(),
  startedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** `active` until the rental can no longer be started or its viewing window is over. */
  status: z.enum(['active', 'ended', 'revoked']),
  paymentId: id.nullable(),
});

export const paymentStatus = z.enum(['created', 'pending', 'captured', 'granted', 'declined', 'failed', 'revoked']);
export type PaymentStatus = z.infer<typeof paymentStatus>;

export const paymentSummary = z.object({
  _id: id,
  provider: paymentProviderName,
  providerOrderId: z.string(),
  purpose: z.enum(['subscription', 'rental']),
  /** The plan's title or the rented title's name. */
  item: z.string(),
  /** USD, as a decimal number (9.99). */
  amount: z.number(),
  currency: z.string(),
  status: paymentStatus,
  createdAt: z.string(),
  viewer: z.object({ _id: id, email: z.string(), name: z.string() }),
});
export type PaymentSummary = z.infer<typeof paymentSummary>;

export const viewerSession = z.object({
  _id: id,
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  /** The profile chosen on it, if any. */
  profile: z.string().nullable(),
});

/** Where a profile of the account stopped in a title (a series: the episode played last). */
export const watchHistoryEntry = z.object({
  title: z.object({ _id: id, name: z.string(), slug: z.string() }),
  episode: z.object({ number: z.number().int(), name: z.string() }).nullable(),
  profile: z.string(),
  positionSeconds: z.number().int(),
  durationSeconds: z.number().int(),
  /** When it was last played. */
  watchedAt: z.string(),
});
export type WatchHistoryEntry = z.infer<typeof watchHistoryEntry>;

/** The watch history an account's page shows: the most recent titles, newest first. */
export const WATCH_HISTORY_LIMIT = 50;

export const viewerAccount = z.object({
  viewer: viewerSummary,
  profiles: z.array(z.object({ _id: id, name: z.string(), isKids: z.boolean(), maxAgeRating: z.number().int().nullable() })),
  subscriptions: z.array(viewerSubscription),
  rentals: z.array(viewerRental),
  payments: z.array(paymentSummary),
  /** Sessions still signed in (not signed out, expired or idle). */
  sessions: z.array(viewerSession),
  /** What plays on the account now. */
  streams: z.array(activeStream),
  /** Newest first, at most WATCH_HISTORY_LIMIT titles across its profiles. */
  watchHistory: z.array(watchHistoryEntry),
});
export type ViewerAccount = z.infer<typeof viewerAccount>;

export const reasonInput = z.object({ reason: actionReason });
export type ReasonInput = z.input<typeof reasonInput>;

export const suspensionInput = z.object({ suspended: z.boolean(), reason: actionReason });
export type SuspensionInput = z.input<typeof suspensionInput>;

const tags = ['admin: viewers'];
const byId = z.object({ id });

export const viewerEndpoints = {
  viewers: adminEndpoint({
    method: 'GET',
    path: '/admin/api/viewers',
    summary: 'Search accounts by email or name, newest first',
    tags,
    roles: can.serveViewers,
    query: viewerQuery,
    response: pageOf(viewerSummary),
  }),
  viewer: adminEndpoint({
    method: 'GET',
    path: '/admin/api/viewers/:id',
    summary: "An account: profiles, subscriptions, rentals, payments, signed-in sessions and what plays now",
    tags,
    roles: can.serveViewers,
    params: byId,
    response: viewerAccount,
  }),
  signOutViewer: adminEndpoint({
    method: 'POST',
    path: '/admin/api/viewers/:id/sign-out',
    summary: 'End every session of an account (its playback links stop with them); audited with the reason',
    tags,
    roles: can.serveViewers,
    params: byId,
    body: reasonInput,
    response: viewerAccount,
  }),
  signOutSession: adminEndpoint({
    method: 'POST',
    path: '/admin/api/viewers/:id/sessions/:sessionId/sign-out',
    summary: "End one session of an account (a lost phone, a shared computer); whatever it plays stops. 404 unless it is one of the account's live sessions; audited with the reason",
    tags,
    roles: can.serveViewers,
    params: z.object({ id, sessionId: id }),
    body: reasonInput,
    response: viewerAccount,
  }),
  suspendViewer: adminEndpoint({
    method: 'PUT',
    path: '/admin/api/viewers/:id/suspension',
    summary: 'Suspend an account (its sessions end; it cannot sign in or play) or lift the suspension; audited with the reason',
    tags,
    roles: can.serveViewers,
    params: byId,
    body: suspensionInput,
    response: viewerAccount,
  }),
};
