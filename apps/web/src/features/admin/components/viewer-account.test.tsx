import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ViewerAccount } from '@marquee/contract/admin';
import { uuid } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { ViewerAccountDetails } from './viewer-account';

const phone = uuid();
const account: ViewerAccount = {
  viewer: { _id: uuid(), email: 'priya@example.com', name: 'Priya', image: '', role: 'viewer', createdAt: '2026-01-02T10:00:00.000Z', suspendedAt: null },
  profiles: [{ _id: uuid(), name: 'Priya', isKids: false, maxAgeRating: null }],
  subscriptions: [],
  rentals: [],
  payments: [],
  sessions: [
    { _id: phone, createdAt: '2026-11-20T08:00:00.000Z', lastSeenAt: '2026-11-25T21:00:00.000Z', expiresAt: '2026-12-20T08:00:00.000Z', profile: 'Priya' },
    { _id: uuid(), createdAt: '2026-11-24T08:00:00.000Z', lastSeenAt: '2026-11-24T09:00:00.000Z', expiresAt: '2026-12-24T08:00:00.000Z', profile: null },
  ],
  streams: [],
  watchHistory: [
    { title: { _id: uuid(), name: 'Tide Tables', slug: 'tide-tables' }, episode: { number: 2, name: 'Neap' }, profile: 'Priya', positionSeconds: 90, durationSeconds: 1800, watchedAt: '2026-11-25T20:00:00.000Z' },
    { title: { _id: uuid(), name: 'Harbour Lights', slug: 'harbour-lights' }, episode: null, profile: 'Kids', positionSeconds: 3909, durationSeconds: 5400, watchedAt: '2026-11-24T20:00:00.000Z' },
  ],
};

describe('ViewerAccountDetails', () => {
  it('shows where each profile stopped, newest first', () => {
    renderWithProviders(<ViewerAccountDetails account={account} />);
    const history = within(screen.getByRole('region', { name: 'Watch history' }));
    expect(history.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Tide Tables · episode 2: Neap · stopped at 1:30 of 30:00 · Priya · 25 Nov 2026/),
      expect.stringMatching(/^Harbour Lights · stopped at 1:05:09 of 1:30:00 · Kids · 24 Nov 2026/),
    ]);
    // Without the action (read-only use), no session can be signed out.
    expect(screen.queryByRole('button', { name: /Sign out/ })).toBeNull();
  });

  it('signs one session out after asking for a reason', async () => {
    const onSignOutSession = vi.fn().mockResolvedValue({});
    renderWithProviders(<ViewerAccountDetails account={account} onSignOutSession={onSignOutSession} />);
    const sessions = within(screen.getByRole('region', { name: 'Signed-in sessions' }));
    expect(sessions.getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(sessions.getByRole('button', { name: /Sign out the session signed in since 20 Nov 2026/ }));
    const form = screen.getByRole('form', { name: /Sign out the session signed in since 20 Nov 2026/ });
    await userEvent.click(within(form).getByRole('button', { name: 'Sign out this session' }));
    expect(await within(form).findByLabelText('Reason')).toHaveAccessibleDescription('Give a reason: it goes to the audit log');
    expect(onSignOutSession).not.toHaveBeenCalled();
    await userEvent.type(within(form).getByLabelText('Reason'), 'Phone stolen');
    await userEvent.click(within(form).getByRole('button', { name: 'Sign out this session' }));
    expect(onSignOutSession).toHaveBeenCalledWith(phone, 'Phone stolen');
    expect(await within(form).findByRole('status')).toHaveTextContent('Signed out.');
  });
});
