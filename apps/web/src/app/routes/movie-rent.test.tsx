import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '@/lib/session-store';
import { movie, rowItem, session } from '@/test/fixtures';
import { jsonResponse, mockFetch, requestsTo } from '@/test/http';
import { renderApp } from '@/test/render';

const film = movie({ name: 'The Long Night', slug: 'the-long-night', rentPrice: 3.99, access: { kind: 'rent', price: 3.99 } });
const rental = {
  _id: '6f1c1e7a-3f0e-4c55-9d2a-3d6f0b3f5a10',
  kind: 'movie',
  item: rowItem({ _id: film._id, name: film.name, slug: film.slug }),
  startBy: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  startedAt: null,
  expiresAt: null,
};

function serve() {
  let rented = false;
  const fetchMock = mockFetch(
    {
      [`/movie-name/${film.slug}`]: () =>
        jsonResponse(rented ? { ...film, url: '/media/s/full/master.m3u8', access: { kind: 'rented', startBy: rental.startBy, expiresAt: null } } : film),
      '/payments/config': () => jsonResponse({ provider: 'sandbox', clientId: null, currency: 'USD' }),
      '/payments/orders': () => jsonResponse({ orderId: 'SBX9', provider: 'sandbox', price: 3.99, currency: 'USD' }),
      '/payments/sandbox/orders/SBX9/approve': () => jsonResponse({ orderId: 'SBX9', status: 'APPROVED' }),
      '/user/rent': () => {
        rented = true;
        return jsonResponse({ message: 'Rental ready', rental });
      },
    },
    () => jsonResponse([]),
  );
  return fetchMock;
}

