import { cn } from '@/lib/cn';
import { entryCards, type RowOrigin, type RowState } from './content-row';
import { RowCard } from './row-card';
import { cardAspectRatio, rowShape } from './row-layout';

/** Every enabled item of a row in a responsive grid. */
export function ViewAllGrid({ row, origin }: { row: RowState; origin?: RowOrigin }) {
  const shape = rowShape(row.imageType);
  const cards = entryCards(row.content, shape, origin);

  return (
    <section aria-labelledby="view-all-heading" className="space-y-6">
      <h1 id="view-all-heading" className="text-2xl font-bold tracking-tight text-white sm:text-3xl">
        {row.name}
      </h1>
      {cards.length === 0 ? (
        <p className="text-zinc-400">No Data Found</p>
      ) : (
        <ul
          className={cn(
            'grid gap-x-3 gap-y-6',
            shape === 'vertical'
              ? 'grid-cols-2 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6 2xl:grid-cols-8'
              : 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5',
          )}
        >
          {cards.map((card) => (
            <li key={card.key}>
              <RowCard card={card} aspectRatio={cardAspectRatio(shape)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
