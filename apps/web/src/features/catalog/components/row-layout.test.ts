import { describe, expect, it } from 'vitest';
import {
  cardAspectRatio,
  ROW_SCROLL,
  rowShape,
  showArrows,
  showViewAll,
  skeletonCount,
  slidesPerView,
} from './row-layout';

describe('rowShape', () => {
  it('names Vertical and Long Horizontal; anything else is 16:9 horizontal', () => {
    expect(rowShape('Vertical')).toBe('vertical');
    expect(rowShape('Long Horizontal')).toBe('long-horizontal');
    expect(rowShape('Horizontal')).toBe('horizontal');
    expect(rowShape('Square-ish')).toBe('horizontal');
  });
});

describe('slidesPerView', () => {
  it.each([
    [375, 2.2],
    [768, 2.2],
    [769, 5.9],
    [1120, 5.9],
    [1121, 6.2],
    [1280, 6.2],
    [1281, 7],
    [1441, 8],
    [1600, 8],
    [1601, 9.2],
    [1920, 9.2],
  ])('vertical at %i px shows %f', (width, expected) => {
    expect(slidesPerView('vertical', width)).toBe(expected);
  });

  it.each([
    [375, 1.4],
    [768, 1.4],
    [769, 4],
    [1121, 3.8],
    [1281, 4.5],
    [1441, 5],
    [1601, 6],
  ])('horizontal at %i px shows %f', (width, expected) => {
    expect(slidesPerView('horizontal', width)).toBe(expected);
  });

  it('long horizontal always shows one slide', () => {
    for (const width of [375, 800, 1300, 1920]) expect(slidesPerView('long-horizontal', width)).toBe(1);
  });
});

describe('row scrolling', () => {
  it('uses the figures of behaviour.md §9 for spacing, grouping and speed', () => {
    expect(ROW_SCROLL).toEqual({ spaceBetween: 8, slidesPerGroup: 1, speed: 600 });
  });
});

describe('showArrows', () => {
  it.each([
    ['vertical', 5, false],
    ['vertical', 6, true],
    ['horizontal', 4, false],
    ['horizontal', 5, true],
    ['long-horizontal', 1, false],
    ['long-horizontal', 2, true],
  ] as const)('%s row with %i items on a wide screen: %s', (shape, itemCount, expected) => {
    expect(showArrows({ shape, itemCount, viewportWidth: 1280 })).toBe(expected);
  });

  it('never shows arrows at 768 px or narrower', () => {
    expect(showArrows({ shape: 'vertical', itemCount: 50, viewportWidth: 768 })).toBe(false);
    expect(showArrows({ shape: 'vertical', itemCount: 50, viewportWidth: 769 })).toBe(true);
  });
});

describe('other figures', () => {
  it('offers View All only past 5 items', () => {
    expect(showViewAll(5)).toBe(false);
    expect(showViewAll(6)).toBe(true);
  });

  it('draws 5 skeleton cards above 768 px, otherwise 2', () => {
    expect(skeletonCount(769)).toBe(5);
    expect(skeletonCount(768)).toBe(2);
    expect(skeletonCount(375)).toBe(2);
  });

  it('uses 11/16 for vertical images and 16/9 for the rest', () => {
    expect(cardAspectRatio('vertical')).toBe('11 / 16');
    expect(cardAspectRatio('horizontal')).toBe('16 / 9');
    expect(cardAspectRatio('long-horizontal')).toBe('16 / 9');
  });
});
