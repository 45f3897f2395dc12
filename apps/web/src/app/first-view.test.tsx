import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session-store';
import { banner, category, contentRow, rowItem } from '@/test/fixtures';
import { jsonResponse, mockFetch, requestsTo } from '@/test/http';
import { seedFirstView } from './first-view';
import { AppProviders } from './providers';
import { createRoutes } from './router';

const movies = category('Movies');
const kids = category('Kids');
const firstCategory = {
  banners: [banner({ link: { kind: 'movie', item: { _id: movies._id, name: 'Harbour Lights', slug: 'harbour-lights', genres: [] } } })],
  subcategories: [contentRow({ name: 'Trending', items: [rowItem({ name: 'Night Drive', slug: 'night-drive' })] })],
};

/** The block the server writes into the HTML of `/`. */
function writeFirstView(view: unknown) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'first-view';
  block.textContent = JSON.stringify(view);
  document.body.append(block);
}

function renderHome() {
  // The site's own cache settings: what counts as fresh decides whether the page asks again.
  const queryClient = createQueryClient();
  seedFirstView(queryClient);
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: ['/'] });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const otherCalls = () => jsonResponse({ subscriberCount: 1, supportEmail: 'help@marquee.example' });

afterEach(() => document.getElementById('first-view')?.remove());

describe('the first view carried by the HTML of /', () => {
  it('draws the first category without asking for the list or the category', async () => {
    writeFirstView({ homepage: [movies, kids], category: { id: movies._id, data: firstCategory } });
    const fetchMock = mockFetch({}, otherCalls);
    renderHome();

    expect(await screen.findByRole('heading', { name: 'Trending' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Harbour Lights/ })).toHaveAttribute('href', '/movie/harbour-lights');
    expect(screen.getAllByRole('button', { name: 'Kids' }).length).toBeGreaterThan(0);
    expect(requestsTo(fetchMock, '/user/homepage')).toHaveLength(0);
    expect(requestsTo(fetchMock, `/user/category-data/${movies._id}`)).toHaveLength(0);
    expect(document.getElementById('first-view')).toBeNull();
  });

  it('still asks for a signed-in viewer’s own category (their access badges)', async () => {
    useSession.setState({ isLoggedIn: true, user: { token: 'tok', loginWith: 'email', user: { _id: 'u1', name: 'Ada', email: 'ada@example.com', phoneNumber: '', dob: '', image: '', role: 'viewer' } } });
    writeFirstView({ homepage: [movies], category: { id: movies._id, data: firstCategory } });
    const fetchMock = mockFetch({ [`/user/category-data/${movies._id}`]: () => jsonResponse(firstCategory) }, otherCalls);
    renderHome();

    expect(await screen.findByRole('heading', { name: 'Trending' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, '/user/homepage')).toHaveLength(0);
    expect(requestsTo(fetchMock, `/user/category-data/${movies._id}`)).toHaveLength(1);
  });

  it('draws the test-mode ribbon and the subscriber badge without asking for the display settings', async () => {
    const display = { subscriberCount: 40210, supportEmail: 'help@marquee.example', testMode: { devSignIn: true, sandboxPayments: true } };
    writeFirstView({ homepage: [movies, kids], display, category: { id: movies._id, data: firstCategory } });
    const fetchMock = mockFetch({}, otherCalls);
    renderHome();

    expect(await screen.findByRole('heading', { name: 'Trending' })).toBeInTheDocument();
    expect(screen.getByText(/^Test mode:/)).toBeInTheDocument();
    expect(screen.getAllByText('Subscribers: 40210').length).toBeGreaterThan(0);
    expect(requestsTo(fetchMock, '/settings/display')).toHaveLength(0);
  });

  it('is ignored when it cannot be read: the page asks as usual', async () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'first-view';
    block.textContent = '{"homepage": [';
    document.body.append(block);
    const fetchMock = mockFetch(
      { '/user/homepage': () => jsonResponse([movies]), [`/user/category-data/${movies._id}`]: () => jsonResponse(firstCategory) },
      otherCalls,
    );
    renderHome();

    expect(await screen.findByRole('heading', { name: 'Trending' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, '/user/homepage')).toHaveLength(1);
  });
});
