import type { Executor } from '../../db/client';
import type { CaptureOutcome, PaymentProvider } from './payment-provider';
import * as repo from './sandbox-orders.repository';

/**
 * The built-in provider (default): no network, the same states as PayPal. The page's sandbox
 * wallet approves an order with the approving card or the declining card; capture then completes
 * or is declined. Its orders live in the database so every server process sees them.
 */
export function createSandboxProvider(db: Executor): SandboxProvider {
  return {
    name: 'sandbox',
    clientId: null,

    async createOrder({ money }) {
      const order = await repo.insertSandboxOrder(db, money);
      return { orderId: order.id };
    },

    async captureOrder({ orderId }) {
      const order = await repo.findSandboxOrder(db, orderId);
      if (!order) return { kind: 'not-approved' };
      if (order.status === 'APPROVED') {
        const to = order.declined ? 'DECLINED' : 'COMPLETED';
        // Only one of two racing captures moves the order; the other reads the result below.
        await repo.moveSandboxOrder(db, { id: orderId, from: ['APPROVED'], to, captureId: repo.newSandboxId('CAP') });
      }
      return outcome(await repo.findSandboxOrder(db, orderId));
    },

    async getOrder(orderId) {
      return outcome(await repo.findSandboxOrder(db, orderId));
    },

    // Refused for the reasons PayPal gives; the sandbox keeps no refund ids, so a retry of a refund
    // that went through is refused as CAPTURE_FULLY_REFUNDED rather than answered again.
    async refund({ captureId }) {
      const order = await repo.findSandboxOrderByCapture(db, captureId);
      if (!order) return { kind: 'refused', reason: 'RESOURCE_NOT_FOUND' };
      if (await repo.moveSandboxOrder(db, { id: order.id, from: ['COMPLETED'], to: 'REFUNDED' })) {
        return { kind: 'refunded', refundId: repo.newSandboxId('REF'), status: 'COMPLETED' };
      }
      const now = await repo.findSandboxOrder(db, order.id);
      return { kind: 'refused', reason: now?.status === 'REFUNDED' ? 'CAPTURE_FULLY_REFUNDED' : 'REFUND_NOT_ALLOWED' };
    },

    // The sandbox sends no webhooks: anything posted claiming to be one is refused.
    async interpretWebhook() {
      return 'unverified';
    },

    async approve({ orderId, outcome: choice }) {
      const moved = await repo.moveSandboxOrder(db, {
        id: orderId,
        from: ['CREATED', 'APPROVED'],
        to: 'APPROVED',
        declined: choice === 'decline',
      });
      if (!moved) return (await repo.findSandboxOrder(db, orderId))?.status ?? 'CREATED';
      return 'APPROVED';
    },
  };
}

export interface SandboxProvider extends PaymentProvider {
  /** The sandbox wallet: approve with the approving or the declining card (before capture only). */
  approve(input: { orderId: string; outcome: 'approve' | 'decline' }): Promise<string>;
}

export const isSandbox = (provider: PaymentProvider): provider is SandboxProvider => provider.name === 'sandbox';

function outcome(order: repo.SandboxOrder | undefined): CaptureOutcome {
  if (!order || order.status === 'CREATED') return { kind: 'not-approved' };
  if (order.status === 'APPROVED') return { kind: 'approved' };
  if (order.status === 'DECLINED') return { kind: 'declined', captureId: order.captureId, reason: 'The sandbox card was declined.' };
  if (order.status === 'REFUNDED') return { kind: 'voided', captureId: order.captureId, reason: 'REFUNDED' };
  return { kind: 'completed', captureId: order.captureId!, money: { amountCents: order.amountCents, currency: order.currency } };
}
