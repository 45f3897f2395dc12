import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session-store';
import { plan, session } from '@/test/fixtures';
import { authorizationOf, jsonResponse, mockFetch, problemResponse, requestsTo } from '@/test/http';
import { renderApp } from '@/test/render';

const monthly = plan({ title: 'Monthly', price: 9.99, validity: 30 });
const sandbox = { provider: 'sandbox', clientId: null, currency: 'USD' };
const notSubscribed = { subscriptionValid: false, plan: null, validUntil: null };
const subscribed = { subscriptionValid: true, plan: 'Monthly', validUntil: '2026-12-24T10:00:00.000Z' };

function mockBilling(options: { status: object; capture?: () => Response }) {
  return mockFetch(
    {
      '/all-subscriptions': () => jsonResponse([monthly]),
      '/payments/config': () => jsonResponse(sandbox),
      '/user/subscription-status': () => jsonResponse(options.status),
      '/payments/orders': () => jsonResponse({ orderId: 'SBX123', provider: 'sandbox', price: 9.99, currency: 'USD' }),
      '/payments/sandbox/orders/SBX123/approve': (_url, init) =>
        jsonResponse({ orderId: 'SBX123', status: JSON.parse(String(init?.body)).outcome === 'decline' ? 'DECLINED' : 'APPROVED' }),
      '/user/buy/subscription': options.capture ?? (() => jsonResponse({ ...subscribed, message: 'Subscription activated' })),
      '/user/update-subscription': () => jsonResponse({ ...subscribed, message: 'Subscription renewed' }),
    },
    () => jsonResponse([]),
  );
}

async function payWith(card: RegExp) {
  const card0 = await screen.findByRole('article', { name: 'Monthly' });
  await userEvent.click(await within(card0).findByRole('button', { name: 'Pay with sandbox wallet' }));
  const wallet = await screen.findByRole('dialog', { name: 'Sandbox wallet' });
  expect(wallet).toHaveTextContent('Pay $9.99 USD for the Monthly plan');
  await userEvent.click(within(wallet).getByRole('button', { name: card }));
  return wallet;
}

describe('/subscriptions checkout', () => {
  beforeEach(() => useSession.getState().updateUser(session()));

  it('creates the order on the server, approves it in the wallet, captures it and lands on /success', async () => {
    const fetchMock = mockBilling({ status: notSubscribed });
    const { router } = renderApp('/subscriptions');
    await payWith(/Visa •••• 4242/);

    expect(await screen.findByRole('heading', { name: 'Subscription activated' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/success');
    const [order] = requestsTo(fetchMock, '/payments/orders', 'POST');
    expect(JSON.parse(String(order?.init?.body))).toEqual({ purpose: 'subscription', subscriptionId: monthly._id });
    expect(authorizationOf(order?.init)).toBe('Bearer token-ana');
    const [buy] = requestsTo(fetchMock, '/user/buy/subscription', 'PUT');
    expect(JSON.parse(String(buy?.init?.body))).toEqual({ subscriptionId: monthly._id, orderId: 'SBX123' });
    expect(requestsTo(fetchMock, '/user/update-subscription')).toHaveLength(0);
  });

  it("shows the server's refusal of a declined card in the wallet and stays on the page", async () => {
    mockBilling({ status: notSubscribed, capture: () => problemResponse(402, 'The card was declined') });
    const { router } = renderApp('/subscriptions');
    const wallet = await payWith(/Visa •••• 0002/);

    expect(await within(wallet).findByRole('alert')).toHaveTextContent('The card was declined');
    expect(router.state.location.pathname).toBe('/subscriptions');
  });

  it('renews through update-subscription for a subscriber and offers Enjoy Watching to My Account', async () => {
    const fetchMock = mockBilling({ status: subscribed });
    const { router } = renderApp('/subscriptions');
    expect(await screen.findByText(/Your Monthly plan is active until December 24, 2026/)).toBeInTheDocument();
    await payWith(/Visa •••• 4242/);

    const done = await screen.findByRole('dialog', { name: 'Subscription renewed' });
    expect(requestsTo(fetchMock, '/user/update-subscription', 'PUT')).toHaveLength(1);
    expect(requestsTo(fetchMock, '/user/buy/subscription')).toHaveLength(0);
    await userEvent.click(within(done).getByRole('link', { name: 'Enjoy Watching' }));
    await expect.poll(() => router.state.location.pathname).toBe('/my-account');
  });

  it('sends a signed-out visitor to sign in instead of paying', async () => {
    useSession.getState().logout();
    mockBilling({ status: notSubscribed });
    renderApp('/subscriptions');
    const card = await screen.findByRole('article', { name: 'Monthly' });
    expect(await within(card).findByRole('link', { name: 'Sign in to subscribe' })).toHaveAttribute('href', '/login');
    expect(within(card).queryByRole('button', { name: 'Pay with sandbox wallet' })).not.toBeInTheDocument();
  });
});
