import type { RowItem } from '@marquee/contract';
import { ContentRow, type RowOrigin } from './content-row';
import { RowSkeleton } from './row-skeleton';

/** The 'You might also like' row under a title. */
export function SimilarTitles({ items, isPending, origin }: { items: RowItem[] | undefined; isPending: boolean; origin?: RowOrigin }) {
  if (isPending) return <RowSkeleton />;
  if (!items || items.length === 0) return null;
  return (
    <ContentRow
      row={{
        name: 'You might also like',
        imageType: 'Horizontal',
        content: items.map((item) => ({ kind: item.kind, item })),
      }}
      origin={origin}
    />
  );
}
