import type { FastifyInstance } from 'fastify';
import { api } from '@marquee/contract';
import type { PaymentsConfig } from '../../config';
import { DomainError } from '../../lib/domain-errors';
import { route } from '../../lib/route';
import type { BillingDeps } from './billing-deps';
import { PaymentProviderError } from './billing-errors';
import { approveSandboxOrder, createOrder } from './orders.service';
import { paymentProviderFromConfig } from './provider-from-config';
import { buySubscription, listRented, rentTitle, subscriptionHistory } from './purchases.service';
import { handleWebhook } from './webhooks.service';

export interface BillingRoutesOptions {
  payments: PaymentsConfig;
  /** The clock for periods and windows (tests set it); the wall clock by default. */
  now?: () => Date;
}

export async function billingRoutes(app: FastifyInstance, options: BillingRoutesOptions): Promise<void> {
  const deps: BillingDeps = {
    db: app.db,
    provider: paymentProviderFromConfig(options.payments, app.db),
    now: options.now ?? (() => new Date()),
  };

  // The viewer sees a plain 502; operators need to know the provider is failing, and why.
  app.addHook('onError', async (request, _reply, error) => {
    if (error instanceof PaymentProviderError) request.log.warn({ reason: error.reason }, 'payment provider failed');
  });

  route(app, api.paymentsConfig, async () => ({ provider: deps.provider.name, clientId: deps.provider.clientId, currency: 'USD' as const }));
  route(app, api.createPaymentOrder, ({ viewer, body }) => createOrder(deps, { userId: viewer.user.id, request: body }));
  route(app, api.approveSandboxOrder, ({ viewer, params, body }) =>
    approveSandboxOrder(deps, { userId: viewer.user.id, orderId: params.orderId, outcome: body?.outcome ?? 'approve' }),
  );
  route(app, api.paypalWebhook, async ({ request, body }) => {
    try {
      return { message: await handleWebhook(deps, { headers: request.headers, event: body }) };
    } catch (error) {
      // Answered 5xx, the event stays unprocessed and PayPal redelivers it (for up to three days):
      // operators see which event is waiting and why.
      if (!(error instanceof DomainError) || error.status >= 500) {
        const reason = error instanceof PaymentProviderError ? error.reason : String(error);
        request.log.warn({ eventId: body.id, eventType: body.event_type, reason }, 'PayPal webhook not processed; PayPal will redeliver it');
      }
      throw error;
    }
  });

  const buy = ({ viewer, body }: { viewer: { user: { id: string } }; body: { subscriptionId: string; orderId: string } }) =>
    buySubscription(deps, { userId: viewer.user.id, ...body });
  route(app, api.buySubscription, buy);
  route(app, api.updateSubscription, buy);
  route(app, api.otherSubscriptions, ({ viewer }) => subscriptionHistory(deps, viewer.user.id));
  route(app, api.rent, ({ viewer, body }) => rentTitle(deps, { userId: viewer.user.id, request: body }));
  route(app, api.rented, ({ viewer }) => listRented(deps, viewer.user.id));
}
