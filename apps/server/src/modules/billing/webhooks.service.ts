import { BadRequestError } from '../../lib/domain-errors';
import type { BillingDeps } from './billing-deps';
import { revokePayment } from './grants.service';
import { callProvider } from './orders.service';
import type { WebhookDelivery } from './payment-provider';
import * as payments from './payments.repository';
import { settleFromWebhook } from './settle.service';

/**
 * A provider webhook: verified with the provider first, acted on once per event id, and acted on
 * from the resource as the provider reports it now, never from the delivered payload. The work is
 * two short provider calls, so it runs before the 2xx; a failure answers 5xx and the provider
 * redelivers (the event stays unprocessed until it succeeds).
 */
export async function handleWebhook(deps: BillingDeps, delivery: WebhookDelivery): Promise<string> {
  const action = await callProvider(() => deps.provider.interpretWebhook(delivery));
  if (action === 'unverified') throw new BadRequestError('Webhook signature could not be verified');
  const fresh = await payments.claimWebhookEvent(deps.db, { eventId: delivery.event.id, eventType: delivery.event.event_type });
  if (!fresh) return 'Already processed';

  if (action.kind === 'grant') await settleFromWebhook(deps, action.orderId);
  if (action.kind === 'revoke') {
    const affected = await payments.findPaymentsByCapture(deps.db, { provider: deps.provider.name, captureIds: action.captureIds });
    for (const payment of affected) await revokePayment(deps, { payment, reason: action.reason });
  }
  await payments.markWebhookProcessed(deps.db, delivery.event.id);
  return 'Processed';
}
