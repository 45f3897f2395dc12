import { WATCH_HISTORY_LIMIT, type PaymentSummary, type ViewerAccount, type ViewerSummary } from '@marquee/contract/admin';
import type { Database } from '../../db/client';
import { BadRequestError, NotFoundError } from '../../lib/domain-errors';
import type { Viewer } from '../auth/auth.service';
import { actorOf, recordAudit } from '../audit/audit.service';
import { listStreams } from '../playback/streams.service';
import * as payments from './payments.repository';
import * as repo from './viewers.repository';

export interface SupportDeps {
  db: Database;
  /** SESSION_IDLE_DAYS: a session unused this long is signed out. */
  idleMs: number;
  now: () => Date;
}

export async function searchViewers(db: Database, query: { q?: string | undefined; page: number; pageSize: number }) {
  const { rows, total } = await repo.searchAccounts(db, { text: query.q || undefined, limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
  return { items: rows.map(toViewerSummary), total, page: query.page, pageSize: query.pageSize };
}

/** Everything support needs to help with an account, on one page. */
export async function viewerAccount(deps: SupportDeps, id: string): Promise<ViewerAccount> {
  const account = await repo.findAccount(deps.db, id);
  if (!account) throw new NotFoundError('Account');
  const now = deps.now();
  const [profiles, subscriptions, rentals, paid, sessions, streams, watched] = await Promise.all([
    repo.accountProfiles(deps.db, id),
    repo.accountSubscriptions(deps.db, id),
    repo.accountRentals(deps.db, id),
    payments.listPayments(deps.db, { userId: id, limit: 100, offset: 0 }),
    repo.liveSessions(deps.db, { userId: id, idleMs: deps.idleMs }),
    listStreams(deps, { userId: id, sessionId: '' }),
    repo.watchHistory(deps.db, { userId: id, limit: WATCH_HISTORY_LIMIT }),
  ]);
  return {
    viewer: toViewerSummary(account),
    profiles: profiles.map((p) => ({ _id: p.id, name: p.name, isKids: p.isKids, maxAgeRating: p.maxAgeRating })),
    subscriptions: subscriptions.map((s) => ({
      _id: s.id,
      plan: s.plan,
      startsAt: s.startsAt.toISOString(),
      endsAt: s.endsAt.toISOString(),
      status: s.revokedAt ? 'revoked' : s.endsAt <= now ? 'ended' : s.startsAt > now ? 'scheduled' : 'active',
      paymentId: s.paymentRef,
    })),
    rentals: rentals.map((r) => ({
      _id: r.id,
      title: { _id: r.titleId, name: r.titleName, slug: r.titleSlug },
      startBy: r.startBy.toISOString(),
      startedAt: r.startedAt?.toISOString() ?? null,
      expiresAt: r.expiresAt?.toISOString() ?? null,
      status: r.revokedAt ? 'revoked' : (r.expiresAt ? r.expiresAt > now : r.startBy > now) ? 'active' : 'ended',
      paymentId: r.paymentRef,
    })),
    payments: paid.rows.map(toPaymentSummary),
    sessions: sessions.map((s) => ({
      _id: s.id,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      profile: s.profile,
    })),
    streams,
    watchHistory: watched.map((w) => ({
      title: { _id: w.titleId, name: w.titleName, slug: w.titleSlug },
      episode: w.episodeNumber === null || w.episodeName === null ? null : { number: w.episodeNumber, name: w.episodeName },
      profile: w.profile,
      positionSeconds: w.positionSeconds,
      durationSeconds: w.durationSeconds,
      watchedAt: w.updatedAt.toISOString(),
    })),
  };
}

/** Ends every session of the account at once: its devices are signed out and their playback links stop. */
export async function signOutEverywhere(deps: SupportDeps, input: { viewer: Viewer; id: string; reason: string }): Promise<ViewerAccount> {
  await deps.db.transaction(async (tx) => {
    const account = await repo.lockAccount(tx, input.id);
    if (!account) throw new NotFoundError('Account');
    const ended = await repo.endAllSessions(tx, account.id);
    await recordAudit(tx, {
      actor: actorOf(input.viewer),
      action: 'user.sign-out',
      entityType: 'user',
      entityId: account.id,
      summary: `Signed ${account.email} out everywhere (${ended} ${ended === 1 ? 'session' : 'sessions'})`,
      before: { sessions: ended },
      after: { sessions: 0 },
      reason: input.reason,
    });
  });
  return viewerAccount(deps, input.id);
}

/** Ends one session (a lost phone, a shared computer): that device is signed out and what it plays stops. */
export async function signOutSession(deps: SupportDeps, input: { viewer: Viewer; id: string; sessionId: string; reason: string }): Promise<ViewerAccount> {
  await deps.db.transaction(async (tx) => {
    const account = await repo.lockAccount(tx, input.id);
    if (!account) throw new NotFoundError('Account');
    if (!(await repo.endSession(tx, { userId: account.id, sessionId: input.sessionId }))) throw new NotFoundError('Signed-in session');
    await recordAudit(tx, {
      actor: actorOf(input.viewer),
      action: 'user.sign-out-session',
      entityType: 'user',
      entityId: account.id,
      summary: `Signed ${account.email} out of one session`,
      before: { sessionId: input.sessionId, signedIn: true },
      after: { sessionId: input.sessionId, signedIn: false },
      reason: input.reason,
    });
  });
  return viewerAccount(deps, input.id);
}

/**
 * Suspends an account (it cannot sign in, its sessions end and with them its playback) or lifts
 * the suspension. Staff accounts are refused: their role is changed on the Staff page first.
 */
export async function setSuspension(deps: SupportDeps, input: { viewer: Viewer; id: string; suspended: boolean; reason: string }): Promise<ViewerAccount> {
  await deps.db.transaction(async (tx) => {
    const account = await repo.lockAccount(tx, input.id);
    if (!account) throw new NotFoundError('Account');
    if (account.role !== 'viewer') throw new BadRequestError(`${account.email} is ${account.role} staff: an admin makes it a viewer on the Staff page first`, { field: 'suspended' });
    if (Boolean(account.suspendedAt) === input.suspended) return;
    const after = await repo.setSuspended(tx, { id: account.id, suspended: input.suspended });
    const ended = input.suspended ? await repo.endAllSessions(tx, account.id) : 0;
    await recordAudit(tx, {
      actor: actorOf(input.viewer),
      action: input.suspended ? 'user.suspend' : 'user.unsuspend',
      entityType: 'user',
      entityId: account.id,
      summary: input.suspended ? `Suspended ${account.email} (${ended} ${ended === 1 ? 'session' : 'sessions'} ended)` : `Lifted the suspension of ${account.email}`,
      before: { suspendedAt: account.suspendedAt },
      after: { suspendedAt: after.suspendedAt },
      reason: input.reason,
    });
  });
  return viewerAccount(deps, input.id);
}

function toViewerSummary(user: repo.AccountRecord): ViewerSummary {
  return {
    _id: user.id,
    email: user.email,
    name: user.name,
    image: user.image,
    role: user.role,
    createdAt: user.createdAt.toISOString(),
    suspendedAt: user.suspendedAt?.toISOString() ?? null,
  };
}

export function toPaymentSummary(row: payments.PaymentRow): PaymentSummary {
  return {
    _id: row.id,
    provider: row.provider,
    providerOrderId: row.providerOrderId,
    purpose: row.purpose,
    item: row.item,
    amount: row.amountCents / 100,
    currency: row.currency,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    viewer: { _id: row.userId, email: row.userEmail, name: row.userName },
  };
}
