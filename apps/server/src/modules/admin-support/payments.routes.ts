import type { FastifyInstance } from 'fastify';
import { adminApi } from '@marquee/contract/admin';
import type { PaymentsConfig } from '../../config';
import { route } from '../../lib/route';
import { billingDeps } from '../billing/refunds.service';
import * as payments from './payments.service';

export async function supportPaymentRoutes(app: FastifyInstance, options: { payments: PaymentsConfig; idleMs: number }): Promise<void> {
  const billing = { ...billingDeps(options.payments, app.db), db: app.db };
  const support = { db: app.db, idleMs: options.idleMs, now: () => new Date() };
  route(app, adminApi.payments, ({ query }) => payments.listPayments(app.db, query));
  route(app, adminApi.payment, ({ params }) => payments.paymentDetail(app.db, params.id));
  route(app, adminApi.refundPayment, ({ viewer, params, body }) => payments.refund(billing, { viewer, id: params.id, reason: body.reason }));
  route(app, adminApi.grantAccess, ({ viewer, params, body }) => payments.grant(support, { viewer, userId: params.id, grant: body }));
}
