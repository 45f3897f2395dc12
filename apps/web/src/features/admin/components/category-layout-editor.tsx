import { zodResolver } from '@hookform/resolvers/zod';
import { rowInput, type CategoryLayout } from '@marquee/contract/admin';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormMessage, SelectField, TextField } from './fields';
import { reorderErrorMessage } from '../utils/reorder-error';
import { SortableList } from './sortable-list';
import { Button } from '@/components/ui/button';
import { adminQueryKey } from '../api/admin-api-client';
import { showServerErrors } from '../utils/form-errors';
import { useCategoryLayout, useCreateRow, useReorderRows } from '../api/layout';
import { BannersEditor } from './banners-editor';
import { cardTypes, RowEditor } from './row-editor';

/** A category as the home page shows it: its banners, then its rows, each editable and reordered by dragging. */
export function CategoryLayoutEditor({ categoryId, readOnly }: { categoryId: string; readOnly: boolean }) {
  const layout = useCategoryLayout(categoryId);
  if (layout.isPending) return <p className="text-sm text-zinc-400">Loading the layout…</p>;
  if (layout.isError) return <FormMessage tone="error">{layout.error.message}</FormMessage>;
  const { category } = layout.data;

  return (
    <div className="flex flex-col gap-8">
      <h2 className="text-xl font-semibold text-white">{category.name}</h2>
      <BannersEditor layout={layout.data} readOnly={readOnly} />
      <RowsEditor layout={layout.data} readOnly={readOnly} />
    </div>
  );
}

function RowsEditor({ layout, readOnly }: { layout: CategoryLayout; readOnly: boolean }) {
  const queryClient = useQueryClient();
  const reorder = useReorderRows();
  const categoryId = layout.category._id;
  return (
    <section aria-labelledby="rows-heading" className="flex flex-col gap-4">
      <h3 id="rows-heading" className="text-lg font-semibold text-white">
        Rows
      </h3>
      {reorder.isError && <FormMessage tone="error">{reorderErrorMessage(reorder.error)}</FormMessage>}
      {layout.rows.length > 0 && (
        <SortableList
          items={layout.rows}
          label={`Order of the rows of ${layout.category.name}`}
          itemLabel={(row) => row.name}
          disabled={readOnly || reorder.isPending}
          onReorder={(ids) =>
            reorder.mutate(
              { categoryId, body: { ids, version: layout.rowsVersion } },
              { onError: () => void queryClient.invalidateQueries({ queryKey: adminQueryKey('categoryLayout', { id: categoryId }) }) },
            )
          }
          renderItem={(row) => (
            <span className="text-sm">
              {row.name} <span className="text-xs text-zinc-400">({row.titles.length} titles{row.isEnable ? '' : ', hidden'})</span>
            </span>
          )}
        />
      )}
      {layout.rows.map((row) => (
        <RowEditor key={row._id} row={row} categoryId={categoryId} readOnly={readOnly} />
      ))}
      {!readOnly && <NewRowForm categoryId={categoryId} />}
    </section>
  );
}

function NewRowForm({ categoryId }: { categoryId: string }) {
  const create = useCreateRow();
  const { register, handleSubmit, formState, setError, reset } = useForm<z.input<typeof rowInput>, unknown, z.output<typeof rowInput>>({
    resolver: zodResolver(rowInput),
    defaultValues: { name: '', imageType: 'Horizontal', isEnable: true },
  });
  const submit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync({ categoryId, body: values });
      reset();
    } catch (error) {
      setError('root', { message: showServerErrors(error, { setError, fields: ['name', 'imageType'] }) });
    }
  });
  return (
    <form aria-label="New row" noValidate onSubmit={(event) => void submit(event)} className="grid items-end gap-3 rounded-lg bg-zinc-900/60 p-4 md:grid-cols-[1fr_auto_auto]">
      <TextField label="New row name" {...register('name')} error={formState.errors.name?.message} />
      <SelectField label="Card type" {...register('imageType')}>
        {cardTypes.map((type) => (
          <option key={type.value} value={type.value}>
            {type.label}
          </option>
        ))}
      </SelectField>
      <Button type="submit" size="sm" variant="secondary" disabled={formState.isSubmitting}>
        Add row
      </Button>
      {formState.errors.root?.message && !formState.errors.name && (
        <div className="md:col-span-3">
          <FormMessage tone="error">{formState.errors.root.message}</FormMessage>
        </div>
      )}
    </form>
  );
}
