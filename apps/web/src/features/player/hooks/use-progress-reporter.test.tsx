import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROGRESS_INTERVAL_MS, useProgressReporter } from './use-progress-reporter';

/** A video element whose clock the test sets (jsdom does not play media). */
function fakeVideo(duration = 600) {
  const video = document.createElement('video');
  let position = 0;
  Object.defineProperty(video, 'duration', { configurable: true, get: () => duration });
  Object.defineProperty(video, 'currentTime', { configurable: true, get: () => position });
  return {
    video,
    at: (seconds: number) => {
      position = seconds;
    },
    fire: (type: string) => video.dispatchEvent(new Event(type)),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useProgressReporter', () => {
  it('reports every 10 s while playing, and stops when paused', () => {
    const { video, at, fire } = fakeVideo();
    const onSample = vi.fn();
    renderHook(() => useProgressReporter({ video, onSample }));

    at(1);
    fire('playing');
    vi.advanceTimersByTime(PROGRESS_INTERVAL_MS - 1);
    expect(onSample).not.toHaveBeenCalled();

    at(11);
    vi.advanceTimersByTime(1);
    expect(onSample).toHaveBeenLastCalledWith({ position: 11, duration: 600 });
    at(21);
    vi.advanceTimersByTime(PROGRESS_INTERVAL_MS);
    expect(onSample).toHaveBeenCalledTimes(2);

    at(25);
    fire('pause');
    expect(onSample).toHaveBeenLastCalledWith({ position: 25, duration: 600 });
    vi.advanceTimersByTime(PROGRESS_INTERVAL_MS * 3);
    expect(onSample).toHaveBeenCalledTimes(3);
  });

  it('reports at the end, when the page is hidden and when the player goes away', () => {
    const { video, at, fire } = fakeVideo(120);
    const onSample = vi.fn();
    const { unmount } = renderHook(() => useProgressReporter({ video, onSample }));

    at(120);
    fire('ended');
    expect(onSample).toHaveBeenLastCalledWith({ position: 120, duration: 120 });

    at(30);
    window.dispatchEvent(new Event('pagehide'));
    expect(onSample).toHaveBeenLastCalledWith({ position: 30, duration: 120 });

    at(31);
    unmount();
    expect(onSample).toHaveBeenLastCalledWith({ position: 31, duration: 120 });
    expect(onSample).toHaveBeenCalledTimes(3);
  });

  it('saves nothing before playback has moved, and does not repeat an unchanged position', () => {
    const { video, at, fire } = fakeVideo();
    const onSample = vi.fn();
    const { unmount } = renderHook(() => useProgressReporter({ video, onSample }));

    fire('pause');
    window.dispatchEvent(new Event('pagehide'));
    // The player put the playhead on the first frame, two frames in.
    at(0.066666);
    window.dispatchEvent(new Event('pagehide'));
    expect(onSample).not.toHaveBeenCalled();

    at(42);
    fire('pause');
    window.dispatchEvent(new Event('pagehide'));
    unmount();
    expect(onSample).toHaveBeenCalledTimes(1);
  });

  it('does not report a video of unknown length', () => {
    const { video, at, fire } = fakeVideo(Number.NaN);
    const onSample = vi.fn();
    renderHook(() => useProgressReporter({ video, onSample }));
    at(5);
    fire('pause');
    expect(onSample).not.toHaveBeenCalled();
  });
});
