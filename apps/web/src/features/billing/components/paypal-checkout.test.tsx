import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session-store';
import { plan, session } from '@/test/fixtures';
import { jsonResponse, mockFetch, problemResponse, requestsTo } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import PayPalCheckout from './paypal-checkout';

// PayPal's SDK cannot load here: its React wrapper is replaced by one that behaves as documented
// (the provider's loading state; the buttons call createOrder, then onApprove with the order id).
const sdk = vi.hoisted(() => ({ state: { isInitial: false, isPending: false, isRejected: false, isResolved: true }, options: null as unknown }));
vi.mock('@paypal/react-paypal-js', () => ({
  PayPalScriptProvider: ({ children, options }: { children: ReactNode; options: unknown }) => {
    sdk.options = options;
    return <>{children}</>;
  },
  usePayPalScriptReducer: () => [sdk.state, () => undefined],
  PayPalButtons: (props: { createOrder: () => Promise<string>; onApprove: (data: { orderID: string }) => Promise<void> }) => (
    <button type="button" onClick={async () => props.onApprove({ orderID: await props.createOrder() })}>
      PayPal
    </button>
  ),
}));

const monthly = plan({ title: 'Monthly', price: 9.99 });

describe('PayPalCheckout', () => {
  beforeEach(() => {
    useSession.getState().updateUser(session());
    sdk.state = { isInitial: false, isPending: false, isRejected: false, isResolved: true };
  });

  it('loads the SDK for USD capture, creates the order on the server and captures the approved one there', async () => {
    const fetchMock = mockFetch({
      '/payments/orders': () => jsonResponse({ orderId: '5O190127TN364715T', provider: 'paypal', price: 9.99, currency: 'USD' }),
      '/user/buy/subscription': () => jsonResponse({ subscriptionValid: true, plan: 'Monthly', validUntil: null, message: 'Subscription activated' }),
    });
    const onPaid = vi.fn();
    renderWithProviders(<PayPalCheckout clientId="client-1" purchase={{ kind: 'subscription', plan: monthly, renew: false }} onPaid={onPaid} />);
    expect(sdk.options).toEqual({ clientId: 'client-1', currency: 'USD', intent: 'capture' });

    await userEvent.click(screen.getByRole('button', { name: 'PayPal' }));
    await vi.waitFor(() => expect(onPaid).toHaveBeenCalledWith(expect.objectContaining({ message: 'Subscription activated' })));
    const [buy] = requestsTo(fetchMock, '/user/buy/subscription', 'PUT');
    expect(JSON.parse(String(buy?.init?.body))).toEqual({ subscriptionId: monthly._id, orderId: '5O190127TN364715T' });
  });

  it("shows the server's refusal when the capture grants nothing", async () => {
    mockFetch({
      '/payments/orders': () => jsonResponse({ orderId: 'ORDER1', provider: 'paypal', price: 9.99, currency: 'USD' }),
      '/user/buy/subscription': () => problemResponse(402, 'The payment is pending with PayPal; access starts once it completes'),
    });
    const onPaid = vi.fn();
    renderWithProviders(<PayPalCheckout clientId="client-1" purchase={{ kind: 'subscription', plan: monthly, renew: false }} onPaid={onPaid} />);
    await userEvent.click(screen.getByRole('button', { name: 'PayPal' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The payment is pending with PayPal');
    expect(onPaid).not.toHaveBeenCalled();
  });

  it("says so when PayPal's script fails to load (behaviour.md §8), and shows a spinner while it loads", () => {
    sdk.state = { isInitial: false, isPending: false, isRejected: true, isResolved: false };
    const { unmount } = renderWithProviders(<PayPalCheckout clientId="c" purchase={{ kind: 'subscription', plan: monthly, renew: false }} onPaid={vi.fn()} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load the PayPal JS SDK script.');
    unmount();

    sdk.state = { isInitial: false, isPending: true, isRejected: false, isResolved: false };
    renderWithProviders(<PayPalCheckout clientId="c" purchase={{ kind: 'subscription', plan: monthly, renew: false }} onPaid={vi.fn()} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading payment options');
  });
});
