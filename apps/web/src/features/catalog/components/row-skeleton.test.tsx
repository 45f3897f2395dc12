import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setViewportWidth } from '@/test/viewport';
import { RowSkeleton } from './row-skeleton';

describe('RowSkeleton', () => {
  it.each([
    [1920, 5],
    [769, 5],
    [768, 2],
    [375, 2],
  ])('at %i px draws %i cards', (width, count) => {
    setViewportWidth(width);
    render(<RowSkeleton />);
    expect(screen.getAllByTestId('skeleton-card')).toHaveLength(count);
  });

  it('follows the window when it is resized', () => {
    render(<RowSkeleton />);
    expect(screen.getAllByTestId('skeleton-card')).toHaveLength(5);
    act(() => setViewportWidth(600));
    expect(screen.getAllByTestId('skeleton-card')).toHaveLength(2);
  });

  it('takes the room the row will: cards as wide as its slides, each with a name line', () => {
    setViewportWidth(1280);
    render(<RowSkeleton imageType="Vertical" />);
    const card = screen.getAllByTestId('skeleton-card')[0]!;
    // 6.2 posters a view at 1280 px, 8 px apart (behaviour.md §9), like the row itself.
    expect(card.parentElement).toHaveStyle({ width: 'calc((100% - 41.6px) / 6.2)' });
    expect(card).toHaveStyle({ aspectRatio: '11 / 16' });
    expect(card.nextElementSibling).toHaveClass('mt-2', 'h-5');
  });
});
