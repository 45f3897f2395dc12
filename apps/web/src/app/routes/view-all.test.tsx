import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { category, contentRow, plan, rowItem } from '@/test/fixtures';
import { jsonResponse, mockFetch } from '@/test/http';
import { renderApp } from '@/test/render';

describe('/view-all/:id', () => {
  it('shows the row passed as navigation state, enabled items only', async () => {
    mockFetch({}, () => jsonResponse([]));
    const row = contentRow({ name: 'Trending', items: [rowItem({ name: 'Shown' }), rowItem({ name: 'Hidden', isEnable: false })] });
    renderApp({ path: '/view-all/Trending', state: row });
    expect(await screen.findByRole('heading', { level: 1, name: 'Trending' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shown' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Hidden' })).not.toBeInTheDocument();
  });

  it("looks the row up by name in the active category when opened directly", async () => {
    const movies = category('Movies');
    mockFetch({
      '/user/homepage': () => jsonResponse([movies]),
      [`/user/category-data/${movies._id}`]: () =>
        jsonResponse({ banners: [], subcategories: [contentRow({ name: 'New & Hot', items: [rowItem({ name: 'Fresh One' })] })] }),
    }, () => jsonResponse({ subscriberCount: 1, supportEmail: 'help@marquee.example' }));
    renderApp('/view-all/New%20%26%20Hot');
    expect(await screen.findByRole('heading', { level: 1, name: 'New & Hot' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fresh One' })).toBeInTheDocument();
  });

  it('explains and links home when the row cannot be found', async () => {
    const movies = category('Movies');
    mockFetch({
      '/user/homepage': () => jsonResponse([movies]),
      [`/user/category-data/${movies._id}`]: () => jsonResponse({ banners: [], subcategories: [] }),
    }, () => jsonResponse({ subscriberCount: 1, supportEmail: 'help@marquee.example' }));
    renderApp('/view-all/Gone');
    expect(await screen.findByRole('heading', { name: "We couldn't find this list" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });
});

describe('/subscriptions', () => {
  it('lists plans with USD prices and validity in days', async () => {
    mockFetch({ '/all-subscriptions': () => jsonResponse([plan({ title: 'Monthly', price: 9.99, validity: 30 }), plan({ title: 'Day Pass', price: 2, validity: 1 })]) }, () =>
      jsonResponse([]),
    );
    renderApp('/subscriptions');
    expect(await screen.findByRole('heading', { name: 'Monthly' })).toBeInTheDocument();
    expect(screen.getByText('$9.99')).toBeInTheDocument();
    expect(screen.getByText('$2.00')).toBeInTheDocument();
    expect(screen.getAllByText(/30 days/).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/1 day\b/).length).toBeGreaterThan(0);
  });
});
