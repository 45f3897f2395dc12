import { useState } from 'react';
import { CategoryLayoutEditor } from '@/features/admin/components/category-layout-editor';
import { CategoryList } from '@/features/admin/components/category-list';
import { useCategories } from '@/features/admin/api/layout';
import { useOperator } from '@/features/admin/hooks/use-operator';

/** The home page's categories, banners and rows; viewers see a change on their next load. */
export function Component() {
  const { can } = useOperator();
  const categories = useCategories();
  const [chosen, setChosen] = useState<string | null>(null);
  const selected = chosen ?? categories.data?.items[0]?._id ?? null;
  const readOnly = !can('editCatalog');

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold text-white">Home layout</h1>
        <p className="mt-1 text-sm text-zinc-400">Drag the handles (or focus one and use Space and the arrow keys) to change the order. Viewers see changes on their next visit.</p>
      </div>
      <div className="grid gap-8 lg:grid-cols-[18rem_1fr]">
        <CategoryList selected={selected} onSelect={setChosen} readOnly={readOnly} />
        {selected && <CategoryLayoutEditor key={selected} categoryId={selected} readOnly={readOnly} />}
      </div>
    </div>
  );
}
