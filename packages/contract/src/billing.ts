import { z } from 'zod';
import { subscriptionStatus } from './accounts';
import { contentKind, rowItem } from './catalog';
import { id } from './common';

/** Which payment provider the server uses; the page shows PayPal's buttons or the sandbox wallet. */
export const paymentProviderName = z.enum(['sandbox', 'paypal']);
export type PaymentProviderName = z.infer<typeof paymentProviderName>;

export const paymentsConfig = z.object({
  provider: paymentProviderName,
  /** PayPal's client id for its JS SDK; null for the sandbox. */
  clientId: z.string().nullable(),
  currency: z.literal('USD'),
});
export type PaymentsConfig = z.infer<typeof paymentsConfig>;

/** A provider order id: PayPal's are up to 36 upper-case letters and digits; the sandbox's look alike. */
export const orderId = z
  .string()
  .min(1, 'orderId is required')
  .max(64)
  .regex(/^[A-Za-z0-9-]+$/, 'orderId must be letters, digits and dashes');

const movieTarget = { type: z.literal('Movie'), movieId: id };
const seriesTarget = { type: z.literal('Series'), seriesId: id };

/** What an order buys; the price always comes from the server's database. */
export const createOrderRequest = z.discriminatedUnion('purpose', [
  z.object({ purpose: z.literal('subscription'), subscriptionId: id }),
  z.discriminatedUnion('type', [
    z.object({ purpose: z.literal('rental'), ...movieTarget }),
    z.object({ purpose: z.literal('rental'), ...seriesTarget }),
  ]),
]);
export type CreateOrderRequest = z.input<typeof createOrderRequest>;

export const paymentOrder = z.object({
  orderId,
  provider: paymentProviderName,
  /** USD, two decimals. */
  price: z.number(),
  currency: z.literal('USD'),
});
export type PaymentOrder = z.infer<typeof paymentOrder>;

export const sandboxApproval = z.object({
  /** The approving card or the declining card of the sandbox wallet. */
  outcome: z.enum(['approve', 'decline']).default('approve'),
});

export const sandboxOrderStatus = z.object({
  orderId,
  status: z.enum(['CREATED', 'APPROVED', 'COMPLETED', 'DECLINED', 'REFUNDED']),
});

/** `PUT /user/buy/subscription` and `PUT /user/update-subscription`. */
export const buySubscriptionRequest = z.object({ subscriptionId: id, orderId });

export const subscriptionPurchase = subscriptionStatus.extend({ message: z.string() });
export type SubscriptionPurchase = z.infer<typeof subscriptionPurchase>;

export const subscriptionHistoryEntry = z.object({
  _id: id,
  plan: z.string(),
  /** USD paid, or null for a period granted without a payment record. */
  price: z.number().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** scheduled: a renewal that starts when the current period ends. */
  status: z.enum(['active', 'scheduled', 'ended', 'revoked']),
});
export type SubscriptionHistoryEntry = z.infer<typeof subscriptionHistoryEntry>;

export const rentRequest = z.discriminatedUnion('type', [
  z.object({ ...movieTarget, orderId }),
  z.object({ ...seriesTarget, orderId }),
]);
export type RentRequest = z.input<typeof rentRequest>;

export const rentedEntry = z.object({
  _id: id,
  kind: contentKind,
  item: rowItem,
  /** The last moment playback may start (ISO). */
  startBy: z.string(),
  /** When playback started, or null. */
  startedAt: z.string().nullable(),
  /** When the viewing window ends, or null until playback starts. */
  expiresAt: z.string().nullable(),
});
export type RentedEntry = z.infer<typeof rentedEntry>;

export const rentalPurchase = z.object({ message: z.string(), rental: rentedEntry });
export const rentedContent = z.object({ rentedContent: z.array(rentedEntry) });
export type RentedContent = z.infer<typeof rentedContent>;

/** A PayPal webhook delivery; only the id and type are read from it, the rest is re-read from PayPal. */
export const paypalWebhookEvent = z.looseObject({
  id: z.string().min(1).max(128),
  event_type: z.string().min(1).max(128),
  resource: z.looseObject({}).optional(),
});
