import { useViewportWidth } from '@/hooks/use-viewport-width';
import { cardAspectRatio, ROW_SCROLL, rowShape, skeletonCount, slidesPerView } from './row-layout';

interface RowSkeletonProps {
  imageType?: string;
  /** Rows to draw. */
  rows?: number;
}

/**
 * Placeholder rows while a category loads: 5 cards above 768 px, otherwise 2 (behaviour.md §9).
 * Each takes the room the row will: a heading line, cards as wide as the row's slides (so as tall),
 * and the name line under each card, so nothing below moves when the row arrives.
 */
export function RowSkeleton({ imageType = 'Horizontal', rows = 1 }: RowSkeletonProps) {
  const viewportWidth = useViewportWidth();
  const count = skeletonCount(viewportWidth);
  const shape = rowShape(imageType);
  const aspectRatio = cardAspectRatio(shape);
  const slides = slidesPerView(shape, viewportWidth);
  const width = `calc((100% - ${(slides - 1) * ROW_SCROLL.spaceBetween}px) / ${slides})`;
  return (
    <div role="status" aria-label="Loading" className="space-y-10">
      {Array.from({ length: rows }, (_, row) => (
        <div key={row} className="space-y-3">
          {/* The heading's line height (text-lg and sm:text-xl are both 1.75rem). */}
          <div className="flex h-7 items-center">
            <div className="h-5 w-40 animate-pulse rounded bg-zinc-800" />
          </div>
          <div className="flex overflow-hidden" style={{ gap: ROW_SCROLL.spaceBetween }}>
            {Array.from({ length: count }, (_, card) => (
              <div key={card} className="shrink-0" style={{ width }}>
                <div
                  data-testid="skeleton-card"
                  className={shape === 'long-horizontal' ? 'max-h-[min(50vh,26rem)] w-full animate-pulse rounded-md bg-zinc-800' : 'animate-pulse rounded-md bg-zinc-800'}
                  style={{ aspectRatio }}
                />
                {/* The card's name: mt-2 and one text-sm line. */}
                <div className="mt-2 flex h-5 items-center">
                  <div className="h-3 w-2/3 animate-pulse rounded bg-zinc-800/70" />
                </div>
              </div>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
