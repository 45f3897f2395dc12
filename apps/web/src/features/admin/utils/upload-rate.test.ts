import { describe, expect, it } from 'vitest';
import { createRateMeter, formatBytes, formatDuration } from './upload-rate';

describe('upload speed and time left', () => {
  it('measures the bytes sent over the last seconds, not the offset a resumed upload started at', () => {
    let now = 0;
    const meter = createRateMeter(() => now);
    // Resumed at 600 MB of 1 GB: the first event is the offset, not speed.
    expect(meter.sample(600e6, 1e9)).toEqual({ bytesPerSecond: null, secondsLeft: null });
    now = 2_000;
    expect(meter.sample(620e6, 1e9)).toEqual({ bytesPerSecond: 10e6, secondsLeft: 38 });
    // Older samples leave the window: the speed follows the link when it slows down.
    now = 10_000;
    meter.sample(660e6, 1e9);
    now = 12_000;
    const slower = meter.sample(662e6, 1e9);
    expect(slower.bytesPerSecond).toBeCloseTo(1e6, -4);
    expect(slower.secondsLeft).toBeCloseTo(338, 0);
  });

  it('writes sizes and durations for people', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1_536_000)).toBe('1.5 MB');
    expect(formatBytes(2.1e9)).toBe('2.1 GB');
    expect(formatDuration(42)).toBe('42 s');
    expect(formatDuration(125)).toBe('2 min 5 s');
    expect(formatDuration(3_725)).toBe('1 h 2 min');
  });
});
