import { describe, expect, it } from 'vitest';
import { suggestMarkers } from './markers';

describe('suggestMarkers', () => {
  const minutes = (m: number) => m * 60;

  it('ends the intro after the first black, silent break and starts the credits after the last one', () => {
    const black = [
      { start: 0, end: 0.8 }, // fade-in: not a break
      { start: 95, end: 96.2 },
      { start: 1300, end: 1301 },
      { start: 2480, end: 2481.5 },
      { start: 2699.5, end: 2700 },
    ];
    const silence = [
      { start: 95.1, end: 96 },
      { start: 2480, end: 2482 },
    ];
    expect(suggestMarkers({ black, silence, durationSeconds: minutes(45) })).toEqual({ introStart: 0, introEnd: 96.2, creditsStart: 2481.5 });
  });

  it('prefers breaks where the sound drops too over dark scenes with sound', () => {
    const black = [
      { start: 30, end: 33 }, // a night scene
      { start: 120, end: 121 },
    ];
    expect(suggestMarkers({ black, silence: [{ start: 119.8, end: 121 }], durationSeconds: minutes(20) })).toMatchObject({ introEnd: 121 });
    // Without silence anywhere (music over the breaks), black alone decides.
    expect(suggestMarkers({ black, silence: [], durationSeconds: minutes(20) })).toMatchObject({ introEnd: 33 });
  });

  it('suggests nothing where no break fits: short cuts, late first breaks, black only at the edges', () => {
    expect(suggestMarkers({ black: [{ start: 50, end: 50.2 }], silence: [], durationSeconds: 600 })).toEqual({
      introStart: null,
      introEnd: null,
      creditsStart: null,
    });
    // The first break is past 5 minutes and past the first 30 %: no intro; it is in the last quarter: credits.
    expect(suggestMarkers({ black: [{ start: 2000, end: 2001 }], silence: [], durationSeconds: 2400 })).toEqual({
      introStart: null,
      introEnd: null,
      creditsStart: 2001,
    });
    expect(suggestMarkers({ black: [{ start: 599.5, end: 600 }], silence: [], durationSeconds: 600 }).creditsStart).toBeNull();
  });
});
