import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY, useSession } from '@/lib/session-store';
import { banner, category, contentRow, rowItem } from '@/test/fixtures';
import { deferred, jsonResponse, mockFetch, problemResponse } from '@/test/http';
import { renderApp } from '@/test/render';
import { setViewportWidth } from '@/test/viewport';

describe('home', () => {
  it('loads the first category by default, with its enabled banners and rows', async () => {
    const movies = category('Movies');
    const kids = category('Kids');
    mockFetch({
      '/user/homepage': () => jsonResponse([movies, kids]),
      '/settings/display': () => jsonResponse({ subscriberCount: 40000, supportEmail: 'help@marquee.example' }),
      [`/user/category-data/${movies._id}`]: () =>
        jsonResponse({
          banners: [
            banner({ link: { kind: 'series', item: { _id: movies._id, name: 'Harbour Lights', slug: 'harbour-lights', genres: [{ _id: kids._id, name: 'Drama' }] } } }),
            banner({ isEnable: false, link: { kind: 'movie', item: { _id: kids._id, name: 'Disabled Banner', slug: 'x', genres: [] } } }),
          ],
          subcategories: [contentRow({ name: 'Trending', items: [rowItem({ name: 'Night Drive', slug: 'night-drive' })] })],
        }),
    });
    renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Trending' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Harbour Lights/ })).toHaveAttribute('href', '/series/harbour-lights');
    expect(screen.getByText('Drama')).toBeInTheDocument();
    expect(screen.queryByText('Disabled Banner')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Movies' })[0]).toHaveAttribute('aria-pressed', 'true');
    expect(useSession.getState().activeCategory).toBe(movies._id);
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}').state.activeCategory).toBe(movies._id);
    expect(screen.getByText('Subscribers: 40000')).toBeInTheDocument();
  });

  it('draws skeletons while the category loads: 2 cards per row on a phone', async () => {
    setViewportWidth(375);
    const movies = category('Movies');
    const pending = deferred();
    mockFetch({ '/user/homepage': () => jsonResponse([movies]), [`/user/category-data/${movies._id}`]: () => pending.promise }, () =>
      jsonResponse({ subscriberCount: 1, supportEmail: 'help@marquee.example' }),
    );
    renderApp('/');
    const cards = await screen.findAllByTestId('skeleton-card');
    expect(cards).toHaveLength(3 * 2);
  });

  it("shows 'No Data Found' when there are no categories, and the badge falls back to 35864", async () => {
    mockFetch({ '/user/homepage': () => jsonResponse([]) });
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'No Data Found' })).toBeInTheDocument();
    expect(screen.getByText('Subscribers: 35864')).toBeInTheDocument();
  });

  it('offers a retry when the category list fails to load', async () => {
    let serverDown = true;
    mockFetch({
      '/user/homepage': () => (serverDown ? problemResponse(500, 'Something went wrong on our side. Please try again.') : jsonResponse([])),
    });
    renderApp('/');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    serverDown = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'No Data Found' })).toBeInTheDocument();
  });
});
