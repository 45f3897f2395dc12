import { createPayPalClient, PayPalApiError, type PayPalClient, type PayPalSettings } from './paypal-client';
import {
  formatAmount,
  parseAmount,
  type CaptureOutcome,
  type PaymentProvider,
  type WebhookAction,
  type WebhookDelivery,
} from './payment-provider';

interface PayPalCapture {
  id: string;
  status: string;
  status_details?: { reason?: string };
  amount?: { currency_code: string; value: string };
  supplementary_data?: { related_ids?: { order_id?: string } };
}
interface PayPalOrder {
  id: string;
  status: string;
  purchase_units?: { payments?: { captures?: PayPalCapture[] } }[];
}

/** PayPal Orders v2: the server creates and captures; the page's buttons only approve. */
export function createPayPalProvider(settings: PayPalSettings): PaymentProvider {
  const client = createPayPalClient(settings);
  return {
    name: 'paypal',
    clientId: settings.clientId,

    async createOrder({ money, description, referenceId }) {
      const order = await client.request<PayPalOrder>({
        method: 'POST',
        path: '/v2/checkout/orders',
        requestId: `order-${referenceId}`,
        body: {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: referenceId,
              custom_id: referenceId,
              description,
              amount: { currency_code: money.currency, value: formatAmount(money.amountCents) },
            },
          ],
        },
      });
      return { orderId: order.id };
    },

    async captureOrder({ orderId, requestId }) {
      try {
        const order = await client.request<PayPalOrder>({ method: 'POST', path: `/v2/checkout/orders/${orderId}/capture`, requestId, body: {} });
        return readOrder(order);
      } catch (error) {
        if (!(error instanceof PayPalApiError)) throw error;
        // PayPal returns 422 ORDER_NOT_APPROVED before the buyer approves, INSTRUMENT_DECLINED for a
        // refused card (the buyer may pick another), and ORDER_ALREADY_CAPTURED for a second capture.
        if (error.issue === 'ORDER_NOT_APPROVED' || error.status === 404) return { kind: 'not-approved' };
        if (error.issue === 'INSTRUMENT_DECLINED') return { kind: 'declined', captureId: null, reason: 'The card was declined.' };
        if (error.issue === 'ORDER_ALREADY_CAPTURED') return this.getOrder(orderId);
        throw error;
      }
    },

    // A 404 is not an answer: the order is on our books, so PayPal not showing it is a read-back
    // failure (a PayPalApiError, 502 to the caller) and a webhook that needs it is redelivered.
    async getOrder(orderId) {
      return readOrder(await client.request<PayPalOrder>({ method: 'GET', path: `/v2/checkout/orders/${orderId}` }));
    },

    async refund({ captureId, requestId }) {
      try {
        // An empty body refunds the whole captured amount.
        const refund = await client.request<{ id: string; status: string }>({
          method: 'POST',
          path: `/v2/payments/captures/${captureId}/refund`,
          requestId,
          body: {},
        });
        if (refund.status === 'COMPLETED' || refund.status === 'PENDING') return { kind: 'refunded', refundId: refund.id, status: refund.status };
        return { kind: 'refused', reason: refund.status };
      } catch (error) {
        // 422 carries PayPal's reason (CAPTURE_FULLY_REFUNDED, PENDING_CAPTURE, …); 404: no such capture.
        if (error instanceof PayPalApiError && (error.status === 422 || error.status === 404)) {
          return { kind: 'refused', reason: error.issue ?? `HTTP ${error.status}` };
        }
        throw error;
      }
    },

    async interpretWebhook(delivery) {
      if (!(await verify(client, delivery))) return 'unverified';
      return interpret(client, delivery.event);
    },
  };
}

