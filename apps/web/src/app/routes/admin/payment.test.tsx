import type { PaymentDetail } from '@marquee/contract/admin';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session-store';
import { session, uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, requestsTo } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { Component as PaymentPage } from './payment';

const paymentId = uuid();
const captured: PaymentDetail = {
  _id: paymentId,
  provider: 'sandbox',
  providerOrderId: 'SB-1',
  purpose: 'rental',
  item: 'Neon Requiem',
  amount: 4.99,
  currency: 'USD',
  status: 'granted',
  createdAt: '2026-11-26T08:00:00.000Z',
  viewer: { _id: uuid(), email: 'rosa@example.com', name: 'Rosa' },
  captureId: 'CAP-1',
  grantedAt: '2026-11-26T08:00:01.000Z',
  revokedAt: null,
  refundable: true,
  events: [{ type: 'captured', at: '2026-11-26T08:00:01.000Z', detail: {} }],
};
const refunded: PaymentDetail = { ...captured, status: 'revoked', revokedAt: '2026-11-26T08:05:00.000Z', refundable: false };

beforeEach(() => useSession.getState().updateUser(session({ name: 'Sam Support' })));
afterEach(() => vi.unstubAllGlobals());

describe('the payment page', () => {
  it('refunds with a reason and says so, once the payment reads as revoked', async () => {
    let current = captured;
    const fetchMock = mockFetch({
      [`/admin/api/payments/${paymentId}`]: () => jsonResponse(current),
      [`/admin/api/payments/${paymentId}/refund`]: () => {
        current = refunded;
        return jsonResponse(refunded);
      },
    });
    renderWithProviders(<PaymentPage />, { path: `/admin/payments/${paymentId}`, wrap: (route) => ({ ...route, path: '/admin/payments/:id' }) });

    await userEvent.type(await screen.findByLabelText('Reason'), 'Charged twice');
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Refunded: the access it paid for has ended.');
    expect(screen.getByText(/^Status:/)).toHaveTextContent('Status: revoked since');
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
    expect(requestsTo(fetchMock, `/admin/api/payments/${paymentId}/refund`, 'POST')).toHaveLength(1);
  });

  it('says a payment that was refunded before cannot be refunded again', async () => {
    mockFetch({ [`/admin/api/payments/${paymentId}`]: () => jsonResponse(refunded) });
    renderWithProviders(<PaymentPage />, { path: `/admin/payments/${paymentId}`, wrap: (route) => ({ ...route, path: '/admin/payments/:id' }) });
    expect(await screen.findByText('This payment cannot be refunded (only a captured payment can).')).toBeVisible();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
