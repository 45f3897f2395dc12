import type { ManualGrantInput, PaymentDetail, ViewerAccount } from '@marquee/contract/admin';
import type { Database } from '../../db/client';
import { BadRequestError, NotFoundError } from '../../lib/domain-errors';
import type { Viewer } from '../auth/auth.service';
import { actorOf, recordAudit } from '../audit/audit.service';
import { grantByHand } from '../billing/grants.service';
import { paymentHistory, refundPayment, type BillingDeps } from '../billing/refunds.service';
import * as repo from './payments.repository';
import { findAccount } from './viewers.repository';
import { toPaymentSummary, viewerAccount, type SupportDeps } from './viewers.service';

const DAY_MS = 86_400_000;

export async function listPayments(db: Database, query: { status?: repo.PaymentStatusName | undefined; provider?: repo.ProviderName | undefined; from?: string | undefined; to?: string | undefined; page: number; pageSize: number }) {
  const { rows, total } = await repo.listPayments(db, {
    status: query.status,
    provider: query.provider,
    from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
    // Through the whole of the last day.
    to: query.to ? new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS) : undefined,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { items: rows.map(toPaymentSummary), total, page: query.page, pageSize: query.pageSize };
}

export async function paymentDetail(db: Database, id: string): Promise<PaymentDetail> {
  const summary = await repo.paymentSummaryById(db, id);
  if (!summary) throw new NotFoundError('Payment');
  const { payment, events } = await paymentHistory(db, id);
  return {
    ...toPaymentSummary(summary),
    captureId: payment.captureId,
    grantedAt: payment.grantedAt?.toISOString() ?? null,
    revokedAt: payment.revokedAt?.toISOString() ?? null,
    refundable: (payment.status === 'granted' || payment.status === 'captured') && payment.captureId !== null,
    events: events.map((e) => ({ type: e.type, at: e.createdAt.toISOString(), detail: (e.detail ?? {}) as Record<string, unknown> })),
  };
}

/** Refunds through the provider; the rental or subscription it paid for ends at once; audited with the reason. */
export async function refund(deps: BillingDeps & { db: Database }, input: { viewer: Viewer; id: string; reason: string }): Promise<PaymentDetail> {
  const before = await paymentDetail(deps.db, input.id);
  await refundPayment(deps, {
    paymentId: input.id,
    afterRevoke: (tx, outcome) =>
      recordAudit(tx, {
        actor: actorOf(input.viewer),
        action: 'payment.refund',
        entityType: 'payment',
        entityId: input.id,
        summary: `Refunded ${before.item} (${before.amount.toFixed(2)} ${before.currency}) to ${before.viewer.email}`,
        before: { status: before.status },
        after: { status: 'revoked', refundId: outcome.refundId, refundStatus: outcome.status },
        reason: input.reason,
      }),
  });
  return paymentDetail(deps.db, input.id);
}

/** Gives an account subscription days or a rental with no payment behind it; audited with the reason. */
export async function grant(deps: SupportDeps, input: { viewer: Viewer; userId: string; grant: ManualGrantInput & { days: number } }): Promise<ViewerAccount> {
  const account = await findAccount(deps.db, input.userId);
  if (!account) throw new NotFoundError('Account');
  const { grant: body } = input;
  await deps.db.transaction(async (tx) => {
    const item =
      body.kind === 'subscription'
        ? (await repo.planExists(tx, body.planId))?.title
        : (await repo.titleExists(tx, body.titleId))?.name;
    if (!item) throw new BadRequestError(body.kind === 'subscription' ? 'No such plan' : 'No such title', { field: body.kind === 'subscription' ? 'planId' : 'titleId' });
    const given = await grantByHand({ db: tx, now: deps.now }, { ...body, userId: account.id });
    await recordAudit(tx, {
      actor: actorOf(input.viewer),
      action: `${body.kind}.grant`,
      entityType: 'user',
      entityId: account.id,
      summary: `Gave ${account.email} ${body.days} ${body.days === 1 ? 'day' : 'days'} of ${body.kind === 'subscription' ? `the ${item} plan` : `renting ${item}`}`,
      before: null,
      after: { [`${body.kind}Id`]: given.id, until: given.endsAt },
      reason: body.reason,
    });
  });
  return viewerAccount(deps, account.id);
}
