import type { PersonalRow } from '@marquee/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { rowItem } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { PersonalRows } from './personal-rows';

const entries = (...names: string[]) => names.map((name) => ({ kind: 'movie' as const, item: rowItem({ name, slug: name.toLowerCase().replace(/ /g, '-') }) }));

const because: PersonalRow = {
  kind: 'because-you-watched',
  name: 'Because you watched Night Harbour',
  basedOn: { _id: '00000000-0000-4000-8000-000000000001', kind: 'movie', name: 'Night Harbour', slug: 'night-harbour' },
  content: entries('The Lighthouse Keeper', 'Fog Murders'),
};
const top: PersonalRow = { kind: 'top-10', name: 'Top 10 on Marquee today', basedOn: null, content: entries('Fog Murders', 'Tide Pool', 'Sea Otters') };

describe('PersonalRows', () => {
  it('draws each row under its heading, linking its titles', () => {
    renderWithProviders(<PersonalRows rows={[because, top]} />);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(['Because you watched Night Harbour', 'Top 10 on Marquee today']);
    const row = screen.getByRole('list', { name: 'Because you watched Night Harbour' });
    expect(within(row).getByRole('link', { name: 'The Lighthouse Keeper' })).toHaveAttribute('href', '/movie/the-lighthouse-keeper');
  });

  it('numbers the top 10 in order, on the card and in its name', () => {
    renderWithProviders(<PersonalRows rows={[top]} />);
    const row = screen.getByRole('list', { name: 'Top 10 on Marquee today' });
    expect(within(row).getAllByRole('link').map((link) => link.getAttribute('aria-label'))).toEqual([
      'Number 1: Fog Murders',
      'Number 2: Tide Pool',
      'Number 3: Sea Otters',
    ]);
    expect(within(row).getByRole('link', { name: 'Number 2: Tide Pool' })).toHaveAttribute('href', '/movie/tide-pool');
    expect(within(row).getAllByTestId('rank').map((numeral) => numeral.textContent)).toEqual(['1', '2', '3']);
    // Posters, as the big services draw their top 10.
    expect(within(row).getAllByRole('img')[0]!.closest('[style]')).toHaveStyle({ aspectRatio: '11 / 16' });
  });

  it('draws nothing without rows', () => {
    const { container } = renderWithProviders(<PersonalRows rows={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
