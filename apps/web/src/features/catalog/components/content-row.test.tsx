import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { contentRow, episode, rowItem } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { setViewportWidth } from '@/test/viewport';
import { ContentRow } from './content-row';

const items = (count: number, overrides = {}) => Array.from({ length: count }, (_, index) => rowItem({ name: `Item ${index + 1}`, ...overrides }));

describe('ContentRow arrows', () => {
  it.each([
    ['Vertical', 5, false],
    ['Vertical', 6, true],
    ['Horizontal', 4, false],
    ['Horizontal', 5, true],
    ['Long Horizontal', 1, false],
    ['Long Horizontal', 2, true],
  ])('%s row with %i items on a 1280 px screen shows arrows: %s', (imageType, count, expected) => {
    renderWithProviders(<ContentRow row={contentRow({ imageType: imageType as 'Vertical', items: items(count) })} />);
    expect(screen.queryByRole('button', { name: 'Previous' }) !== null).toBe(expected);
    expect(screen.queryByRole('button', { name: 'Next' }) !== null).toBe(expected);
  });

  it('hides arrows at 768 px and below, whatever the count', () => {
    setViewportWidth(768);
    renderWithProviders(<ContentRow row={contentRow({ imageType: 'Vertical', items: items(12) })} />);
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });

  it('counts only enabled items', () => {
    const row = contentRow({ imageType: 'Horizontal', items: [...items(4), ...items(3, { isEnable: false })] });
    renderWithProviders(<ContentRow row={row} />);
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
  });
});

describe('ContentRow items', () => {
  it('shows only enabled items', () => {
    const row = contentRow({ items: [rowItem({ name: 'Shown' }), rowItem({ name: 'Hidden', isEnable: false })] });
    renderWithProviders(<ContentRow row={row} />);
    expect(screen.getByRole('link', { name: 'Shown' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Hidden' })).not.toBeInTheDocument();
  });

  it('renders nothing when no item is enabled', () => {
    const { container } = renderWithProviders(<ContentRow row={contentRow({ items: items(3, { isEnable: false }) })} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('links movies to /movie/{slug} and series to /series/{slug}', () => {
    const row = contentRow({ items: [rowItem({ name: 'A Film', slug: 'a-film', kind: 'movie' }), rowItem({ name: 'A Show', slug: 'a-show', kind: 'series' })] });
    renderWithProviders(<ContentRow row={row} />);
    expect(screen.getByRole('link', { name: 'A Film' })).toHaveAttribute('href', '/movie/a-film');
    expect(screen.getByRole('link', { name: 'A Show' })).toHaveAttribute('href', '/series/a-show');
  });

  it('links third-party rows to /third-party/{slug}', () => {
    const row = contentRow({ items: [rowItem({ name: 'Partner Film', slug: 'partner-film' })] });
    renderWithProviders(<ContentRow row={row} origin="third-party" />);
    expect(screen.getByRole('link', { name: 'Partner Film' })).toHaveAttribute('href', '/third-party/partner-film');
  });

  it('gives every image alt text and the right aspect ratio', () => {
    renderWithProviders(<ContentRow row={contentRow({ imageType: 'Vertical', items: [rowItem({ name: 'Poster' })] })} />);
    const image = screen.getByRole('img', { name: 'Poster' });
    // The box the picture fills (the image may sit in a <picture> offering its sizes).
    expect(image.closest('span')).toHaveStyle({ aspectRatio: '11 / 16' });
  });
});

describe('ContentRow View All', () => {
  it('is absent with 5 items', () => {
    renderWithProviders(<ContentRow row={contentRow({ items: items(5) })} />);
    expect(screen.queryByRole('link', { name: 'View All' })).not.toBeInTheDocument();
  });

  it('appears past 5 items and carries the whole row to /view-all/{name}', async () => {
    const row = contentRow({ name: 'New & Hot', items: items(6) });
    const { router } = renderWithProviders(<ContentRow row={row} />, {
      extraRoutes: [{ path: '/view-all/:id', element: <p>view all page</p> }],
    });
    const link = screen.getByRole('link', { name: 'View All' });
    expect(link).toHaveAttribute('href', '/view-all/New%20%26%20Hot');
    await userEvent.click(link);
    expect(await screen.findByText('view all page')).toBeInTheDocument();
    expect(router.state.location.state).toEqual(row);
  });
});

describe('ContentRow of episodes', () => {
  it('calls onItemClick with the index instead of navigating', async () => {
    const onItemClick = vi.fn();
    const episodes = [episode({ number: 1, name: 'Pilot' }), episode({ number: 2, name: 'The Storm' })];
    renderWithProviders(<ContentRow title="Episodes" episodes={episodes} onItemClick={onItemClick} selectedIndex={0} />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /The Storm/ }));
    expect(onItemClick).toHaveBeenCalledWith(1);
    expect(screen.getByRole('button', { name: /Pilot/ })).toHaveAttribute('aria-current', 'true');
  });
});

describe('ContentRow access badges', () => {
  it("puts the server's answer for the viewer in each card's corner, and nothing without one", () => {
    const row = contentRow({
      items: [
        rowItem({ name: 'Gratis', access: { kind: 'free' } }),
        rowItem({ name: 'Subscribed', access: { kind: 'included' } }),
        rowItem({ name: 'For Rent', access: { kind: 'rent', price: 4.99 } }),
        rowItem({ name: 'Rented One', access: { kind: 'rented', startBy: '2099-01-01T00:00:00Z', expiresAt: new Date(Date.now() + 31.5 * 3_600_000).toISOString() } }),
        rowItem({ name: 'Plain', access: null }),
      ],
    });
    renderWithProviders(<ContentRow row={row} />);
    const badge = (name: string) => screen.getByRole('link', { name }).parentElement?.querySelector('[data-access]')?.textContent ?? null;
    expect(badge('Gratis')).toBe('Free');
    expect(badge('Subscribed')).toBe('Included');
    expect(badge('For Rent')).toBe('Rent $4.99');
    expect(badge('Rented One')).toBe('Rented · 31 h left');
    expect(badge('Plain')).toBeNull();
    // The card's own text stays the name.
    expect(screen.getByRole('link', { name: 'For Rent' })).toHaveTextContent(/^For Rent$/);
  });
});
