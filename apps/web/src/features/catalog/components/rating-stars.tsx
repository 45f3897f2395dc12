import { Star } from 'lucide-react';

/** behaviour.md §9: ratings are out of 5 stars. */
export const RATING_MAX = 5;

/** Five stars filled to the rating, read out as 'Rated 4.2 out of 5'. */
export function RatingStars({ rating }: { rating: number }) {
  const value = Math.min(Math.max(rating, 0), RATING_MAX);
  const label = `Rated ${formatRating(value)} out of ${RATING_MAX}`;
  return (
    <span role="img" aria-label={label} className="inline-flex items-center gap-2">
      <span className="relative inline-flex" aria-hidden="true">
        <span className="flex text-zinc-600">
          {Array.from({ length: RATING_MAX }, (_, index) => (
            <Star key={index} className="size-4" />
          ))}
        </span>
        <span className="absolute inset-0 flex overflow-hidden text-amber-400" style={{ width: `${(value / RATING_MAX) * 100}%` }}>
          {Array.from({ length: RATING_MAX }, (_, index) => (
            <Star key={index} className="size-4 shrink-0 fill-current" />
          ))}
        </span>
      </span>
      <span aria-hidden="true" className="text-sm font-medium text-zinc-300">
        {formatRating(value)}
      </span>
    </span>
  );
}

function formatRating(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}