/** Access needs the order AND its capture COMPLETED; the amount is checked by the caller. */
function readOrder(order: PayPalOrder): CaptureOutcome {
  const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
  if (!capture) {
    if (order.status === 'VOIDED') return { kind: 'voided', captureId: null, reason: 'VOIDED' };
    return order.status === 'APPROVED' ? { kind: 'approved' } : { kind: 'not-approved' };
  }
  const money = { amountCents: parseAmount(capture.amount?.value ?? '') ?? -1, currency: capture.amount?.currency_code ?? '' };
  if (capture.status === 'COMPLETED' && order.status === 'COMPLETED') return { kind: 'completed', captureId: capture.id, money };
  if (capture.status === 'PENDING' || capture.status === 'COMPLETED') {
    return { kind: 'pending', captureId: capture.id, money, reason: capture.status_details?.reason ?? 'PENDING' };
  }
  if (capture.status === 'DECLINED' || capture.status === 'FAILED') {
    return { kind: 'declined', captureId: capture.id, reason: 'The card was declined.' };
  }
  return { kind: 'voided', captureId: capture.id, reason: capture.status };
}

const header = (delivery: WebhookDelivery, name: string) => {
  const value = delivery.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

async function verify(client: PayPalClient, delivery: WebhookDelivery): Promise<boolean> {
  const fields = {
    auth_algo: header(delivery, 'paypal-auth-algo'),
    cert_url: header(delivery, 'paypal-cert-url'),
    transmission_id: header(delivery, 'paypal-transmission-id'),
    transmission_sig: header(delivery, 'paypal-transmission-sig'),
    transmission_time: header(delivery, 'paypal-transmission-time'),
  };
  if (Object.values(fields).some((v) => !v)) return false;
  try {
    const result = await client.request<{ verification_status?: string }>({
      method: 'POST',
      path: '/v1/notifications/verify-webhook-signature',
      body: { ...fields, webhook_id: client.webhookId, webhook_event: delivery.event },
    });
    return result.verification_status === 'SUCCESS';
  } catch (error) {
    if (error instanceof PayPalApiError && error.status < 500) return false;
    throw error;
  }
}

/** Reads the resource back from PayPal: the delivered payload only says where to look. */
async function interpret(client: PayPalClient, event: WebhookDelivery['event']): Promise<WebhookAction> {
  const resource = event.resource ?? {};
  switch (event.event_type) {
    case 'PAYMENT.CAPTURE.COMPLETED': {
      const capture = await readCapture(client, String(resource.id ?? ''));
      const orderId = capture?.supplementary_data?.related_ids?.order_id;
      return capture?.status === 'COMPLETED' && orderId ? { kind: 'grant', orderId } : { kind: 'ignore' };
    }
    case 'PAYMENT.CAPTURE.REFUNDED':
    case 'PAYMENT.CAPTURE.REVERSED': {
      // The resource is a refund whose 'up' link names the capture (or, for some reversals, the capture itself).
      const links = (resource.links as { rel?: string; href?: string }[] | undefined) ?? [];
      const up = links.find((l) => l.rel === 'up')?.href?.split('/').pop();
      const capture = await readCapture(client, up ?? String(resource.id ?? ''));
      return capture && ['REFUNDED', 'PARTIALLY_REFUNDED', 'REVERSED'].includes(capture.status)
        ? { kind: 'revoke', captureIds: [capture.id], reason: event.event_type }
        : { kind: 'ignore' };
    }
    case 'CUSTOMER.DISPUTE.CREATED': {
      const disputeId = String(resource.dispute_id ?? '');
      if (!/^[A-Za-z0-9-]{1,64}$/.test(disputeId)) return { kind: 'ignore' };
      const dispute = await client.request<{ disputed_transactions?: { seller_transaction_id?: string }[] }>({
        method: 'GET',
        path: `/v1/customer/disputes/${disputeId}`,
      });
      const captureIds = (dispute.disputed_transactions ?? []).flatMap((t) => (t.seller_transaction_id ? [t.seller_transaction_id] : []));
      return captureIds.length > 0 ? { kind: 'revoke', captureIds, reason: event.event_type } : { kind: 'ignore' };
    }
    default:
      return { kind: 'ignore' };
  }
}

/**
 * A verified event names a capture PayPal has: a 404 (or a timeout) reading it back is a failure to
 * retry, never a reason to drop the event, or a refund would be lost. It propagates, the webhook is
 * answered 502 and left unprocessed, and PayPal redelivers it.
 */
async function readCapture(client: PayPalClient, captureId: string): Promise<PayPalCapture | null> {
  if (!/^[A-Za-z0-9-]{1,64}$/.test(captureId)) return null;
  return client.request<PayPalCapture>({ method: 'GET', path: `/v2/payments/captures/${captureId}` });
}
