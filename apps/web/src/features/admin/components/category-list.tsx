import { zodResolver } from '@hookform/resolvers/zod';
import { categoryInput, type AdminCategory } from '@marquee/contract/admin';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormMessage, TextField } from './fields';
import { reorderErrorMessage } from '../utils/reorder-error';
import { SortableList } from './sortable-list';
import { Button } from '@/components/ui/button';
import { adminQueryKey } from '../api/admin-api-client';
import { showServerErrors } from '../utils/form-errors';
import { cn } from '@/lib/cn';
import { useCategories, useCreateCategory, useReorderCategories, useUpdateCategory } from '../api/layout';
import { useChoice } from '../hooks/use-choice';

interface CategoryListProps {
  selected: string | null;
  onSelect: (id: string) => void;
  readOnly: boolean;
}

/** The home page's categories, in order: pick one to edit its rows and banners, drag to reorder, add one. */
export function CategoryList({ selected, onSelect, readOnly }: CategoryListProps) {
  const queryClient = useQueryClient();
  const categories = useCategories();
  const reorder = useReorderCategories();
  const update = useUpdateCategory();
  const shown = useChoice<boolean>();

  if (categories.isPending) return <p className="text-sm text-zinc-400">Loading categories…</p>;
  if (categories.isError) return <FormMessage tone="error">{categories.error.message}</FormMessage>;
  const { items, version } = categories.data;

  return (
    <section aria-labelledby="categories-heading" className="flex flex-col gap-3">
      <h2 id="categories-heading" className="text-lg font-semibold text-white">
        Categories
      </h2>
      {reorder.isError && <FormMessage tone="error">{reorderErrorMessage(reorder.error)}</FormMessage>}
      {update.isError && <FormMessage tone="error">{update.error.message}</FormMessage>}
      <SortableList
        items={items}
        label="Categories"
        itemLabel={(category) => category.name}
        disabled={readOnly || reorder.isPending}
        onReorder={(ids) => reorder.mutate({ ids, version }, { onError: () => void queryClient.invalidateQueries({ queryKey: adminQueryKey('categories') }) })}
        renderItem={(category: AdminCategory) => (
          <div className="flex items-center justify-between gap-2">
            <button
              type="button"
              aria-pressed={selected === category._id}
              onClick={() => onSelect(category._id)}
              className={cn('rounded px-2 py-1 text-left text-sm hover:bg-white/10', selected === category._id ? 'font-semibold text-amber-400' : 'text-zinc-200')}
            >
              {category.name}
              {!category.isEnable && <span className="ml-1 text-xs text-zinc-400">(hidden)</span>}
            </button>
            {!readOnly && (
              <label className="flex items-center gap-1 text-xs text-zinc-400">
                <input
                  type="checkbox"
                  className="accent-amber-400"
                  // Shows the new state while it is being saved.
                  checked={shown.shown(category._id, category.isEnable)}
                  onChange={(event) => {
                    shown.choose(category._id, event.target.checked);
                    update.mutate({ id: category._id, body: { name: category.name, isEnable: event.target.checked, updatedAt: category.updatedAt } }, { onSettled: shown.settled });
                  }}
                />
                Shown<span className="sr-only"> {category.name}</span>
              </label>
            )}
          </div>
        )}
      />
      {!readOnly && <NewCategoryForm onCreated={onSelect} />}
    </section>
  );
}

function NewCategoryForm({ onCreated }: { onCreated: (id: string) => void }) {
  const create = useCreateCategory();
  const { register, handleSubmit, formState, setError, reset } = useForm<z.input<typeof categoryInput>, unknown, z.output<typeof categoryInput>>({
    resolver: zodResolver(categoryInput),
    defaultValues: { name: '', isEnable: true },
  });
  const submit = handleSubmit(async (values) => {
    try {
      const category = await create.mutateAsync(values);
      reset();
      onCreated(category._id);
    } catch (error) {
      const message = showServerErrors(error, { setError, fields: ['name'] });
      if (!formState.errors.name) setError('root', { message });
    }
  });
  return (
    <form aria-label="New category" noValidate onSubmit={(event) => void submit(event)} className="flex items-end gap-2">
      <TextField label="New category" wrapperClassName="flex-1" {...register('name')} error={formState.errors.name?.message ?? formState.errors.root?.message} />
      <Button type="submit" size="sm" variant="secondary" disabled={formState.isSubmitting}>
        Add
      </Button>
    </form>
  );
}
