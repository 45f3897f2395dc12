import type { CreateOrderRequest, Session } from '@marquee/contract';
import { eq } from 'drizzle-orm';
import { paymentEvents, payments, subscriptions } from '../../db/schema';
import type { Executor } from '../../db/client';
import type { TestContext } from '../../../test/test-app';
import type { PayPalFake } from '../../../test/paypal-fake';
import { bearer } from '../../../test/sign-in';

/** Calls the billing endpoints as the web app will. */
export function billingClient(ctx: TestContext) {
  return {
    async order(session: Session, body: CreateOrderRequest) {
      return ctx.app.inject({ method: 'POST', url: '/payments/orders', headers: bearer(session), payload: body });
    },
    async orderId(session: Session, body: CreateOrderRequest): Promise<string> {
      const res = await this.order(session, body);
      if (res.statusCode !== 200) throw new Error(`order failed: ${res.body}`);
      return res.json().orderId;
    },
    approve(session: Session, orderId: string, outcome?: 'approve' | 'decline') {
      return ctx.app.inject({
        method: 'POST',
        url: `/payments/sandbox/orders/${orderId}/approve`,
        headers: bearer(session),
        payload: outcome ? { outcome } : {},
      });
    },
    buy(session: Session, body: { subscriptionId: string; orderId: string }, path = '/user/buy/subscription') {
      return ctx.app.inject({ method: 'PUT', url: path, headers: bearer(session), payload: body });
    },
    rent(session: Session, body: Record<string, string>) {
      return ctx.app.inject({ method: 'POST', url: '/user/rent', headers: bearer(session), payload: body });
    },
    status(session: Session) {
      return ctx.app.inject({ url: '/user/subscription-status', headers: bearer(session) }).then((r) => r.json());
    },
  };
}

export const subscriptionsOf = (ctx: TestContext, session: Session) =>
  ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, session.user._id));

export const paymentOf = async (ctx: TestContext, orderId: string) =>
  (await ctx.db.select().from(payments).where(eq(payments.providerOrderId, orderId)))[0]!;

/** A payment's history (payment_events), oldest first. */
export function paymentLog(db: Executor, paymentId: string) {
  return db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId)).orderBy(paymentEvents.createdAt, paymentEvents.id);
}

/** The environment that points the server's PayPal provider at a fake. */
export const paypalEnv = (fake: PayPalFake) => ({
  PAYPAL_CLIENT_ID: fake.credentials.clientId,
  PAYPAL_CLIENT_SECRET: fake.credentials.clientSecret,
  PAYPAL_WEBHOOK_ID: fake.credentials.webhookId,
  PAYPAL_API_BASE: fake.url,
});
