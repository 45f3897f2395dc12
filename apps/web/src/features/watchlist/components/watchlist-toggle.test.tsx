import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session-store';
import { session, uuid } from '@/test/fixtures';
import { authorizationOf, jsonResponse, mockFetch, problemResponse, requestsTo } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { WatchlistToggle } from './watchlist-toggle';

const ana = session();
const titleId = uuid();

/** A server holding one viewer's watchlist. */
function serve(options: { failAdd?: boolean } = {}) {
  let inList = false;
  return mockFetch({
    [`/user/watchlist/${titleId}`]: () => jsonResponse({ isExist: inList }),
    '/user/watchlist': (_url, init) => {
      if (options.failAdd) return problemResponse(500, 'Something went wrong on our side. Please try again.');
      if (init?.method === 'PUT') inList = true;
      return jsonResponse({ message: 'Added' });
    },
    '/user/watchlist-remove': () => {
      inList = false;
      return jsonResponse({ message: 'Removed' });
    },
  });
}

describe('WatchlistToggle', () => {
  it('is not shown without a session', () => {
    const fetchMock = mockFetch({});
    renderWithProviders(<WatchlistToggle titleId={titleId} kind="movie" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('adds and removes, re-checking membership after each change', async () => {
    useSession.getState().updateUser(ana);
    const fetchMock = serve();
    renderWithProviders(<WatchlistToggle titleId={titleId} kind="series" />);
    const membership = () => requestsTo(fetchMock, `/user/watchlist/${titleId}`, 'GET');

    const button = await screen.findByRole('button', { name: 'Add to Watchlist' });
    await expect.poll(() => button.getAttribute('aria-disabled')).toBeNull();
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(membership()).toHaveLength(1);
    expect(authorizationOf(membership()[0]?.init)).toBe(`Bearer ${ana.token}`);

    await userEvent.click(button);
    expect(await screen.findByRole('button', { name: 'In Watchlist' })).toHaveAttribute('aria-pressed', 'true');
    const [add] = requestsTo(fetchMock, '/user/watchlist', 'PUT');
    expect(JSON.parse(String(add?.init?.body))).toEqual({ id: titleId, type: 'series' });
    expect(membership()).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'In Watchlist' }));
    expect(await screen.findByRole('button', { name: 'Add to Watchlist' })).toHaveAttribute('aria-pressed', 'false');
    const [remove] = requestsTo(fetchMock, '/user/watchlist-remove', 'PUT');
    expect(JSON.parse(String(remove?.init?.body))).toEqual({ id: titleId });
    expect(membership()).toHaveLength(3);
  });

  it('says so when the change fails, and still re-checks', async () => {
    useSession.getState().updateUser(ana);
    const fetchMock = serve({ failAdd: true });
    renderWithProviders(<WatchlistToggle titleId={titleId} kind="movie" />);
    const button = await screen.findByRole('button', { name: 'Add to Watchlist' });
    await expect.poll(() => button.getAttribute('aria-disabled')).toBeNull();

    await userEvent.click(button);

    expect(await screen.findByRole('alert')).toHaveTextContent('Your watchlist could not be updated');
    await expect.poll(() => requestsTo(fetchMock, `/user/watchlist/${titleId}`, 'GET').length).toBe(2);
    expect(screen.getByRole('button', { name: 'Add to Watchlist' })).toHaveAttribute('aria-pressed', 'false');
  });
});
