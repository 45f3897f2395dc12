import { useViewportWidth } from '@/lib/use-viewport-width';
import { cardAspectRatio, rowShape, skeletonCount } from './row-layout';

interface RowSkeletonProps {
  imageType?: string;
  /** Rows to draw. */
  rows?: number;
}

/** Placeholder rows while a category loads: 5 cards above 768 px, otherwise 2 (SPEC §9). */
export function RowSkeleton({ imageType = 'Horizontal', rows = 1 }: RowSkeletonProps) {
  const count = skeletonCount(useViewportWidth());
  const aspectRatio = cardAspectRatio(rowShape(imageType));
  return (
    <div role="status" aria-label="Loading" className="space-y-8">
      {Array.from({ length: rows }, (_, row) => (
        <div key={row} className="space-y-3">
          <div className="h-5 w-40 animate-pulse rounded bg-zinc-800" />
          <div className="flex gap-2">
            {Array.from({ length: count }, (_, card) => (
              <div
                key={card}
                data-testid="skeleton-card"
                className="min-w-0 flex-1 animate-pulse rounded-md bg-zinc-800"
                style={{ aspectRatio }}
              />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
