import { describe, expect, it } from 'vitest';
import { episodeSvg, landscapeSvg, portraitSvg, posterSvg, type TitleArt } from './artwork-svg';

const art: TitleArt = { seed: 'paper-boats', name: 'Paper Boats', mood: 'drama', tagline: 'Two sisters, one river.', caption: '2026 · Drama' };

/** The y of every <text> element, as a share of the picture's height. */
function textRows(svg: string, height: number): number[] {
  return [...svg.matchAll(/<text [^>]*\by="([\d.]+)"/g)].map((match) => Number(match[1]) / height);
}

describe('demo artwork', () => {
  it('draws wide, hero and episode pictures without lettering, so the site names each title once', () => {
    expect(landscapeSvg(art, { width: 1280, height: 720 })).not.toContain('<text');
    expect(landscapeSvg(art, { width: 1600, height: 900 })).not.toContain('<text');
    expect(episodeSvg({ width: 480, height: 270, series: art, number: 3 })).not.toContain('<text');
  });

  it('letters a poster only in its lower part, leaving the top corner to the access badge', () => {
    const rows = textRows(posterSvg(art, { width: 440, height: 640 }), 640);
    expect(rows.length).toBeGreaterThan(0);
    expect(Math.min(...rows)).toBeGreaterThan(0.5);
  });

  it('draws a cast portrait as a figure, not initials, and differently per person', () => {
    const first = portraitSvg({ seed: 'mei-tanaka', size: 256 });
    expect(first).not.toContain('<text');
    expect(first).toBe(portraitSvg({ seed: 'mei-tanaka', size: 256 }));
    expect(first).not.toBe(portraitSvg({ seed: 'lena-fischer', size: 256 }));
  });
});
