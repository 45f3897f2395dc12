import { describe, expect, it, vi } from 'vitest';
import { alignToFirstFrame } from './start-frame';

/** jsdom decodes nothing: the test presents the frames and owns the clock. */
function fakeVideo(at = { time: 0, paused: true }) {
  const video = document.createElement('video');
  let time = at.time;
  let paused = at.paused;
  let present: ((now: number, frame: { mediaTime: number }) => void) | null = null;
  Object.defineProperty(video, 'currentTime', { configurable: true, get: () => time, set: (value: number) => (time = value) });
  Object.defineProperty(video, 'paused', { configurable: true, get: () => paused });
  Object.assign(video, {
    requestVideoFrameCallback: (callback: typeof present) => {
      present = callback;
      return 1;
    },
    cancelVideoFrameCallback: vi.fn(() => (present = null)),
  });
  return {
    video,
    shows: (mediaTime: number) => present?.(0, { mediaTime }),
    play: () => (paused = false),
  };
}

describe('alignToFirstFrame', () => {
  it('puts the playhead of an unplayed video on the frame it shows a few frames in', () => {
    const { video, shows } = fakeVideo();
    alignToFirstFrame({ video, untouched: () => true });
    shows(0.066666);
    expect(video.currentTime).toBe(0.066666);
  });

  it('leaves a playing, pressed or resumed video where it is', () => {
    const playing = fakeVideo();
    alignToFirstFrame({ video: playing.video, untouched: () => true });
    playing.play();
    playing.shows(0.066666);
    expect(playing.video.currentTime).toBe(0);

    const pressed = fakeVideo();
    alignToFirstFrame({ video: pressed.video, untouched: () => false });
    pressed.shows(0.066666);
    expect(pressed.video.currentTime).toBe(0);

    // A resume position shows the frame before it, or one far from the clock: not a start delay.
    const resumed = fakeVideo({ time: 754, paused: true });
    alignToFirstFrame({ video: resumed.video, untouched: () => true });
    resumed.shows(753.98);
    expect(resumed.video.currentTime).toBe(754);
    const far = fakeVideo();
    alignToFirstFrame({ video: far.video, untouched: () => true });
    far.shows(2);
    expect(far.video.currentTime).toBe(0);
  });

  it('stops watching when asked, and does nothing without frame callbacks', () => {
    const { video, shows } = fakeVideo();
    alignToFirstFrame({ video, untouched: () => true })();
    shows(0.066666);
    expect(video.currentTime).toBe(0);

    const plain = document.createElement('video');
    expect(() => alignToFirstFrame({ video: plain, untouched: () => true })()).not.toThrow();
  });
});
