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
});