describe('renting on a movie page', () => {
  it('offers neither Rent nor Watch Now once the server says the viewer has the title, even before its video is ready', async () => {
    mockFetch(
      { [`/movie-name/${film.slug}`]: () => jsonResponse({ ...film, access: { kind: 'rented', startBy: rental.startBy, expiresAt: null } }) },
      () => jsonResponse([]),
    );
    renderApp('/movie/the-long-night');
    expect(await screen.findByText('Rented')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Rent for/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Watch Now' })).not.toBeInTheDocument();
  });

  beforeEach(() => useSession.getState().updateUser(session()));

  it('offers no Rent to a subscriber whose plan includes the title, though it has a rent price', async () => {
    mockFetch({ [`/movie-name/${film.slug}`]: () => jsonResponse({ ...film, access: { kind: 'included' } }) }, () => jsonResponse([]));
    renderApp('/movie/the-long-night');
    expect(await screen.findByText('Included')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Rent for/ })).not.toBeInTheDocument();
  });

  it('offers Rent for $X beside Watch Now, pays in the wallet, and then waits for Play with the full movie', async () => {
    const fetchMock = serve();
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    renderApp('/movie/the-long-night');
    await userEvent.click(await screen.findByRole('button', { name: 'Rent for $3.99' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rent The Long Night' });
    expect(dialog).toHaveTextContent('48 hours to finish once you start');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Pay with sandbox wallet' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Sandbox wallet' })).getByRole('button', { name: /Visa •••• 4242/ }));

    const player = await screen.findByLabelText('The Long Night');
    await expect.poll(() => player.getAttribute('src')).toBe('/media/s/full/master.m3u8');
    // The rental's clock starts with playback: nothing plays until the viewer presses Play, which has the focus.
    const region = screen.getByRole('region', { name: 'The Long Night player' });
    const start = within(region).getByRole('button', { name: 'Play' });
    await waitFor(() => expect(start).toHaveFocus());
    expect(region).toHaveTextContent('Rented. Your 48 hours start when you press Play.');
    expect(play).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Rent for $3.99' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Watch Now' })).not.toBeInTheDocument();
    expect(screen.getByText('Rented')).toHaveAttribute('data-access', 'rented');
    const [order] = requestsTo(fetchMock, '/payments/orders', 'POST');
    expect(JSON.parse(String(order?.init?.body))).toEqual({ purpose: 'rental', type: 'Movie', movieId: film._id });
    const [rent] = requestsTo(fetchMock, '/user/rent', 'POST');
    expect(JSON.parse(String(rent?.init?.body))).toEqual({ type: 'Movie', movieId: film._id, orderId: 'SBX9' });
  });

  it('retries a capture that got no answer with the same order, not a new one', async () => {
    sessionStorage.clear();
    let attempts = 0;
    const fetchMock = mockFetch(
      {
        [`/movie-name/${film.slug}`]: () => jsonResponse(film),
        '/payments/config': () => jsonResponse({ provider: 'sandbox', clientId: null, currency: 'USD' }),
        '/payments/orders': () => jsonResponse({ orderId: 'SBX9', provider: 'sandbox', price: 3.99, currency: 'USD' }),
        '/payments/sandbox/orders/SBX9/approve': () => jsonResponse({ orderId: 'SBX9', status: 'APPROVED' }),
        '/user/rent': () => {
          attempts += 1;
          if (attempts === 1) throw new TypeError('Failed to fetch');
          return jsonResponse({ message: 'Rental ready', rental });
        },
      },
      () => jsonResponse([]),
    );
    renderApp('/movie/the-long-night');
    await userEvent.click(await screen.findByRole('button', { name: 'Rent for $3.99' }));
    await userEvent.click(await within(await screen.findByRole('dialog', { name: 'Rent The Long Night' })).findByRole('button', { name: 'Pay with sandbox wallet' }));
    const wallet = await screen.findByRole('dialog', { name: 'Sandbox wallet' });
    await userEvent.click(within(wallet).getByRole('button', { name: /Visa •••• 4242/ }));
    expect(await within(wallet).findByRole('alert')).toBeInTheDocument();

    await userEvent.click(within(wallet).getByRole('button', { name: /Visa •••• 4242/ }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sandbox wallet' })).not.toBeInTheDocument());
    expect(requestsTo(fetchMock, '/payments/orders', 'POST')).toHaveLength(1);
    const rents = requestsTo(fetchMock, '/user/rent', 'POST').map((r) => JSON.parse(String(r.init?.body)).orderId);
    expect(rents).toEqual(['SBX9', 'SBX9']);
    expect(sessionStorage.getItem('marquee.pendingOrders')).toBeNull();
  });

  it('after a reload, captures the order this tab left unfinished before offering a new one', async () => {
    sessionStorage.clear();
    const viewerId = useSession.getState().user!.user._id;
    sessionStorage.setItem('marquee.pendingOrders', JSON.stringify({ [`${viewerId}:rental:Movie:${film._id}`]: 'SBX7' }));
    const fetchMock = mockFetch(
      {
        [`/movie-name/${film.slug}`]: () => jsonResponse(film),
        '/payments/config': () => jsonResponse({ provider: 'sandbox', clientId: null, currency: 'USD' }),
        '/user/rent': () => jsonResponse({ message: 'Rental ready', rental }),
      },
      () => jsonResponse([]),
    );
    renderApp('/movie/the-long-night');
    await userEvent.click(await screen.findByRole('button', { name: 'Rent for $3.99' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rent The Long Night' })).not.toBeInTheDocument());
    expect(requestsTo(fetchMock, '/payments/orders', 'POST')).toHaveLength(0);
    const [rent] = requestsTo(fetchMock, '/user/rent', 'POST');
    expect(JSON.parse(String(rent?.init?.body))).toEqual({ type: 'Movie', movieId: film._id, orderId: 'SBX7' });
    expect(sessionStorage.getItem('marquee.pendingOrders')).toBeNull();
  });

  it("offers the rental in the 'Select Your Preference' dialog beside the subscription", async () => {
    serve();
    renderApp('/movie/the-long-night');
    await userEvent.click(await screen.findByRole('button', { name: 'Watch Now' }));
    const preference = await screen.findByRole('dialog', { name: 'Select Your Preference' });
    expect(within(preference).getByRole('button', { name: 'Buy Subscription' })).toBeInTheDocument();
    await userEvent.click(within(preference).getByRole('button', { name: 'Rent for $3.99' }));

    const rent = await screen.findByRole('dialog', { name: 'Rent The Long Night' });
    expect(screen.queryByRole('dialog', { name: 'Select Your Preference' })).not.toBeInTheDocument();
    expect(await within(rent).findByRole('button', { name: 'Pay with sandbox wallet' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign in, and shows no rent button for a title not for rent', async () => {
    useSession.getState().logout();
    serve();
    const { router, unmount } = renderApp('/movie/the-long-night');
    await userEvent.click(await screen.findByRole('button', { name: 'Rent for $3.99' }));
    await expect.poll(() => router.state.location.pathname).toBe('/login');
    unmount();

    mockFetch({ [`/movie-name/${film.slug}`]: () => jsonResponse({ ...film, rentPrice: null, access: null }) }, () => jsonResponse([]));
    renderApp('/movie/the-long-night');
    expect(await screen.findByRole('button', { name: 'Watch Now' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Rent for/ })).not.toBeInTheDocument();
  });
});
