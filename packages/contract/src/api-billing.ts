import { z } from 'zod';
import {
  buySubscriptionRequest,
  createOrderRequest,
  paymentOrder,
  paymentsConfig,
  paypalWebhookEvent,
  rentalPurchase,
  rentedContent,
  rentRequest,
  sandboxApproval,
  sandboxOrderStatus,
  subscriptionHistoryEntry,
  subscriptionPurchase,
} from './billing';
import { message } from './common';
import { endpoint } from './endpoint';

/**
 * Payments, subscriptions and rentals. The server prices every order, captures it and grants
 * access only from a captured payment that matches what it asked for (behaviour.md §10).
 */
export const billingEndpoints = {
  paymentsConfig: endpoint({
    method: 'GET',
    path: '/payments/config',
    summary: 'Which payment provider the page should show (PayPal buttons or the sandbox wallet)',
    tags: ['billing'],
    response: paymentsConfig,
  }),
  createPaymentOrder: endpoint({
    method: 'POST',
    path: '/payments/orders',
    summary: 'Create a provider order for a plan or a rental, priced by the server',
    tags: ['billing'],
    auth: 'bearer',
    body: createOrderRequest,
    response: paymentOrder,
  }),
  approveSandboxOrder: endpoint({
    method: 'POST',
    path: '/payments/sandbox/orders/:orderId/approve',
    summary: "The sandbox wallet's approval (sandbox provider only; the order's owner only)",
    tags: ['billing'],
    auth: 'bearer',
    params: z.object({ orderId: z.string().min(1).max(64) }),
    body: sandboxApproval.optional(),
    response: sandboxOrderStatus,
  }),
  paypalWebhook: endpoint({
    method: 'POST',
    path: '/payments/paypal/webhook',
    summary: "PayPal's webhook (PayPal provider only; verified with PayPal before anything is done)",
    tags: ['billing'],
    body: paypalWebhookEvent,
    response: message,
  }),
  buySubscription: endpoint({
    method: 'PUT',
    path: '/user/buy/subscription',
    summary: 'Capture an approved order for a plan and grant the subscription (402/409 without one)',
    tags: ['subscriptions'],
    auth: 'bearer',
    body: buySubscriptionRequest,
    response: subscriptionPurchase,
  }),
  updateSubscription: endpoint({
    method: 'PUT',
    path: '/user/update-subscription',
    summary: 'Renew (extends from the current end) or change plan (starts at once) with an approved order',
    tags: ['subscriptions'],
    auth: 'bearer',
    body: buySubscriptionRequest,
    response: subscriptionPurchase,
  }),
  otherSubscriptions: endpoint({
    method: 'GET',
    path: '/user/other-subscriptions',
    summary: "The viewer's subscription history, newest first",
    tags: ['subscriptions'],
    auth: 'bearer',
    response: z.array(subscriptionHistoryEntry),
  }),
  rent: endpoint({
    method: 'POST',
    path: '/user/rent',
    summary: 'Capture an approved order for a title and grant the rental (30 days to start, 48 hours once started)',
    tags: ['rentals'],
    auth: 'bearer',
    body: rentRequest,
    response: rentalPurchase,
  }),
  rented: endpoint({
    method: 'GET',
    path: '/user/rented',
    summary: "The viewer's rentals that can still be watched, with their windows",
    tags: ['rentals'],
    auth: 'bearer',
    response: rentedContent,
  }),
} as const;
