import { z } from 'zod';
import { id } from '../common';
import { paymentProviderName } from '../billing';
import { adminEndpoint, can } from './access';
import { pageOf, pageQuery } from './paging';
import { actionReason, paymentStatus, paymentSummary, viewerAccount } from './viewers';

const day = z.iso.date({ message: 'Use a date like 2026-11-26' });

export const paymentQuery = z.object({
  status: paymentStatus.optional(),
  provider: paymentProviderName.optional(),
  /** Created on or after this day (UTC). */
  from: day.optional(),
  /** Created on or before this day (UTC). */
  to: day.optional(),
  ...pageQuery,
});
export type PaymentQuery = z.input<typeof paymentQuery>;

export const paymentDetail = paymentSummary.extend({
  captureId: z.string().nullable(),
  grantedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** Only a captured payment whose access was given can be refunded. */
  refundable: z.boolean(),
  /** The payment's history, oldest first: created, captured, granted, refunded, revoked… */
  events: z.array(z.object({ type: z.string(), at: z.string(), detail: z.record(z.string(), z.unknown()) })),
});
export type PaymentDetail = z.infer<typeof paymentDetail>;

export const refundInput = z.object({ reason: actionReason });
export type RefundInput = z.input<typeof refundInput>;

const days = z.number({ message: 'Enter a number of days' }).int('Whole days only').min(1, 'At least 1 day').max(366, 'At most 366 days');

/** Access a support agent gives by hand: subscription days on a plan, or a rental of a title. */
export const manualGrantInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('subscription'), planId: id, days, reason: actionReason }),
  z.object({ kind: z.literal('rental'), titleId: id, days, reason: actionReason }),
]);
export type ManualGrantInput = z.input<typeof manualGrantInput>;

const tags = ['admin: payments'];
const byId = z.object({ id });

export const paymentEndpoints = {
  payments: adminEndpoint({
    method: 'GET',
    path: '/admin/api/payments',
    summary: 'Payments, newest first, filtered by status, provider and the days they were made',
    tags,
    roles: can.serveViewers,
    query: paymentQuery,
    response: pageOf(paymentSummary),
  }),
  payment: adminEndpoint({
    method: 'GET',
    path: '/admin/api/payments/:id',
    summary: 'A payment and its history',
    tags,
    roles: can.serveViewers,
    params: byId,
    response: paymentDetail,
  }),
  refundPayment: adminEndpoint({
    method: 'POST',
    path: '/admin/api/payments/:id/refund',
    summary: "Refund a captured payment in full through its provider; what it paid for ends at once; 409 when it cannot be refunded; audited",
    tags,
    roles: can.serveViewers,
    params: byId,
    body: refundInput,
    response: paymentDetail,
  }),
  grantAccess: adminEndpoint({
    method: 'POST',
    path: '/admin/api/viewers/:id/grants',
    summary: 'Give an account subscription days on a plan, or a rental of a title, with a reason; audited',
    tags,
    roles: can.serveViewers,
    params: byId,
    body: manualGrantInput,
    response: viewerAccount,
  }),
};
