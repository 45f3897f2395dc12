import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NextEpisodeCountdown } from './next-episode-countdown';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('NextEpisodeCountdown', () => {
  it('counts down from 5 and then plays the next episode once', () => {
    const onPlayNext = vi.fn();
    render(<NextEpisodeCountdown nextName="Episode 2: The Storm" onPlayNext={onPlayNext} />);
    expect(screen.getByRole('status')).toHaveTextContent('Next episode in 5');
    expect(screen.getByText('Episode 2: The Storm')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByRole('status')).toHaveTextContent('Next episode in 2');
    expect(onPlayNext).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(2000));
    expect(onPlayNext).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(5000));
    expect(onPlayNext).toHaveBeenCalledTimes(1);
  });

  it('never plays the next episode once cancelled', () => {
    const onPlayNext = vi.fn();
    render(<NextEpisodeCountdown nextName="Episode 2: The Storm" onPlayNext={onPlayNext} />);
    act(() => vi.advanceTimersByTime(2000));
    act(() => screen.getByRole('button', { name: 'Cancel' }).click());

    expect(screen.queryByText(/Next episode in/)).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(10_000));
    expect(onPlayNext).not.toHaveBeenCalled();
  });

  it('plays the next episode at once on Play now', () => {
    const onPlayNext = vi.fn();
    render(<NextEpisodeCountdown nextName="Episode 2: The Storm" onPlayNext={onPlayNext} />);
    act(() => screen.getByRole('button', { name: 'Play now' }).click());
    expect(onPlayNext).toHaveBeenCalledTimes(1);
  });
});
