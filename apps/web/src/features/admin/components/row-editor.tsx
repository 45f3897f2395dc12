import { zodResolver } from '@hookform/resolvers/zod';
import { rowInput, type AdminRow } from '@marquee/contract/admin';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CheckboxField, FormMessage, SelectField, TextField } from './fields';
import { reorderErrorMessage } from '../utils/reorder-error';
import { SortableList } from './sortable-list';
import { Button } from '@/components/ui/button';
import { adminQueryKey } from '../api/admin-api-client';
import { showServerErrors } from '../utils/form-errors';
import { useDeleteRow, useSetRowTitles, useUpdateRow } from '../api/layout';
import { TitlePicker } from './title-picker';

type Values = z.input<typeof rowInput>;
type Output = z.output<typeof rowInput>;

export const cardTypes = [
  { value: 'Horizontal', label: 'Wide cards' },
  { value: 'Vertical', label: 'Posters' },
  { value: 'Long Horizontal', label: 'Long wide cards' },
] as const;

/** One row of a category: its name, card type and visibility, and its titles in order. */
export function RowEditor({ row, categoryId, readOnly }: { row: AdminRow; categoryId: string; readOnly: boolean }) {
  const queryClient = useQueryClient();
  const setTitles = useSetRowTitles();
  const remove = useDeleteRow();
  const ids = row.titles.map((title) => title._id);
  const [confirming, setConfirming] = useState(false);

  const saveTitles = (next: string[]) =>
    setTitles.mutate(
      { id: row._id, body: { ids: next, version: row.titlesVersion } },
      { onError: () => void queryClient.invalidateQueries({ queryKey: adminQueryKey('categoryLayout', { id: categoryId }) }) },
    );

  return (
    <section aria-label={`Row ${row.name}`} className="flex flex-col gap-4 rounded-lg bg-zinc-900/60 p-4">
      <RowSettingsForm row={row} readOnly={readOnly} />
      <div className="flex flex-col gap-2">
        <h4 className="text-sm font-semibold text-zinc-200">Titles in {row.name}</h4>
        {setTitles.isError && <FormMessage tone="error">{reorderErrorMessage(setTitles.error)}</FormMessage>}
        {row.titles.length === 0 ? (
          <p className="text-sm text-zinc-400">No titles yet.</p>
        ) : (
          <SortableList
            items={row.titles}
            label={`Titles in ${row.name}`}
            itemLabel={(title) => title.name}
            disabled={readOnly || setTitles.isPending}
            onReorder={saveTitles}
            renderItem={(title) => (
              <div className="flex items-center justify-between gap-2 text-sm">
                <span>
                  {title.name}
                  {!title.isEnable && <span className="ml-1 text-xs text-zinc-400">(draft, not shown)</span>}
                </span>
                {!readOnly && (
                  <Button variant="ghost" size="sm" aria-label={`Remove ${title.name} from ${row.name}`} onClick={() => saveTitles(ids.filter((id) => id !== title._id))}>
                    Remove
                  </Button>
                )}
              </div>
            )}
          />
        )}
        {!readOnly && <TitlePicker label={`Add a title to ${row.name}`} exclude={ids} disabled={setTitles.isPending} onPick={(titleId) => saveTitles([...ids, titleId])} />}
      </div>
      {!readOnly &&
        (confirming ? (
          <div className="flex items-center gap-2 text-sm">
            <span>Remove the row {row.name}? Its titles stay in the catalogue.</span>
            <Button size="sm" onClick={() => remove.mutate(row._id)}>
              Remove row
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </div>
        ) : (
          <div>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
              Remove row {row.name}
            </Button>
          </div>
        ))}
      {remove.isError && <FormMessage tone="error">{remove.error.message}</FormMessage>}
    </section>
  );
}

function RowSettingsForm({ row, readOnly }: { row: AdminRow; readOnly: boolean }) {
  const update = useUpdateRow();
  const { register, handleSubmit, formState, setError } = useForm<Values, unknown, Output>({
    resolver: zodResolver(rowInput),
    values: { name: row.name, imageType: row.imageType, isEnable: row.isEnable },
  });
  const [message, setMessage] = useState<string | null>(null);
  const submit = handleSubmit(async (values) => {
    setMessage(null);
    try {
      await update.mutateAsync({ id: row._id, body: { ...values, updatedAt: row.updatedAt } });
    } catch (error) {
      setMessage(showServerErrors(error, { setError, fields: ['name', 'imageType', 'isEnable'] }));
    }
  });
  return (
    <form aria-label={`Settings of row ${row.name}`} noValidate onSubmit={(event) => void submit(event)} className="grid items-end gap-3 md:grid-cols-[1fr_auto_auto_auto]">
      <fieldset disabled={readOnly} className="contents">
        <TextField label="Row name" {...register('name')} error={formState.errors.name?.message} />
        <SelectField label="Card type" {...register('imageType')} error={formState.errors.imageType?.message}>
          {cardTypes.map((type) => (
            <option key={type.value} value={type.value}>
              {type.label}
            </option>
          ))}
        </SelectField>
        <CheckboxField label="Shown" {...register('isEnable')} />
        {!readOnly && (
          <Button type="submit" size="sm" variant="secondary" disabled={formState.isSubmitting || !formState.isDirty}>
            Save row
          </Button>
        )}
      </fieldset>
      {message && (
        <div className="md:col-span-4">
          <FormMessage tone="error">{message}</FormMessage>
        </div>
      )}
    </form>
  );
}
