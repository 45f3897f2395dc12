import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { rowItem } from '@/test/fixtures';
import { jsonResponse, mockFetch } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { HeaderSearch } from './header-search';

function mockSearch() {
  mockFetch({ '/search/be': () => jsonResponse({ movies: [rowItem({ name: 'Beta Movie', slug: 'beta-movie' })], series: [], thirdParty: [] }) });
}

describe('header search', () => {
  it('drops results down as the viewer types, and Escape closes them with focus kept in the box', async () => {
    mockSearch();
    renderWithProviders(<HeaderSearch />, { extraRoutes: [{ path: '/movie/:id', element: <HeaderSearch /> }] });

    const box = screen.getByPlaceholderText('Search titles');
    await userEvent.type(box, 'be');
    expect(await screen.findByRole('link', { name: /Beta Movie/ })).toBeVisible();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: /Beta Movie/ })).not.toBeInTheDocument();
    expect(box).toHaveFocus();
    expect(box).toHaveValue('be');
  });

  it('closes on a click outside, and clears the box when the page changes', async () => {
    mockSearch();
    const { router } = renderWithProviders(<HeaderSearch />, { extraRoutes: [{ path: '/movie/:id', element: <HeaderSearch /> }] });

    await userEvent.type(screen.getByPlaceholderText('Search titles'), 'be');
    expect(await screen.findByRole('link', { name: /Beta Movie/ })).toBeVisible();
    await userEvent.click(document.body);
    expect(screen.queryByRole('link', { name: /Beta Movie/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByPlaceholderText('Search titles'));
    await userEvent.click(await screen.findByRole('link', { name: /Beta Movie/ }));
    expect(router.state.location.pathname).toBe('/movie/beta-movie');
    expect(screen.getByPlaceholderText('Search titles')).toHaveValue('');
  });
});
