import { useId } from 'react';
import { cn } from '@/lib/cn';
import { useCategoryData } from '../api/get-category-data';
import { entryCards } from './content-row';
import { RowCard } from './row-card';
import { cardAspectRatio } from './row-layout';
import { useCategories } from '../hooks/use-categories';

interface WatchNextProps {
  /** How many posters at most. */
  limit: number;
  /** Left out of the picks (e.g. the title the viewer is already being sent to). */
  exceptSlug?: string;
  className?: string;
}

/** 'What to watch next' after a purchase: the first posters of the home page's first row. */
export function WatchNext({ limit, exceptSlug, className }: WatchNextProps) {
  const headingId = useId();
  const { activeCategory } = useCategories();
  const category = useCategoryData(activeCategory);
  const row = category.data?.subcategories.find((candidate) => candidate.content.some((entry) => entry.item.isEnable));
  if (!row) return null;
  const cards = entryCards(row.content, 'vertical')
    .filter((card) => !exceptSlug || !card.href?.endsWith(`/${exceptSlug}`))
    .slice(0, limit);
  if (cards.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className={cn('space-y-3', className)}>
      <h2 id={headingId} className="text-lg font-semibold text-white">
        What to watch next
      </h2>
      <ul className={cn('grid grid-cols-3 gap-3', limit > 3 && 'sm:grid-cols-6')}>
        {cards.map((card) => (
          <li key={card.key}>
            <RowCard card={card} aspectRatio={cardAspectRatio('vertical')} />
          </li>
        ))}
      </ul>
    </section>
  );
}
