import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/query-client';
import { useSession } from '@/lib/session-store';
import { movieQuery } from '@/features/catalog/api/get-movie';
import { similarMoviesQuery } from '@/features/catalog/api/get-similar-movies';
import { searchQuery } from '@/features/search/api/search-titles';
import { banner, category, contentRow, movie, rowItem, session } from '@/test/fixtures';
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

function renderHome(path = '/') {
  // The site's own cache settings: what counts as fresh decides whether the page asks again.
  const queryClient = createQueryClient();
  seedFirstView(queryClient);
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
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

describe('the first view carried by the HTML of a movie page and the search page', () => {
  it("puts a movie page's title and similar titles in the cache under a visitor's keys", () => {
    const title = movie({ name: 'Harbour Lights', slug: 'harbour-lights' });
    const similar = [rowItem({ name: 'Night Drive' })];
    writeFirstView({ homepage: [movies], category: null, movie: { slug: 'harbour-lights', data: title }, similar: { id: title._id, data: similar }, search: null });
    const client = createQueryClient();
    seedFirstView(client);
    expect(client.getQueryData(movieQuery('harbour-lights', null).queryKey)).toEqual(title);
    expect(client.getQueryData(similarMoviesQuery(title._id, null).queryKey)).toEqual(similar);
    // A signed-in viewer's title is their own (access, links, resume point): not answered from the block.
    expect(client.getQueryData(movieQuery('harbour-lights', session()).queryKey)).toBeUndefined();
  });

  it('draws the search results without asking for them', async () => {
    const results = { movies: [rowItem({ name: 'Straw Hat Summer', slug: 'straw-hat-summer' })], series: [], thirdParty: [] };
    writeFirstView({ homepage: [movies], category: null, movie: null, similar: null, search: { term: 'sum', data: results } });
    const fetchMock = mockFetch({}, otherCalls);
    renderHome('/search?q=sum');

    expect(await screen.findByRole('link', { name: /Straw Hat Summer/ })).toBeInTheDocument();
    expect(requestsTo(fetchMock, '/search/sum')).toHaveLength(0);
    expect(requestsTo(fetchMock, '/user/homepage')).toHaveLength(0);
  });

  it('asks for another term than the one carried', async () => {
    const client = createQueryClient();
    writeFirstView({ homepage: [movies], category: null, search: { term: 'sum', data: { movies: [], series: [], thirdParty: [] } } });
    seedFirstView(client);
    expect(client.getQueryData(searchQuery('sum', null).queryKey)).toBeDefined();
    expect(client.getQueryData(searchQuery('summer', null).queryKey)).toBeUndefined();
  });
});
