/**
 * The row carousel's figures (behaviour.md §5 and §9) in one pure module, so the rules are testable
 * without a browser and the component only reads them.
 */

export type RowShape = 'vertical' | 'horizontal' | 'long-horizontal';

/** Widths at or below this are 'mobile': no arrows, 2 skeleton cards. */
export const MOBILE_MAX_WIDTH = 768;

/** behaviour.md §9, shared by every row: 8 px between cards, arrows move one card in 600 ms. */
export const ROW_SCROLL = { spaceBetween: 8, slidesPerGroup: 1, speed: 600 } as const;

/** behaviour.md §5: 'View All' appears only when a row has more than this many items. */
export const VIEW_ALL_AFTER = 5;

/** behaviour.md §5: arrows appear only when the item count exceeds this, per shape. */
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

/** behaviour.md §9: skeleton loaders show 5 cards above 768 px, otherwise 2. */
export function skeletonCount(viewportWidth: number): number {
  return viewportWidth > MOBILE_MAX_WIDTH ? 5 : 2;
}
