import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { banner, category, contentRow, movie, rowItem } from '@/test/fixtures';
import { jsonResponse, mockFetch } from '@/test/http';
import { renderApp } from '@/test/render';

const home = category('Home');

function routes() {
  return {
    '/user/homepage': () => jsonResponse([home]),
    '/settings/display': () => jsonResponse({ subscriberCount: 35864, supportEmail: 'help@marquee.example' }),
    [`/user/category-data/${home._id}`]: () => jsonResponse({ banners: [], subcategories: [contentRow({ name: 'Trending', items: [rowItem({ name: 'Night Drive' })] })] }),
    '/partners/homepage': () =>
      jsonResponse({
        banners: [banner({ link: { kind: 'movie', item: { _id: home._id, name: 'Salt Roads', slug: 'salt-roads', genres: [] } } })],
        subcategories: [contentRow({ name: 'Wild Planet', imageType: 'Vertical', items: [rowItem({ name: 'Tide Walkers', slug: 'tide-walkers' })] })],
      }),
  };
}

describe('third-party pages', () => {
  it('shows the partner home with links into /third-party and the header in third-party mode', async () => {
    mockFetch(routes());
    renderApp('/third-party');

    expect(await screen.findByRole('heading', { name: 'Wild Planet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Tide Walkers/ })).toHaveAttribute('href', '/third-party/tide-walkers');
    expect(screen.getByRole('link', { name: /Salt Roads/ })).toHaveAttribute('href', '/third-party/salt-roads');
    // behaviour.md §2: the logo leads to /third-party; no search box, no mobile search or profile buttons.
    for (const logo of screen.getAllByRole('link', { name: /Marquee/ })) expect(logo).toHaveAttribute('href', '/third-party');
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Search' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Third-party' })[0]).toHaveAttribute('aria-current', 'page');
  });

  it('goes back to the main catalogue, search box and all, when a category is chosen', async () => {
    mockFetch(routes());
    renderApp('/third-party');
    const header = (await screen.findAllByRole('navigation', { name: 'Categories' }))[0]!;
    await userEvent.click(await within(header).findByRole('button', { name: 'Home' }));

    expect(await screen.findByRole('heading', { name: 'Trending' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox')).toBeInTheDocument();
    for (const logo of screen.getAllByRole('link', { name: /Marquee/ })) expect(logo).toHaveAttribute('href', '/');
  });

  it("keeps a row's links into /third-party on its 'View All' page", async () => {
    const items = Array.from({ length: 6 }, (_, i) => rowItem({ name: `Short ${i + 1}`, slug: `short-${i + 1}` }));
    // One answer, however often it is asked for (the page's query refetches what the loader fetched).
    const home = { banners: [], subcategories: [contentRow({ name: 'Festival Favourites', imageType: 'Vertical', items })] };
    mockFetch({ ...routes(), '/partners/homepage': () => jsonResponse(home) });
    renderApp('/third-party');
    await userEvent.click(await screen.findByRole('link', { name: 'View All' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Festival Favourites' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Short 6/ })).toHaveAttribute('href', '/third-party/short-6');
  });

  it("shows a partner title with its trailer and 'You might also like' from the same partner", async () => {
    const title = movie({ name: 'Starwake', slug: 'starwake', url: null, trailer: '/demo-partner/media/trailer/master.m3u8' });
    mockFetch({
      ...routes(),
      '/partners/title/starwake': () => jsonResponse(title),
      [`/partners/similar/${title._id}`]: () => jsonResponse([rowItem({ name: 'Shadow Ledger', slug: 'shadow-ledger' })]),
    });
    renderApp('/third-party/starwake');

    expect(await screen.findByRole('heading', { level: 1, name: 'Starwake' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Shadow Ledger/ })).toHaveAttribute('href', '/third-party/shadow-ledger');
    expect(screen.getByRole('button', { name: /Watch Now/ })).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });
});
