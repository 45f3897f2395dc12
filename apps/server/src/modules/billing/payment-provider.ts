import type { PaymentProviderName } from '@marquee/contract';

/** Money as the provider reports it, in integer cents. */
export interface Money {
  amountCents: number;
  currency: string;
}

/**
 * What a capture (or a re-read of an order) found. `completed` means both the order and its
 * capture are COMPLETED; a COMPLETED order can still carry a PENDING or DECLINED capture.
 */
export type CaptureOutcome =
  | { kind: 'completed'; captureId: string; money: Money }
  | { kind: 'pending'; captureId: string; money: Money; reason: string }
  | { kind: 'declined'; captureId: string | null; reason: string }
  /** The buyer has not approved the order yet (nothing was charged). */
  | { kind: 'not-approved' }
  /** Approved by the buyer and not captured yet: a capture would charge (only a re-read says this). */
  | { kind: 'approved' }
  /** A refunded, reversed or otherwise voided capture. */
  | { kind: 'voided'; captureId: string | null; reason: string };

/**
 * What a full refund of a capture did. PayPal may hold a refund PENDING (an eCheck); it refuses
 * with its reason, e.g. CAPTURE_FULLY_REFUNDED (refunded before, under another request id) or
 * PENDING_CAPTURE (the capture itself is not settled yet).
 */
export type RefundOutcome = { kind: 'refunded'; refundId: string; status: 'COMPLETED' | 'PENDING' } | { kind: 'refused'; reason: string };

/** A webhook delivery as the route received it: headers and the raw event. */
export interface WebhookDelivery {
  headers: Record<string, string | string[] | undefined>;
  event: { id: string; event_type: string; resource?: Record<string, unknown> };
}

/** What a verified webhook asks us to do, found by re-reading the resource from the provider. */
export type WebhookAction =
  | { kind: 'grant'; orderId: string }
  | { kind: 'revoke'; captureIds: string[]; reason: string }
  | { kind: 'ignore' };

/**
 * A payment provider: PayPal (Orders v2) in production, the built-in sandbox by default. Both walk
 * created → approved → captured; granting is ours (services), never the provider's.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** PayPal's public client id for the page's SDK; null for the sandbox. */
  readonly clientId: string | null;
  createOrder(input: { money: Money; description: string; referenceId: string }): Promise<{ orderId: string }>;
  /** Captures an approved order; `requestId` makes a retried capture return the first result. */
  captureOrder(input: { orderId: string; requestId: string }): Promise<CaptureOutcome>;
  /** Re-reads an order and its capture, for a pending capture or a webhook. */
  getOrder(orderId: string): Promise<CaptureOutcome>;
  /** Refunds a capture in full; `requestId` makes a retried refund return the first result. */
  refund(input: { captureId: string; requestId: string }): Promise<RefundOutcome>;
  /** Checks a webhook with the provider and says what it means, read back from the provider. */
  interpretWebhook(delivery: WebhookDelivery): Promise<WebhookAction | 'unverified'>;
}

/** The provider could not be reached or answered something we cannot use (a 502 for the client). */
export class ProviderUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderUnavailableError';
  }
}

/** USD amounts as PayPal writes them ('9.99') to cents, without floating-point rounding. */
export function parseAmount(value: string): number | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

export const formatAmount = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
