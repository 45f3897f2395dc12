/**
 * The row carousel's figures (SPEC §5 and §9) in one pure module, so the rules are testable
 * without a browser and the component only reads them.
 */

export type RowShape = 'vertical' | 'horizontal' | 'long-horizontal';

/** Widths at or below this are 'mobile': no arrows, 2 skeleton cards. */
export const MOBILE_MAX_WIDTH = 768;

/** Swiper parameters shared by every row. */
export const ROW_SWIPER = { spaceBetween: 8, slidesPerGroup: 1, speed: 600 } as const;

/** SPEC §5: 'View All' appears only when a row has more than this many items. */
export const VIEW_ALL_AFTER = 5;

/** SPEC §5: arrows appear only when the item count exceeds this, per shape. */
export const ARROW_THRESHOLD: Record<RowShape, number> = {
  vertical: 5,
  horizontal: 4,
  'long-horizontal': 1,
};

/** Slides visible: `base` up to 768 px, then each `[width, slides]` applies above that width. */
const SLIDES_PER_VIEW: Record<RowShape, { base: number; above: ReadonlyArray<readonly [number, number]> }> = {
  vertical: {
    base: 2.2,
    above: [[768, 5.9], [1120, 6.2], [1280, 7], [1440, 8], [1600, 9.2]],
  },
  horizontal: {
    base: 1.4,
    above: [[768, 4], [1120, 3.8], [1280, 4.5], [1440, 5], [1600, 6]],
  },
  'long-horizontal': { base: 1, above: [] },
};

/** 'Vertical' and 'Long Horizontal' are named shapes; any other image type means 16:9 horizontal. */
export function rowShape(imageType: string): RowShape {
  if (imageType === 'Vertical') return 'vertical';
  if (imageType === 'Long Horizontal') return 'long-horizontal';
  return 'horizontal';
}

export function slidesPerView(shape: RowShape, viewportWidth: number): number {
  const { base, above } = SLIDES_PER_VIEW[shape];
  let slides = base;
  for (const [width, count] of above) if (viewportWidth > width) slides = count;
  return slides;
}

/**
 * The same table as Swiper `breakpoints`. Swiper applies a breakpoint at `min-width: N px`,
 * so 'above 768' becomes 769.
 */
export function swiperBreakpoints(shape: RowShape): Record<number, { slidesPerView: number }> {
  return Object.fromEntries(SLIDES_PER_VIEW[shape].above.map(([width, count]) => [width + 1, { slidesPerView: count }]));
}

export function baseSlidesPerView(shape: RowShape): number {
  return SLIDES_PER_VIEW[shape].base;
}

export function showArrows(input: { shape: RowShape; itemCount: number; viewportWidth: number }): boolean {
  return input.viewportWidth > MOBILE_MAX_WIDTH && input.itemCount > ARROW_THRESHOLD[input.shape];
}

export function showViewAll(itemCount: number): boolean {
  return itemCount > VIEW_ALL_AFTER;
}

/** CSS aspect-ratio of a card image. */
export function cardAspectRatio(shape: RowShape): string {
  return shape === 'vertical' ? '11 / 16' : '16 / 9';
}

/** SPEC §9: skeleton loaders show 5 cards above 768 px, otherwise 2. */
export function skeletonCount(viewportWidth: number): number {
  return viewportWidth > MOBILE_MAX_WIDTH ? 5 : 2;
}
