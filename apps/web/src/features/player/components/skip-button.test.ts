import { describe, expect, it } from 'vitest';
import { skippableRange } from './skip-button';

const markers = { introStart: 0, introEnd: 9, recapStart: 9, recapEnd: 20, creditsStart: 34 };

describe('skippableRange', () => {
  it('offers the range the position is in, until a second before its end', () => {
    expect(skippableRange(markers, 0)).toEqual({ label: 'Skip Intro', end: 9 });
    expect(skippableRange(markers, 7.9)).toEqual({ label: 'Skip Intro', end: 9 });
    expect(skippableRange(markers, 8.5)).toBeNull();
    expect(skippableRange(markers, 9)).toEqual({ label: 'Skip Recap', end: 20 });
    expect(skippableRange(markers, 25)).toBeNull();
  });

  it('offers nothing without markers or ranges', () => {
    expect(skippableRange(null, 3)).toBeNull();
    expect(skippableRange({ ...markers, introStart: null, introEnd: null, recapStart: null, recapEnd: null }, 3)).toBeNull();
  });
});
