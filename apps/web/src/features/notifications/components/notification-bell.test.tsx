import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session-store';
import { notification, session } from '@/test/fixtures';
import { authorizationOf, jsonResponse, mockFetch, requestsTo } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { NotificationBell } from './notification-bell';

const ana = session();
const welcome = notification({ title: 'Welcome to Marquee', description: 'Your account is ready.', image: '' });
const broadcast = notification({ title: 'New series: Stranger Tides', description: 'Every episode is streaming now.' });
const old = notification({ title: 'Already read', description: 'Old news.', isRead: true });

/** A server that counts unread notifications and marks them read. */
function serve() {
  const read = new Set<string>([old._id]);
  const all = [welcome, broadcast, old];
  const routes: Parameters<typeof mockFetch>[0] = {
    '/user/notification/unread': () => jsonResponse({ notificationCount: all.filter((n) => !read.has(n._id)).length }),
    '/user/notification': () => jsonResponse(all.map((n) => ({ ...n, isRead: read.has(n._id) }))),
  };
  for (const n of all) {
    routes[`/user/notification/${n._id}`] = () => {
      read.add(n._id);
      return jsonResponse({ message: 'Marked as read' });
    };
  }
  return mockFetch(routes);
}

async function openPanel() {
  await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
  return screen.findByRole('dialog', { name: 'Notifications' });
}

describe('NotificationBell', () => {
  it('is not shown without a session', () => {
    mockFetch({});
    renderWithProviders(<NotificationBell />);
    expect(screen.queryByRole('button', { name: /Notifications/ })).not.toBeInTheDocument();
  });

  it('shows the unread count and lists image, title and date of each notification', async () => {
    useSession.getState().updateUser(ana);
    const fetchMock = serve();
    renderWithProviders(<NotificationBell />);

    const panel = await openPanel();
    expect(await within(panel).findByRole('button', { name: /New series: Stranger Tides/ })).toBeInTheDocument();
    expect(within(panel).getAllByText('14 Mar 2025')).toHaveLength(3);
    expect(panel.querySelector('img')).toHaveAttribute('src', broadcast.image);
    expect(within(panel).queryByText('Every episode is streaming now.')).not.toBeVisible();
    expect(authorizationOf(requestsTo(fetchMock, '/user/notification')[0]?.init)).toBe(`Bearer ${ana.token}`);
  });

  it('marks an item read the first time it is opened, and only then; the count drops', async () => {
    useSession.getState().updateUser(ana);
    const fetchMock = serve();
    renderWithProviders(<NotificationBell />);
    const panel = await openPanel();
    const item = await within(panel).findByRole('button', { name: /Welcome to Marquee/ });

    await userEvent.click(item);
    expect(within(panel).getByText('Your account is ready.')).toBeVisible();
    expect(item).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();

    await userEvent.click(item);
    await userEvent.click(item);
    const marks = requestsTo(fetchMock, `/user/notification/${welcome._id}`, 'PUT');
    expect(marks).toHaveLength(1);
    expect(authorizationOf(marks[0]?.init)).toBe(`Bearer ${ana.token}`);

    await userEvent.click(within(panel).getByRole('button', { name: /Already read/ }));
    expect(within(panel).getByText('Old news.')).toBeVisible();
    expect(requestsTo(fetchMock, `/user/notification/${old._id}`, 'PUT')).toHaveLength(0);
  });

  it('closes on Escape and gives the focus back to the bell', async () => {
    useSession.getState().updateUser(ana);
    serve();
    renderWithProviders(<NotificationBell />);
    await openPanel();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toHaveFocus();
  });
});
